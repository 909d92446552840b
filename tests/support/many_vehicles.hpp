#pragma once
// A case of many vehicles for the output-at-scale tests: the benches' L-rail layout (bench/scale_layout.hpp,
// facing pairs that collide at once and push into their neighbours and the walls), short enough for a test.
#include "bench/scale_layout.hpp"
#include "cases/runner/simulation.hpp"

namespace crashbench::testing {

/// `cars` sedans in facing pairs on the L-rail for 0.1 s, sampled every 2 steps.
inline nlohmann::json many_vehicles_case_json(int cars) { return bench::scale_case_json("l-rail", cars, 0.1, 2); }

/// That case run once (cached per process for the common size).
inline const RunResult& many_vehicles_run() {
  static const RunResult r = run_case(parse_case(many_vehicles_case_json(120), "many-vehicles.json"));
  return r;
}

}  // namespace crashbench::testing
