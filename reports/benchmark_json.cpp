#include "reports/benchmark_json.hpp"

#include <ctime>
#include <thread>

namespace crashbench {
namespace {

using nlohmann::json;

/// Google Benchmark's "context" block: when and where the timings were taken.
json context(const ResultsFile& results) {
  char date[32] = "";
  const std::time_t now = std::time(nullptr);
  std::strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%S+00:00", std::gmtime(&now));
  return {{"date", date},
          {"executable", "crashbench"},
          {"results_file", results.path},
          {"num_cpus", std::thread::hardware_concurrency()},
          {"timing_serial", results.timing_serial()},
#ifdef NDEBUG
          {"library_build_type", "release"}};
#else
          {"library_build_type", "debug"}};
#endif
}

}  // namespace

json benchmark_json(const ResultsFile& results) {
  json benchmarks = json::array();
  int family = 0;
  for (const CaseRecord& c : results.cases) {
    if (c.status == "error") continue;
    for (const auto& [phase, cost] : c.timing) {
      const std::string name = c.name + "/" + phase;
      benchmarks.push_back({{"name", name},
                            {"family_index", family++},
                            {"per_family_instance_index", 0},
                            {"run_name", name},
                            {"run_type", "iteration"},
                            {"repetitions", 1},
                            {"repetition_index", 0},
                            {"threads", 1},
                            {"iterations", c.steps},
                            {"real_time", cost.median_ns},
                            {"cpu_time", cost.median_ns},
                            {"time_unit", "ns"},
                            {"mean_ns", cost.mean_ns},
                            {"p99_ns", cost.p99_ns},
                            {"max_ns", cost.max_ns}});
    }
  }
  return {{"context", context(results)}, {"benchmarks", benchmarks}};
}

}  // namespace crashbench
