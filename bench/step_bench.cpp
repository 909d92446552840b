// Whole simulation steps of the shipped wall cases (each with both wall models and both applications) and
// of the shipped two-vehicle cases as they are: dynamics, detect, resolve, apply, check, record, as the
// runner does them. Each batch starts from a fresh Simulation built outside the timer (state restored
// per batch); per-phase medians from the runner's own timers are reported as counters, and so are the
// allocations made inside step() (Google Benchmark's memory manager would also count the set-up).
//
//   build/release/bench/step_bench --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>

#include <memory>

#include "cases/loading/case_loader.hpp"
#include "cases/loading/matrix.hpp"
#include "cases/runner/simulation.hpp"
#include "reports/results/phase_stats.hpp"
#include "testkit/counting_allocator.hpp"

namespace crashbench {
namespace {

/// A shipped case; a non-empty `model` or `application` replaces the file's.
Case shipped_case(const std::string& file, const std::string& model, const std::string& application) {
  const std::string path = std::string(CRASHBENCH_SOURCE_DIR) + "/cases/library/" + file;
  nlohmann::json doc = read_json_file(path);
  if (!model.empty()) doc["response"]["model"] = model;
  if (!application.empty()) doc["application"] = application;
  return parse_case(doc, path);
}

void BM_Step(benchmark::State& state, const std::string& file, const std::string& model,
             const std::string& application) {
  const Case c = shipped_case(file, model, application);
  const int steps = static_cast<int>(c.duration / c.dt);
  auto sim = std::make_unique<Simulation>(c);
  std::array<double, kPhaseCount> median_sum{};
  int batches = 0;
  std::int64_t step_allocations = 0;
  for (auto _ : state) {
    if (sim->steps_done() >= steps) {
      state.PauseTiming();
      for (std::size_t p = 0; p < kPhaseCount; ++p) median_sum[p] += phase_stats(sim->result().timings[p]).median_ns;
      ++batches;
      sim = std::make_unique<Simulation>(c);
      state.ResumeTiming();
    }
    const std::int64_t before = testing::allocation_count();
    sim->step();
    step_allocations += testing::allocation_count() - before;
  }
  state.counters["allocs_per_step"] =
      benchmark::Counter(static_cast<double>(step_allocations), benchmark::Counter::kAvgIterations);
  for (std::size_t p = 0; p < kPhaseCount && batches > 0; ++p)
    state.counters[std::string(to_string(static_cast<Phase>(p))) + "_ns"] = median_sum[p] / batches;
}

const bool kRegistered = [] {
  for (const char* file : {"knight-head-on-30mph.json", "knight-side-10deg-60mph.json", "knight-l-rail.json"})
    for (const char* model : {"restitution", "energy-loss"})
      for (const char* application : {"reset", "force"})
        benchmark::RegisterBenchmark(
            (std::string("BM_Step/") + file + "/" + model + "/" + application).c_str(),
            [=](benchmark::State& s) { BM_Step(s, file, model, application); });
  for (const char* file : {"zhou-rear-end.json", "zhou-rear-end-4dof.json", "tongue-moon-five-car-platoon.json",
                           "tongue-moon-two-car-curve.json"})
    benchmark::RegisterBenchmark((std::string("BM_Step/") + file).c_str(),
                                 [=](benchmark::State& s) { BM_Step(s, file, "", ""); });
  return true;
}();

}  // namespace
}  // namespace crashbench
