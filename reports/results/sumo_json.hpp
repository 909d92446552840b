#pragma once
// A run's comparison with SUMO's collisions (cases/traffic/sumo_comparison.hpp) as results.json's "sumo"
// object (docs/results-format.md).
#include <nlohmann/json.hpp>

#include "cases/traffic/sumo_comparison.hpp"

namespace crashbench {

nlohmann::json sumo_json(const SumoComparison& s);

}  // namespace crashbench
