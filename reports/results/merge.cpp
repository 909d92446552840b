#include "reports/results/merge.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <map>

#include "core/error.hpp"
#include "reports/results/results_json.hpp"
#include "reports/results/shared_walls.hpp"

namespace crashbench {
namespace {

/// The folder a results file (or an output folder) refers its trajectory files from.
std::filesystem::path base_folder(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) return path;
  const std::filesystem::path parent = std::filesystem::path(path).parent_path();
  return parent.empty() ? std::filesystem::path(".") : parent;  // a bare file name: the working folder
}

/// `c` as the merged file at `out_path` must say it: its trajectory file named from the merged file's folder.
nlohmann::json rebased(const CaseRecord& c, const ResultsFile& shard, const std::string& out_path) {
  nlohmann::json out = c.raw;
  if (c.trajectory_file.empty() || out_path.empty()) return out;
  const std::filesystem::path file = std::filesystem::absolute(base_folder(shard.path) / c.trajectory_file);
  const std::filesystem::path from = std::filesystem::absolute(base_folder(out_path));
  out["trajectory"]["file"] = file.lexically_normal().lexically_relative(from.lexically_normal()).generic_string();
  return out;
}

}  // namespace

nlohmann::json merge_results(const std::vector<ResultsFile>& shards, const std::string& out_path) {
  if (shards.empty()) throw Error("", "", "merge needs at least one results file");
  std::map<std::size_t, std::pair<const CaseRecord*, const ResultsFile*>> by_position;
  std::size_t total = 0;
  int jobs = 1;
  bool serial = true;
  for (const ResultsFile& shard : shards) {
    const std::size_t shard_total = shard.run.value("total_cases", shard.cases.size());
    if (total != 0 && shard_total != total)
      throw Error(shard.path, "/run/total_cases",
                  fmt::format("comes from a list of {} cases, the files before from one of {}: not shards of one run",
                              shard_total, total));
    total = shard_total;
    jobs = std::max(jobs, shard.run.value("jobs", 1));
    serial = serial && shard.timing_serial();
    for (const CaseRecord& c : shard.cases) {
      if (c.index >= total)
        throw Error(shard.path, fmt::format("/cases (index {})", c.index),
                    fmt::format("case '{}' is beyond the run's {} cases", c.name, total));
      const auto [it, fresh] = by_position.try_emplace(c.index, &c, &shard);
      if (!fresh)
        throw Error(shard.path, fmt::format("/cases (index {})", c.index),
                    fmt::format("case '{}' is also in {}: the shards overlap", c.name, it->second.second->path));
    }
  }
  for (std::size_t i = 0; i < total; ++i)
    if (!by_position.count(i))
      throw Error(shards.front().path, "",
                  fmt::format("case {} of {} is in none of the {} files: a shard is missing", i, total, shards.size()));
  nlohmann::json cases = nlohmann::json::array();
  for (const auto& [position, entry] : by_position) cases.push_back(rebased(*entry.first, *entry.second, out_path));
  nlohmann::json merged = {
      {"format", kResultsFormat},
      {"run", {{"jobs", jobs}, {"timing_serial", serial}, {"total_cases", total}, {"merged_from", shards.size()}}},
      {"cases", cases}};
  share_scene_walls(merged);
  return merged;
}

}  // namespace crashbench
