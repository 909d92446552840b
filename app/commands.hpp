#pragma once
// The subcommands of the crashbench command line.
#include <CLI/CLI.hpp>

#include <string>

#include "reports/html_report.hpp"

namespace crashbench {

/// Exit codes: all invariants hold / an invariant failed / bad input.
inline constexpr int kExitOk = 0;
inline constexpr int kExitFailed = 1;
inline constexpr int kExitBadInput = 2;

/// Each adds its subcommand; the callback stores the exit code in `exit_code`.
void add_list_command(CLI::App& app, int& exit_code);
void add_run_command(CLI::App& app, int& exit_code);
void add_report_command(CLI::App& app, int& exit_code);
void add_compare_command(CLI::App& app, int& exit_code);
void add_merge_command(CLI::App& app, int& exit_code);
void add_reconstruct_command(CLI::App& app, int& exit_code);
void add_crash_test_command(CLI::App& app, int& exit_code);
void add_fit_command(CLI::App& app, int& exit_code);

/// Reads `results_path` and writes report.html and summary.md into `dir` (Error on bad input).
ReportPaths write_report_for(const std::string& results_path, const std::string& dir);
/// Prints where the report and the summary are.
void print_report_paths(const ReportPaths& paths);

/// Where to write the CI systems' formats of a results file; empty: not written.
struct CiOutputs {
  std::string junit;           ///< JUnit XML (reports/junit_xml.hpp)
  std::string benchmark_json;  ///< Google Benchmark JSON (reports/benchmark_json.hpp)
  bool any() const { return !junit.empty() || !benchmark_json.empty(); }
};
/// Adds --junit FILE and --benchmark-json FILE to `cmd`.
void add_ci_output_options(CLI::App& cmd, CiOutputs& outputs);
/// Writes the outputs `outputs` names from the results file at `results_path`, and prints where they are.
void write_ci_outputs(const std::string& results_path, const CiOutputs& outputs);

}  // namespace crashbench
