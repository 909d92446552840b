// Whole simulation steps at traffic scale (bench/scale_layout.hpp): N sedans in facing pairs on the L-rail
// and on the tiled track, N = 10 ... 100,000, and the traffic on the tiled track (two lanes, one
// way, 15-30 m/s, 4 s), N = 1,000 and 10,000, and N cars at rest at one point (every pair touching), N =
// 100 and 1,000; analytic detector (and `tree` on the track's triangles),
// restitution, bicycle dynamics and RK4. One iteration is one step; each batch is a fresh Simulation
// (built outside the timer) run for its steps (100; traffic 800), and small N runs several batches so
// every N times the same mix of steps. Counters, per vehicle, from the runner's own per-step timers: the
// whole step's median and each phase's median; the allocations made inside step(); and, per step, the
// detector's cells visited and triangles tested. box2d_bench steps the same layouts with Box2D 2.4
// (docs/scale.md). CRASHBENCH_BENCH_SCENE=FILE (a TORCS track with CRASHBENCH_BENCH_UP=y, or an OpenDRIVE
// road) adds traffic on that road's lanes (bench/lane_traffic.hpp).
//
//   build/release/bench/scale_bench --benchmark_counters_tabular=true
#include <benchmark/benchmark.h>

#include <algorithm>
#include <memory>

#include "bench/bench_scene_file.hpp"
#include "bench/lane_traffic.hpp"
#include "bench/medians.hpp"
#include "bench/scale_layout.hpp"
#include "cases/loading/scene_cache.hpp"
#include "cases/runner/simulation.hpp"
#include "testkit/counting_allocator.hpp"

namespace crashbench::bench {
namespace {

/// The per-step samples of every phase, pooled over the batches of one benchmark.
struct PooledTimings {
  std::array<std::vector<float>, kPhaseCount> ns;
  std::size_t events = 0;
  int steps = 0;
  DetectorStats detector;

  void add(const Simulation& sim) {
    for (std::size_t p = 0; p < kPhaseCount; ++p) {
      const auto& s = sim.result().timings[p].ns;
      ns[p].insert(ns[p].end(), s.begin(), s.end());
    }
    events += sim.events().size();
    steps += sim.steps_done();
    detector += sim.detector_stats();
  }
};

/// Steps `c` (`n` cars) in batches of `steps`, each a fresh Simulation, one step an iteration.
void step_case(benchmark::State& state, const Case& c, int n, int steps) {
  shared_scene(c.scene);  // loaded (and kept) before the count below: the cars' share, not the scene's
  const std::int64_t before_setup = testing::allocated_bytes();
  auto sim = std::make_unique<Simulation>(c);
  const double setup_bytes = static_cast<double>(testing::allocated_bytes() - before_setup);
  PooledTimings pooled;
  std::int64_t step_allocations = 0;
  for (auto _ : state) {
    if (sim->steps_done() >= steps) {
      state.PauseTiming();
      pooled.add(*sim);
      sim = std::make_unique<Simulation>(c);
      state.ResumeTiming();
    }
    const std::int64_t before = testing::allocation_count();
    sim->step();
    step_allocations += testing::allocation_count() - before;
  }
  pooled.add(*sim);
  state.counters["vehicles"] = n;
  // The benchmark's CPU time per step and vehicle: unlike the runner's wall-clock timers, not inflated
  // when other processes share the core.
  state.counters["cpu_per_vehicle"] =
      benchmark::Counter(n, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
  state.counters["allocs_per_step"] =
      benchmark::Counter(static_cast<double>(step_allocations), benchmark::Counter::kAvgIterations);
  const double steps_run = std::max(1, pooled.steps);
  state.counters["impacts_per_step"] = static_cast<double>(pooled.events) / steps_run;
  // The detector's work, which the hour's noise does not move: a change that spares queries shows here.
  state.counters["triangles_tested_per_step"] = static_cast<double>(pooled.detector.primitives_tested) / steps_run;
  state.counters["cells_visited_per_step"] = static_cast<double>(pooled.detector.nodes_visited) / steps_run;
  // What building the run asks of the allocator per car (its state, scratch and the temporaries of its
  // set-up): an upper bound on the memory a car costs before any event is recorded.
  state.counters["setup_alloc_bytes_per_vehicle"] = setup_bytes / n;
  for (std::size_t p = 0; p < kPhaseCount; ++p)
    state.counters[std::string(to_string(static_cast<Phase>(p))) + "_ns_per_vehicle"] = median_of(pooled.ns[p]) / n;
}

void BM_ScaleStep(benchmark::State& state, const std::string& layout, const std::string& detector) {
  const int n = static_cast<int>(state.range(0));
  step_case(state, scale_case(layout, n, detector), n, scale_steps(layout));
}

/// Traffic on a real road (CRASHBENCH_BENCH_SCENE): the lane cars of lane_traffic_case, `tree`, 4 s.
void register_file_traffic() {
  const std::string scene = bench_scene_label();
  if (scene.empty()) return;
  benchmark::RegisterBenchmark(("BM_ScaleStep/traffic/" + scene + "/tree").c_str(), [](benchmark::State& s) {
    const std::optional<Case> c = lane_traffic_or_skip(s);
    if (c) step_case(s, *c, static_cast<int>(c->vehicles.size()), kLaneTrafficSteps);
  })->Iterations(kLaneTrafficSteps)->Unit(benchmark::kMicrosecond);
}

/// Registers `layout` for N = min_n ... max_n (powers of 10); the analytic detector's runs keep their
/// plain names.
void register_layout(const std::string& layout, int min_n, int max_n, const std::string& detector = "analytic") {
  const std::string name = "BM_ScaleStep/" + layout + (detector == "analytic" ? "" : "/" + detector);
  for (int n = min_n; n <= max_n; n *= 10) {
    const int batches = scale_batches(n);
    benchmark::RegisterBenchmark(name.c_str(), [=](benchmark::State& s) { BM_ScaleStep(s, layout, detector); })
        ->Arg(n)
        ->Iterations(static_cast<benchmark::IterationCount>(batches) * scale_steps(layout))
        ->Unit(benchmark::kMicrosecond);
  }
}

const bool kRegistered = [] {
  register_layout("l-rail", 10, 100000);
  register_layout("track", 10, 100000);
  register_layout("track", 10, 100000, "tree");
  // The run: 4 s of traffic at 1,000 and 10,000 cars.
  register_layout("traffic", 1000, 10000);
  register_layout("traffic", 1000, 10000, "tree");
  // Issue 29: a thousand cars at one point, half a million touching pairs a step.
  register_layout("one-point", 100, 1000);
  register_file_traffic();
  return true;
}();

}  // namespace
}  // namespace crashbench::bench
