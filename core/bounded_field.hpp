#pragma once
// Physical numbers read from a JSON field within a bound (core/physical_bounds.hpp): the error names the
// file, the JSON pointer, the bound and its unit. Shared by the case loader and the models that read
// their own vehicle parameters.
#include "core/json_reader.hpp"

namespace crashbench {

/// A number in (0, hi] (in [0, hi] with `may_be_zero`); the error gives the bound and its unit.
double bounded(const JsonReader& field, double hi, const char* unit, bool may_be_zero = false);

/// A number with |x| <= hi.
double bounded_magnitude(const JsonReader& field, double hi, const char* unit);

}  // namespace crashbench
