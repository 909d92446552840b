// Whole simulation steps of 10,000 sedans on the tiled track (bench/scale_layout.hpp) on 1 and 2 threads
// inside the case (`run --threads`, cases/step_threads.hpp). One iteration is one step of a fresh
// Simulation's 100 (built outside the timer). Threads are about wall-clock time: the reported time is
// real time, its CPU column the whole process's (every thread's) CPU time; wall_per_vehicle is the real
// time per step and vehicle. Phase medians per vehicle come from the runner's own (wall-clock) timers.
//
//   build/release/bench/threads_bench --benchmark_counters_tabular=true
#include <benchmark/benchmark.h>

#include <algorithm>
#include <memory>

#include "bench/scale_layout.hpp"
#include "cases/simulation.hpp"
#include "testkit/counting_allocator.hpp"

namespace crashbench::bench {
namespace {

constexpr int kCars = 10'000;

/// Median per vehicle of one phase's per-step samples.
double median_per_vehicle(std::vector<float> samples, int vehicles) {
  if (samples.empty()) return 0;
  const auto mid = samples.begin() + static_cast<std::ptrdiff_t>(samples.size() / 2);
  std::nth_element(samples.begin(), mid, samples.end());
  return *mid / vehicles;
}

void BM_ThreadedStep(benchmark::State& state, const std::string& detector) {
  const int threads = static_cast<int>(state.range(0));
  const Case c = scale_case("track", kCars, detector);
  auto sim = std::make_unique<Simulation>(c, threads);
  std::int64_t step_allocations = 0;
  for (auto _ : state) {
    const std::int64_t before = testing::allocation_count();
    sim->step();
    step_allocations += testing::allocation_count() - before;
  }
  state.counters["threads"] = threads;
  state.counters["wall_per_vehicle"] =
      benchmark::Counter(kCars, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
  state.counters["allocs_per_step"] =
      benchmark::Counter(static_cast<double>(step_allocations), benchmark::Counter::kAvgIterations);
  for (const Phase p : {Phase::kDynamics, Phase::kSurface, Phase::kDetect, Phase::kSweep, Phase::kResolve, Phase::kCheck})
    state.counters[std::string(to_string(p)) + "_ns_per_vehicle"] =
        median_per_vehicle(sim->result().timings[static_cast<std::size_t>(p)].ns, kCars);
}

const bool kRegistered = [] {
  for (const std::string detector : {"tree", "analytic"})
    benchmark::RegisterBenchmark(("BM_ThreadedStep/track/" + detector).c_str(),
                                 [=](benchmark::State& s) { BM_ThreadedStep(s, detector); })
        ->Arg(1)
        ->Arg(2)
        ->Iterations(kScaleSteps)
        ->UseRealTime()
        ->MeasureProcessCPUTime()
        ->Unit(benchmark::kMicrosecond);
  return true;
}();

}  // namespace
}  // namespace crashbench::bench
