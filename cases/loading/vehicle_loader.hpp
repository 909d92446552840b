#pragma once
// The vehicles of a case document (docs/case-files.md, "vehicles"): parameters from a preset or field by
// field, the initial state, and replayed or path-following vehicles. Each problem is an Error naming the
// file and the JSON pointer.
#include <cstddef>

#include "cases/case.hpp"
#include "core/json_reader.hpp"

namespace crashbench {

/// A vehicle's "params": a preset's name, or its fields (with "preset", each overrides the preset's).
VehicleParams parse_params(const JsonReader& field);

/// The vehicle at `field`, the `index`-th of the case (its default name).
VehicleSetup parse_vehicle(const JsonReader& field, std::size_t index);

}  // namespace crashbench
