#pragma once
// Small cases for the runner's phase tests, each phase built alone: sedans heading -Y at `speed` towards
// the straight wall (y = 0), 20 m apart in X, on free-body dynamics (no tyres, so hand calculations hold)
// with a restitution of kPhaseRestitution and no friction. The sedan's front bumper is 2.25 m ahead of its CG.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cases/loading/case_loader.hpp"

namespace crashbench::testing {

inline constexpr double kPhaseRestitution = 0.4;
inline constexpr double kSedanFront = 2.25;  // [m], cases/loading/vehicle_presets.cpp
inline constexpr double kSedanMass = 1500;   // [kg]

/// One sedan per entry of `cg_y` [m] (its CG's Y; the wall is at Y = 0).
inline Case wall_case(const std::vector<double>& cg_y, double speed, const std::string& application = "reset",
                      const std::string& dynamics = "free-body") {
  nlohmann::json doc = {
      {"name", "phase"},
      {"scene", "straight-wall"},
      {"detector", "analytic"},
      {"response",
       {{"model", "restitution"},
        {"restitution", {{"cos2", 0.0}, {"offset", kPhaseRestitution}}},
        {"friction", {{"cos2", 0.0}, {"offset", 0.0}}}}},
      {"application", application},
      {"dynamics", dynamics},
      {"integrator", "rk4"},
      {"dt", 0.005},
      {"duration", 1.0},
      {"vehicles", nlohmann::json::array()}};
  for (std::size_t v = 0; v < cg_y.size(); ++v)
    doc["vehicles"].push_back({{"name", "car" + std::to_string(v)}, {"params", "sedan"},
                               {"position", {20.0 * static_cast<double>(v), cg_y[v]}}, {"heading_deg", -90},
                               {"speed", speed}});
  return parse_case(doc, "phase.json");
}

}  // namespace crashbench::testing
