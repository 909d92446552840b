#pragma once
// A run's comparison with SUMO (cases/traffic/sumo_comparison.hpp) in two lines for the run's summary
// table: what matched and what did not, and a warning naming the vehicle types sized by default.
#include <string>

#include "cases/traffic/sumo_comparison.hpp"

namespace crashbench {

std::string sumo_summary(const SumoComparison& s);

}  // namespace crashbench
