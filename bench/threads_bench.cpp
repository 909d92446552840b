// Whole simulation steps of 10,000 sedans on the tiled track (bench/scale_layout.hpp: its facing pairs, and
// its traffic with `tree`) on 1 and 2 threads inside the case (`run --threads`,
// cases/runner/step_threads.hpp). One iteration is one step of a fresh Simulation's batch (built outside
// the timer; scale_steps: traffic's 800, whose cars meet after seconds). Threads are about wall-clock
// time: the reported time is real time, its CPU column the whole process's (every thread's) CPU time;
// wall_per_vehicle is the real time per step and vehicle. The step's median per vehicle and each phase's
// come from the runner's own (wall-clock) timers.
//
// BM_Calibration measures what two threads give on this machine, for reading the step's speed-up against;
// BM_TwoThreadGain measures both at the same moments (the measure); BM_ForkJoin what one split call
// costs beyond its work.
//
//   build/release/bench/threads_bench --benchmark_counters_tabular=true
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <memory>
#include <utility>
#include <vector>

#include "bench/medians.hpp"
#include "bench/scale_layout.hpp"
#include "cases/runner/simulation.hpp"
#include "cases/runner/step_threads.hpp"
#include "testkit/counting_allocator.hpp"

namespace crashbench::bench {
namespace {

constexpr int kCars = 10'000;


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
        median_of(sim->result().timings[static_cast<std::size_t>(p)].ns) / kCars;
}

/// The machine's own two-thread ceiling, for reading BM_ThreadedStep's speed-up: per car, arithmetic of
/// the kind a step does (a sin/cos pair and a few products on a cache line of state, read and written
/// back), split over the threads by the same StepThreads ranges. What two threads gain here, with no
/// sharing between them, is what this VM gives two threads; a step's speed-up is read against it. The
/// state is a cache line a car, 640 KB for 10,000, within one core's L2 (4 MiB here): with a state the
/// size of a car's (96 doubles, 7.7 MB) one thread's half but not the whole fitted, and two threads
/// gained 2.4-2.7x, a cache's gain, not the cores'.
class CalibrationKernel {
 public:
  explicit CalibrationKernel(int threads) : pool_(threads), cars_(kCars * kDoublesPerCar, 0.5) {}
  /// One pass over every car.
  void run() {
    pool_.for_ranges(kCars, [this](int, std::size_t begin, std::size_t end) {
      for (std::size_t v = begin; v < end; ++v) {
        double* x = &cars_[v * kDoublesPerCar];
        const double s = std::sin(x[0]), c = std::cos(x[0]);
        double sum = 0;
        for (std::size_t k = 1; k < kDoublesPerCar; ++k) sum += x[k] * (k % 2 ? s : c);
        x[0] = 0.5 + 1e-9 * sum;
      }
    });
    benchmark::DoNotOptimize(cars_.data());
  }

 private:
  static constexpr std::size_t kDoublesPerCar = 8;
  StepThreads pool_;
  std::vector<double> cars_;
};

void BM_Calibration(benchmark::State& state) {
  const int threads = static_cast<int>(state.range(0));
  CalibrationKernel kernel(threads);
  for (auto _ : state) kernel.run();
  state.counters["threads"] = threads;
  state.counters["wall_per_vehicle"] =
      benchmark::Counter(kCars, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_Calibration)->Arg(1)->Arg(2)->Iterations(2000)->UseRealTime()->MeasureProcessCPUTime()->Unit(benchmark::kMicrosecond);

/// The two-thread gain and the ceiling at the same moments. Run one after the other, BM_ThreadedStep's
/// and BM_Calibration's figures come from different minutes of a shared VM, whose second core comes and
/// goes (the kernel alone gained 0.43-1.8x in one day). Here one iteration is a block of kStepsABlock
/// steps of the case on one thread, the same steps on two (another Simulation), and the kernel on one and
/// on two threads for about as long, in an order reversed every block; the counters are medians over the
/// blocks of each block's own ratios: step_gain (one thread's time / two threads'), ceiling (the
/// kernel's), and gain_over_ceiling, the measure (1.8x, or within 10 % of the ceiling); and each
/// phase's gain (its median step on one thread over that on two).
void BM_TwoThreadGain(benchmark::State& state, const std::string& layout, const std::string& detector) {
  constexpr int kStepsABlock = 25;
  constexpr int kKernelRunsAStep = 64;  // the kernel's pass over 10,000 cars takes about a 64th of a step
  const Case c = scale_case(layout, kCars, detector);
  auto one = std::make_unique<Simulation>(c, 1), two = std::make_unique<Simulation>(c, 2);
  CalibrationKernel kernel_one(1), kernel_two(2);
  const auto seconds_of = [](auto work) {
    const auto start = std::chrono::steady_clock::now();
    work();
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  };
  const auto steps_of = [&](Simulation& sim) {
    return seconds_of([&] {
      for (int i = 0; i < kStepsABlock; ++i) sim.step();
    });
  };
  const auto kernel_of = [&](CalibrationKernel& kernel) {
    return seconds_of([&] {
      for (int i = 0; i < kStepsABlock * kKernelRunsAStep; ++i) kernel.run();
    });
  };
  std::vector<double> one_step, two_step, step_gain, ceiling, gain_over_ceiling;
  for (auto _ : state) {
    double step_one = 0, step_two = 0, kernel_one_s = 0, kernel_two_s = 0;
    if (step_gain.size() % 2 == 0) {
      step_one = steps_of(*one), step_two = steps_of(*two);
      kernel_one_s = kernel_of(kernel_one), kernel_two_s = kernel_of(kernel_two);
    } else {
      kernel_two_s = kernel_of(kernel_two), kernel_one_s = kernel_of(kernel_one);
      step_two = steps_of(*two), step_one = steps_of(*one);
    }
    one_step.push_back(step_one / kStepsABlock);
    two_step.push_back(step_two / kStepsABlock);
    step_gain.push_back(step_one / step_two);
    ceiling.push_back(kernel_one_s / kernel_two_s);
    gain_over_ceiling.push_back(step_gain.back() / ceiling.back());
  }
  for (int v = 0; v < kCars; ++v) {
    const PlanarState a = one->state(v), b = two->state(v);
    if (a.position_W != b.position_W || a.velocity_W != b.velocity_W || a.heading != b.heading ||
        a.yaw_rate != b.yaw_rate)
      return state.SkipWithError("two threads moved a car otherwise than one");
  }
  state.counters["one_thread_ms"] = 1e3 * median_of(one_step);
  state.counters["two_threads_ms"] = 1e3 * median_of(two_step);
  state.counters["step_gain"] = median_of(step_gain);
  state.counters["ceiling"] = median_of(ceiling);
  state.counters["gain_over_ceiling"] = median_of(gain_over_ceiling);
  // Which phases split well and which do not: each one's median on one thread over its median on two.
  for (const Phase p : {Phase::kDynamics, Phase::kSurface, Phase::kDetect, Phase::kSweep, Phase::kResolve,
                        Phase::kCheck}) {
    const auto median_on = [p](const Simulation& sim) {
      return median_of(sim.result().timings[static_cast<std::size_t>(p)].ns);
    };
    state.counters[std::string(to_string(p)) + "_gain"] = median_on(*one) / median_on(*two);
  }
}

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
  benchmark::RegisterBenchmark("BM_TwoThreadGain/traffic/tree",
                               [](benchmark::State& s) { BM_TwoThreadGain(s, "traffic", "tree"); })
      ->Iterations(scale_steps("traffic") / 25)
      ->UseRealTime()
      ->Unit(benchmark::kMillisecond);
  return true;
}();

}  // namespace
}  // namespace crashbench::bench
