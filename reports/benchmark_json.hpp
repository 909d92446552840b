#pragma once
// Per-case phase timings in Google Benchmark's JSON output format, so that tools written for Google
// Benchmark (its compare.py, CI dashboards) read a crashbench run as they read a benchmark run: one
// benchmark per case and timed phase, named "CASE/PHASE", real_time and cpu_time the phase's median per
// step [ns] (the runner times with a wall clock only), iterations the steps, and the mean, p99 and max as
// counters.
#include <nlohmann/json.hpp>

#include "reports/results/results_reader.hpp"

namespace crashbench {

/// The Google Benchmark JSON document for `results`; cases that could not run are left out.
nlohmann::json benchmark_json(const ResultsFile& results);

}  // namespace crashbench
