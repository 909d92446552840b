#include <fmt/format.h>
#include <unistd.h>

#include <cstdio>
#include <iostream>

#include "app/commands.hpp"
#include "cases/batch.hpp"
#include "cases/plugin.hpp"
#include "reports/progress_line.hpp"
#include "reports/results_json.hpp"
#include "reports/summary_table.hpp"

namespace crashbench {
namespace {

std::vector<CaseInput> expand_all(const std::vector<std::string>& files) {
  std::vector<CaseInput> expanded;
  for (const auto& file : files) {
    try {
      auto cases = expand_input_file(file);
      expanded.insert(expanded.end(), cases.begin(), cases.end());
    } catch (const Error& e) {
      // An unreadable input file still lets the others run; it is reported as an error case.
      expanded.push_back({file, file, nullptr, e});
    }
  }
  // Here, on one thread and before any case runs, since loading grows the registries the runs read.
  for (CaseInput& input : expanded) {
    if (input.error) continue;
    try {
      load_case_plugins(input.doc, input.file);
    } catch (const Error& e) {
      input.error = e;  // this case fails; the others run
    }
  }
  return expanded;
}

/// The cases of `shard`, recording which positions of the full list they are in `info`.
std::vector<CaseInput> shard_slice(std::vector<CaseInput> all, const ShardSpec& shard, RunInfo& info) {
  info.shard_index = shard.index, info.shard_count = shard.count;
  info.case_indices = shard_positions(all.size(), shard);
  std::vector<CaseInput> slice;
  for (const std::size_t i : info.case_indices) slice.push_back(std::move(all[i]));
  return slice;
}

}  // namespace

void add_run_command(CLI::App& app, int& exit_code) {
  auto* cmd = app.add_subcommand("run", "Run case or matrix files; write results.json; print a summary");
  static std::vector<std::string> inputs;
  static std::string out_dir = "out";
  static std::string report_dir;
  static std::string shard_text;
  static int jobs = 1;
  static bool quiet = false;
  cmd->add_option("files", inputs, "Case or matrix JSON files")->required();
  cmd->add_option("-o,--output", out_dir, "Folder for results.json")->capture_default_str();
  cmd->add_option("--report", report_dir, "Also write report.html and summary.md into this folder");
  cmd->add_option("-j,--jobs", jobs, "Cases run at once; timings are trustworthy only with 1")
      ->capture_default_str()
      ->check(CLI::Range(1, 1024));
  cmd->add_option("--shard", shard_text, "Run only shard K of N of the expanded case list (K/N, e.g. 2/8)");
  cmd->add_flag("-q,--quiet", quiet, "Print only the summary line");
  cmd->callback([&exit_code] {
    std::vector<CaseInput> expanded = expand_all(inputs);
    RunInfo info{jobs, 0, 0, expanded.size(), {}};
    if (!shard_text.empty()) expanded = shard_slice(std::move(expanded), parse_shard(shard_text), info);
    ProgressLine progress(stderr, !quiet && isatty(fileno(stderr)), terminal_columns(fileno(stderr)));
    const auto results = run_inputs(
        expanded, [&progress](const RunResult& r, std::size_t done, std::size_t total) { progress.update(r, done, total); },
        jobs);
    progress.finish();
    const std::string results_path = out_dir + "/results.json";
    write_results_file(results_path, results, info);
    const std::string table = summary_table(results);
    if (quiet) {
      fmt::print("{}", table.substr(table.rfind('\n', table.size() - 2) + 1));
    } else {
      fmt::print("{}", table);
    }
    fmt::print("results: {}\n", results_path);
    if (!report_dir.empty()) print_report_paths(write_report_for(results_path, report_dir));
    exit_code = batch_exit_code(results);
  });
}

}  // namespace crashbench
