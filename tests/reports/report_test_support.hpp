#pragma once
// Results the report tests share: real runs of a small matrix (passing cases and unreadable ones)
// plus one passing case turned into a failure, written to a temporary results.json.
#include <filesystem>
#include <string>
#include <vector>

#include "cases/runner/batch.hpp"
#include "reports/results/results_json.hpp"
#include "reports/results/results_reader.hpp"
#include "tests/support/paths.hpp"
#include "tests/support/temp_folder.hpp"

namespace crashbench::testing {

/// The runs of tests/testdata/matrix-with-bad-cases.json; the last passing case is marked failed on
/// its linear-momentum invariant, so that every status appears.
inline const std::vector<RunResult>& sample_results() {
  static const std::vector<RunResult> results = [] {
    auto r = run_inputs(expand_input_file(testdata_path("matrix-with-bad-cases.json")));
    RunResult& last = r.back();
    last.status = CaseStatus::kFailed;
    last.invariants[static_cast<std::size_t>(Invariant::kLinearMomentum)].failed = 1;
    return r;
  }();
  return results;
}

/// sample_results() written as results.json in a fresh folder; returns its path.
inline std::string sample_results_file(const std::string& name) {
  const std::string path = (fresh_temp_folder("reports-" + name) / "results.json").string();
  write_results_file(path, sample_results());
  return path;
}

/// sample_results_file(name) as the report reads it back.
inline ResultsFile sample_results_read_back(const std::string& name) {
  return parse_results(read_json_file(sample_results_file(name)), name + ".json");
}

}  // namespace crashbench::testing
