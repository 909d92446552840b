#pragma once
// `crashbench merge`: joins the results of shards (`run --shard K/N`) into the results of one run.
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "reports/results/results_reader.hpp"

namespace crashbench {

/// The shards' cases in the order of the full expanded list. Error (naming the file) when two files
/// hold the same case position, when they come from case lists of different lengths, or when a
/// position of the full list is in none of them. The merged "run" says timing ran serially only if
/// every shard's did. Scene walls are written once (reports/results/shared_walls.hpp); with `out_path` (where the
/// merged file goes), each case's trajectory file is named relative to it.
nlohmann::json merge_results(const std::vector<ResultsFile>& shards, const std::string& out_path = "");

}  // namespace crashbench
