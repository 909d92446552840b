// The broad phase every vehicle-pair pass shares (detectors/broadphase/box_pairs.hpp) on its own: the bounding boxes
// of scale_bench's track layout (N cars in facing pairs on the tiled track), N = 10 ... 100,000. Counters:
// CPU per box, and the box tests and pairs found per box.
//
//   build/release/bench/box_pairs_bench --benchmark_counters_tabular=true
#include <benchmark/benchmark.h>

#include "bench/scale_layout.hpp"
#include "detectors/broadphase/analytic_rectangles.hpp"
#include "detectors/broadphase/box_pairs.hpp"

namespace crashbench::bench {
namespace {

/// The bounding boxes of the layout's cars at their start poses.
std::vector<Box2> track_boxes(int n) {
  const Case c = scale_case("track", n, "tree");
  std::vector<Box2> boxes;
  for (const VehicleSetup& v : c.vehicles) {
    VehiclePose pose;
    pose.position_W = v.initial.position_W;
    pose.heading = v.initial.heading;
    pose.size = v.params.body;
    const PlacedRectangle r = place_rectangle(pose);
    boxes.push_back({r.box_min_W, r.box_max_W});
  }
  return boxes;
}

void BM_BoxPairs(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  const std::vector<Box2> boxes = track_boxes(n);
  BoxPairs pairs;
  pairs.reserve(n);
  DetectorStats stats;
  for (auto _ : state) {
    pairs.find(boxes, stats);
    benchmark::DoNotOptimize(pairs.pairs().data());
  }
  state.counters["cpu_per_box"] =
      benchmark::Counter(n, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
  state.counters["tests_per_box"] = static_cast<double>(stats.nodes_visited) / (static_cast<double>(n) * state.iterations());
  state.counters["pairs_per_box"] = static_cast<double>(pairs.pairs().size()) / n;
}
BENCHMARK(BM_BoxPairs)->RangeMultiplier(10)->Range(10, 100000)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace crashbench::bench
