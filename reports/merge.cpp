#include "reports/merge.hpp"

#include <fmt/format.h>

#include <map>

#include "core/error.hpp"
#include "reports/results_json.hpp"

namespace crashbench {

nlohmann::json merge_results(const std::vector<ResultsFile>& shards) {
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
  for (const auto& [position, entry] : by_position) cases.push_back(entry.first->raw);
  return {{"format", kResultsFormat},
          {"run", {{"jobs", jobs}, {"timing_serial", serial}, {"total_cases", total}, {"merged_from", shards.size()}}},
          {"cases", cases}};
}

}  // namespace crashbench
