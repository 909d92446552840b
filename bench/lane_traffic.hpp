#pragma once
// Traffic on a real road for scale_bench: a sedan every 25 m along bench_scene_file's drive (a TORCS
// track's centre line and the lanes 1.5 m either side of it, or every driving lane of an OpenDRIVE file),
// none nearer than 6 m to another, each heading along its lane at 15-30 m/s and unsteered, so that the
// bends run them into the barriers or the edge walls and faster cars into slower ones; as the traffic
// layout: `tree`, restitution, bicycle dynamics, RK4, 5 ms. The scene is read as bench_scene_file reads it
// (its SceneSpec).
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <exception>
#include <optional>
#include <string>

#include "bench/bench_scene_file.hpp"
#include "bench/scale_layout.hpp"

namespace crashbench::bench {

inline constexpr int kLaneTrafficSteps = 800;  ///< 4 s, as the traffic layout
inline constexpr double kLaneCarGap = 25.0;    ///< along the drive from one car to the next [m]
inline constexpr double kLaneClearance = 6.0;  ///< least distance between two cars' CGs [m]

/// The lane traffic on `f` (read from `path`) for `steps` steps.
inline Case lane_traffic_case(const BenchSceneFile& f, const std::string& path, int steps) {
  nlohmann::json cars = nlohmann::json::array();
  std::vector<Vec2> placed;
  double since_last = kLaneCarGap;  // along the drive [m]
  for (std::size_t k = 0; k < f.drive.size(); ++k) {
    const Vec2 p = f.drive[k].position_W;
    if (k > 0) since_last += (p - f.drive[k - 1].position_W).norm();
    if (since_last < kLaneCarGap) continue;
    if (std::any_of(placed.begin(), placed.end(), [&](const Vec2& q) { return (q - p).norm() < kLaneClearance; })) continue;
    since_last = 0;
    placed.push_back(p);
    const int index = static_cast<int>(cars.size());
    nlohmann::json car = car_entry(index, p, f.drive[k].heading);
    car["speed"] = 15.0 + 15.0 * std::fmod(0.6180339887 * (index + 1), 1.0);
    cars.push_back(car);
  }
  if (cars.empty())
    throw Error(path, "", "the lane traffic places no car: its drive has " + std::to_string(f.drive.size()) +
                              " poses (every driving lane outside junctions; a TORCS centre line and 1.5 m aside)");
  const nlohmann::json doc = {{"name", "lane-traffic"},
                              {"scene", {{"file", f.spec.file}}},  // read as f.spec says, below
                              {"detector", "tree"},
                              {"response", {{"model", "restitution"}}},
                              {"dynamics", "bicycle"},
                              {"integrator", "rk4"},
                              {"dt", kScaleDt},
                              {"duration", steps * kScaleDt},
                              {"record_every", steps},
                              {"vehicles", cars}};
  InputLimits limits;
  limits.max_vehicles = 100'000;
  Case c = parse_case(doc, path + ".lanes.json", limits);
  c.scene = f.spec;  // the bench's own reading of the file: one list of options, not two
  return c;
}

/// lane_traffic_case on CRASHBENCH_BENCH_SCENE's road, or nothing with `state` skipped and the reason as
/// its message (a file the drive cannot be made on, a road whose drive places no car): the other
/// benchmarks run.
inline std::optional<Case> lane_traffic_or_skip(benchmark::State& state) {
  const BenchSceneFile* f = bench_scene_file_or_skip(state);
  if (!f) return std::nullopt;
  try {
    return lane_traffic_case(*f, std::getenv("CRASHBENCH_BENCH_SCENE"), kLaneTrafficSteps);
  } catch (const std::exception& e) {
    state.SkipWithError(e.what());
    return std::nullopt;
  }
}

}  // namespace crashbench::bench
