#pragma once
// results.json: everything a run produced, for machines (CI, `crashbench report`, `compare`).
#include <nlohmann/json.hpp>

#include <span>
#include <string>

#include "cases/run_result.hpp"

namespace crashbench {

inline constexpr std::string_view kResultsFormat = "crashbench-results/1";

nlohmann::json to_json(const RunResult& result);
nlohmann::json to_json(std::span<const RunResult> results);

/// Writes `results` to `path` (directories created); Error naming the path on failure.
void write_results_file(const std::string& path, std::span<const RunResult> results);

}  // namespace crashbench
