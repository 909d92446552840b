#include <fmt/format.h>

#include "app/commands.hpp"
#include "reports/html_report.hpp"
#include "reports/results_reader.hpp"

namespace crashbench {

ReportPaths write_report_for(const std::string& results_path, const std::string& dir) {
  const ResultsFile results = read_results_file(results_path);
  return write_report(results, dir, load_plotting_library(plotting_library_path()));
}

void print_report_paths(const ReportPaths& paths) {
  fmt::print("report: {}\nsummary: {}\n", paths.html, paths.summary);
}

void add_report_command(CLI::App& app, int& exit_code) {
  auto* cmd = app.add_subcommand("report", "Write report.html (self-contained, with plots) and summary.md from a "
                                           "results.json");
  static std::string results_path;
  static std::string out_dir = "report";
  cmd->add_option("results", results_path, "A results.json written by crashbench run or merge")->required();
  cmd->add_option("-o,--output", out_dir, "Folder for report.html and summary.md")->capture_default_str();
  cmd->callback([&exit_code] {
    print_report_paths(write_report_for(results_path, out_dir));
    exit_code = kExitOk;
  });
}

}  // namespace crashbench
