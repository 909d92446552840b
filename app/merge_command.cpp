#include <fmt/format.h>

#include "app/commands.hpp"
#include "reports/results/merge.hpp"
#include "reports/results/results_json.hpp"
#include "reports/results/results_reader.hpp"

namespace crashbench {

void add_merge_command(CLI::App& app, int& exit_code) {
  auto* cmd = app.add_subcommand("merge", "Join the results.json of shards (run --shard K/N) into one, in case order");
  static std::vector<std::string> inputs;
  static std::string out_path;
  cmd->add_option("files", inputs, "The shards' results.json files")->required();
  cmd->add_option("-o,--output", out_path, "The merged results.json")->required();
  cmd->callback([&exit_code] {
    std::vector<ResultsFile> shards;
    for (const auto& path : inputs) shards.push_back(read_results_file(path));
    const nlohmann::json merged = merge_results(shards, out_path);
    write_json_file(out_path, merged);
    const ResultsFile check = parse_results(merged, out_path);
    const auto [passed, failed, errors] = check.status_counts();
    fmt::print("merged {} files: {} cases ({} passed, {} failed, {} errors) -> {}\n", inputs.size(),
               check.cases.size(), passed, failed, errors, out_path);
    exit_code = errors > 0 ? kExitBadInput : failed > 0 ? kExitFailed : kExitOk;
  });
}

}  // namespace crashbench
