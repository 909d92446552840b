// Per-detect cost of the analytic detector: one vehicle in the l-rail corner, and N vehicles scattered
// inside the l-rail (walls plus the vehicle-pair broad and narrow phases).
//   build/release/bench/analytic_bench --benchmark_format=json
#include <benchmark/benchmark.h>

#include <cmath>
#include <random>
#include <vector>

#include "detectors/analytic_detector.hpp"
#include "detectors/scenes/registry/builtin_walls.hpp"

namespace crashbench {
namespace {

VehiclePose car(double x, double y, double heading) {
  VehiclePose p;
  p.position_W = Vec2(x, y);
  p.heading = heading;
  p.cg_height = 0.55;
  p.size = {2.0, 2.6, 1.8};
  return p;
}

// Contacts and exact tests per detect, as counters.
void run(benchmark::State& state, const std::vector<VehiclePose>& poses) {
  AnalyticDetector detector;
  detector.prepare(scene_from_walls("kLRail", kLRail), static_cast<int>(poses.size()));
  detector.reserve_pairs(static_cast<int>(poses.size()));
  std::vector<Contact> out;
  out.reserve(16 * poses.size() + 16);
  DetectorStats stats;
  detector.detect_all(poses, out, stats);  // warm-up
  stats = {};
  std::size_t contacts = 0;
  for (auto _ : state) {
    out.clear();
    detector.detect_all(poses, out, stats);
    contacts += out.size();
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  const auto per = [&](double v) { return benchmark::Counter(v / static_cast<double>(state.iterations())); };
  state.counters["contacts"] = per(static_cast<double>(contacts));
  state.counters["box_tests"] = per(stats.nodes_visited);
  state.counters["exact_tests"] = per(stats.primitives_tested);
}

void BM_AnalyticOneVehicleLRailCorner(benchmark::State& state) {
  // Nose past the end wall and right side past the side wall: two contacts per detect.
  run(state, {car(98.2, 0.85, 0.05)});
}
BENCHMARK(BM_AnalyticOneVehicleLRailCorner);

void BM_AnalyticVehicles(benchmark::State& state) {
  // N cars at random inside the l-rail, about 30 m^2 each, so that some touch each other or the walls.
  const int n = static_cast<int>(state.range(0));
  const double side = std::sqrt(30.0 * n);
  std::mt19937 rng(1);
  std::uniform_real_distribution<double> x(100 - side, 100), y(0, side), heading(-0.4, 0.4);
  std::vector<VehiclePose> poses;
  for (int i = 0; i < n; ++i) poses.push_back(car(x(rng), y(rng), heading(rng)));
  run(state, poses);
}
BENCHMARK(BM_AnalyticVehicles)->Arg(2)->Arg(10)->Arg(100);

}  // namespace
}  // namespace crashbench
