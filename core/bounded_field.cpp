#include "core/bounded_field.hpp"

#include <cmath>

namespace crashbench {

double bounded(const JsonReader& field, double hi, const char* unit, bool may_be_zero) {
  const double x = may_be_zero ? field.non_negative_number() : field.positive_number();
  if (x > hi) field.fail("expected at most " + nlohmann::json(hi).dump() + " " + unit + ", found " + field.json().dump());
  return x;
}

double bounded_magnitude(const JsonReader& field, double hi, const char* unit) {
  const double x = field.number();
  if (std::abs(x) > hi)
    field.fail("expected a magnitude of at most " + nlohmann::json(hi).dump() + " " + unit + ", found " + field.json().dump());
  return x;
}

}  // namespace crashbench
