// Whole simulation steps of 10,000 sedans on the tiled track (bench/scale_layout.hpp: its facing pairs, and
// its traffic with `tree`) on 1 and 2 threads inside the case (`run --threads`,
// cases/runner/step_threads.hpp). One iteration is one step of a fresh Simulation's batch (built outside
// the timer; scale_steps: traffic's 800, whose cars meet after seconds). Threads are about wall-clock
// time: the reported time is real time, its CPU column the whole process's (every thread's) CPU time;
// wall_per_vehicle is the real time per step and vehicle. The step's median per vehicle and each phase's
// come from the runner's own (wall-clock) timers.
//
// BM_Calibration measures what two threads give on this machine, for reading the step's speed-up against;
// BM_ForkJoin what one split call costs beyond its work.
//
//   build/release/bench/threads_bench --benchmark_counters_tabular=true
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <utility>

#include "bench/scale_layout.hpp"
#include "cases/runner/simulation.hpp"
#include "cases/runner/step_threads.hpp"
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

void BM_ThreadedStep(benchmark::State& state, const std::string& layout, const std::string& detector) {
  const int threads = static_cast<int>(state.range(0));
  const Case c = scale_case(layout, kCars, detector);
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
  // The whole step's median too: a mean over 800 steps moves with every spike of a shared VM.
  for (const Phase p : {Phase::kStep, Phase::kDynamics, Phase::kSurface, Phase::kDetect, Phase::kSweep,
                        Phase::kResolve, Phase::kCheck})
    state.counters[std::string(to_string(p)) + "_ns_per_vehicle"] =
        median_per_vehicle(sim->result().timings[static_cast<std::size_t>(p)].ns, kCars);
}

/// The machine's own two-thread ceiling, for reading BM_ThreadedStep's speed-up: per car, the kind of
/// work a step does (a sin/cos pair and a few products on a state as large as a car's, read and written
/// back), split over the threads by the same StepThreads ranges. What two threads gain here, with no
/// sharing between them, is what this VM gives two threads; a step's speed-up is read against it.
void BM_Calibration(benchmark::State& state) {
  const int threads = static_cast<int>(state.range(0));
  constexpr std::size_t kDoublesPerCar = 96;  // about the fleet's and the detector's bytes per car
  std::vector<double> cars(kCars * kDoublesPerCar, 0.5);
  StepThreads pool(threads);
  for (auto _ : state) {
    pool.for_ranges(kCars, [&cars](int, std::size_t begin, std::size_t end) {
      for (std::size_t v = begin; v < end; ++v) {
        double* x = &cars[v * kDoublesPerCar];
        const double s = std::sin(x[0]), c = std::cos(x[0]);
        double sum = 0;
        for (std::size_t k = 1; k < kDoublesPerCar; ++k) sum += x[k] * (k % 2 ? s : c);
        x[0] = 0.5 + 1e-9 * sum;
      }
    });
    benchmark::DoNotOptimize(cars.data());
  }
  state.counters["threads"] = threads;
  state.counters["wall_per_vehicle"] =
      benchmark::Counter(kCars, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_Calibration)->Arg(1)->Arg(2)->Iterations(2000)->UseRealTime()->MeasureProcessCPUTime()->Unit(benchmark::kMicrosecond);

/// What one for_ranges call costs beyond its work, back to back: waking the workers and waiting for them.
/// A step makes about ten such calls (its split phases and passes).
void BM_ForkJoin(benchmark::State& state) {
  StepThreads pool(static_cast<int>(state.range(0)));
  std::vector<double> sink(2, 0.0);
  for (auto _ : state) {
    pool.for_ranges(sink.size(), [&sink](int, std::size_t begin, std::size_t end) {
      for (std::size_t v = begin; v < end; ++v) sink[v] += 1;
    });
    benchmark::DoNotOptimize(sink.data());
  }
}
BENCHMARK(BM_ForkJoin)->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMicrosecond);

const bool kRegistered = [] {
  for (const auto& [layout, detector] : {std::pair{"track", "tree"}, {"track", "analytic"}, {"traffic", "tree"}})
    benchmark::RegisterBenchmark(("BM_ThreadedStep/" + std::string(layout) + "/" + detector).c_str(),
                                 [layout, detector](benchmark::State& s) { BM_ThreadedStep(s, layout, detector); })
        ->Arg(1)
        ->Arg(2)
        ->Iterations(scale_steps(layout))
        ->UseRealTime()
        ->MeasureProcessCPUTime()
        ->Unit(benchmark::kMicrosecond);
  return true;
}();

}  // namespace
}  // namespace crashbench::bench
