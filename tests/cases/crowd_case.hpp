#pragma once
// Many cars on the L-rail in facing pairs: the crowd the invariants must pass at rest as in a crash.
#include <nlohmann/json.hpp>

#include <cmath>
#include <string>

namespace crashbench::testing {

/// `vehicles` sedans (an even number) in facing pairs, five pairs to a row, rows 2.6 m apart from Y = 1.5 m
/// along the L-rail's side wall. Each pair starts 20 m apart; headings (within 10 deg of the row), speeds
/// (5 to 20 m/s) and offsets (within 0.3 m) vary along a fixed sequence, so the pairs hit off-centre, spin
/// into their neighbours and the wall, and end scraping and resting there. No two cars, and no car and
/// the wall, overlap at the start (a separating-axis check of all 1,000 start rectangles, by hand): a
/// crowd that starts with cars inside each other fails no_tunnelling, rightly.
inline nlohmann::json l_rail_crowd(int vehicles, const std::string& application, double duration) {
  nlohmann::json cars = nlohmann::json::array();
  for (int pair = 0; pair < vehicles / 2; ++pair) {
    const double y = 1.5 + 2.6 * (pair / 5), x = -25.0 + 26.0 * (pair % 5), p = pair;
    cars.push_back({{"params", "sedan"}, {"position", {x, y}}, {"heading_deg", 10.0 * std::sin(1.7 * p)},
                    {"speed", 12.5 + 7.5 * std::sin(2.3 * p)}});
    cars.push_back({{"params", "sedan"}, {"position", {x + 20.0, y + 0.3 * std::sin(3.1 * p)}},
                    {"heading_deg", 180.0 + 10.0 * std::sin(1.3 * p + 1.0)}, {"speed", 12.5 + 7.5 * std::cos(1.9 * p)}});
  }
  return {{"name", "l-rail-crowd-" + std::to_string(vehicles)},
          {"scene", "l-rail"},
          {"detector", "analytic"},
          {"response", {{"model", "restitution"}}},
          {"application", application},
          {"dynamics", "bicycle"},
          {"integrator", "rk4"},
          {"dt", 0.005},
          {"duration", duration},
          {"vehicles", cars}};
}

}  // namespace crashbench::testing
