#pragma once
// results.jsonl: the results of a run as they happen, one JSON object per line, so that a kill or a crash
// keeps every finished case readable (`crashbench report`, `compare`). Lines:
//   {"format": "crashbench-results-stream/1", "kind": "start", "started": UTC time, "inputs": [...],
//    "run": {...as results.json's "run"}, "planned_cases": N}
//   {"kind": "scene", "key": K, "walls": [...]}   (before the first case whose "scene_walls_ref" is K)
//   {"kind": "case", "case": {...one case exactly as in results.json, with "index"}}   (in finishing order)
//   {"kind": "end", "finished": UTC time, "cases": N}                     (only when the run completed)
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "reports/results/output_file.hpp"
#include "reports/results/results_json.hpp"
#include "reports/results/results_reader.hpp"

namespace crashbench {

inline constexpr std::string_view kResultsStreamFormat = "crashbench-results-stream/1";

/// Writes results.jsonl as a run goes. Not thread-safe: call it from the batch's progress callback.
class ResultsStream {
 public:
  /// Creates `path` and writes the start line.
  ResultsStream(const std::string& path, const std::vector<std::string>& inputs, const RunInfo& info,
                std::size_t planned_cases);
  /// Appends one finished case; `index` is its position in the full expanded list, `trajectory_file`
  /// the HDF5 file already written with its trajectory ("" : inline).
  void add(const RunResult& result, std::size_t index, const std::string& trajectory_file = "");
  /// Writes the end line and flushes the file to disk.
  void finish();

 private:
  LineFile file_;
  std::size_t written_ = 0;
  std::set<std::string> scenes_written_;  ///< wall keys whose scene line is in the file
};

/// Reads the text of a results.jsonl (`path` for errors). A run without its end line is `interrupted`;
/// a last line cut short by the kill is left out. Cases are put in case-list order.
ResultsFile parse_results_stream(std::string_view text, const std::string& path);

}  // namespace crashbench
