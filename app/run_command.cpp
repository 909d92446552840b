#include <fmt/format.h>

#include <iostream>

#include "app/commands.hpp"
#include "cases/batch.hpp"
#include "reports/results_json.hpp"
#include "reports/summary_table.hpp"

namespace crashbench {

void add_run_command(CLI::App& app, int& exit_code) {
  auto* cmd = app.add_subcommand("run", "Run case or matrix files; write results.json; print a summary");
  static std::vector<std::string> inputs;
  static std::string out_dir = "out";
  static bool quiet = false;
  cmd->add_option("files", inputs, "Case or matrix JSON files")->required();
  cmd->add_option("-o,--output", out_dir, "Folder for results.json")->capture_default_str();
  cmd->add_flag("-q,--quiet", quiet, "Print only the summary line");
  cmd->callback([&exit_code] {
    std::vector<CaseInput> expanded;
    for (const auto& file : inputs) {
      try {
        auto cases = expand_input_file(file);
        expanded.insert(expanded.end(), cases.begin(), cases.end());
      } catch (const Error& e) {
        // An unreadable input file still lets the others run; it is reported as an error case.
        expanded.push_back({file, file, nullptr, e});
      }
    }
    const auto results = run_inputs(expanded);
    const std::string results_path = out_dir + "/results.json";
    write_results_file(results_path, results);
    const std::string table = summary_table(results);
    if (quiet) {
      fmt::print("{}", table.substr(table.rfind('\n', table.size() - 2) + 1));
    } else {
      fmt::print("{}", table);
    }
    fmt::print("results: {}\n", results_path);
    exit_code = batch_exit_code(results);
  });
}

}  // namespace crashbench
