#include <fmt/format.h>

#include "app/commands.hpp"
#include "core/text.hpp"
#include "reports/benchmark_json.hpp"
#include "reports/html_report.hpp"
#include "reports/junit_xml.hpp"
#include "reports/results/output_file.hpp"
#include "reports/results/results_reader.hpp"

namespace crashbench {

ReportPaths write_report_for(const std::string& results_path, const std::string& dir) {
  const ResultsFile results = read_results_file(results_path);
  return write_report(results, dir, load_plotting_library(plotting_library_path()));
}

void print_report_paths(const ReportPaths& paths) {
  fmt::print("report: {}\nsummary: {}\n", paths.html, paths.summary);
}

void add_ci_output_options(CLI::App& cmd, CiOutputs& outputs) {
  cmd.add_option("--junit", outputs.junit, "Also write JUnit XML: a testcase per case, a failure per failed invariant");
  cmd.add_option("--benchmark-json", outputs.benchmark_json,
                 "Also write each case's phase timings as Google Benchmark JSON (for its compare.py)");
}

void write_ci_outputs(const std::string& results_path, const CiOutputs& outputs) {
  if (!outputs.any()) return;
  const ResultsFile results = read_results_file(results_path);
  if (!outputs.junit.empty()) {
    write_file_atomically(outputs.junit, junit_xml(results));
    fmt::print("junit: {}\n", escape_terminal(outputs.junit));
  }
  if (!outputs.benchmark_json.empty()) {
    write_file_atomically(outputs.benchmark_json, benchmark_json(results).dump(2) + "\n");
    fmt::print("benchmark json: {}\n", escape_terminal(outputs.benchmark_json));
  }
}

void add_report_command(CLI::App& app, int& exit_code) {
  auto* cmd = app.add_subcommand("report", "Write report.html (self-contained, with plots) and summary.md from a "
                                           "results.json");
  static std::string results_path;
  static std::string out_dir = "report";
  cmd->add_option("results", results_path, "A results.json written by crashbench run or merge")->required();
  cmd->add_option("-o,--output", out_dir, "Folder for report.html and summary.md")->capture_default_str();
  static CiOutputs ci;
  add_ci_output_options(*cmd, ci);
  cmd->callback([&exit_code] {
    print_report_paths(write_report_for(results_path, out_dir));
    write_ci_outputs(results_path, ci);
    exit_code = kExitOk;
  });
}

}  // namespace crashbench
