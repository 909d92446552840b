#include <fmt/format.h>

#include "app/commands.hpp"
#include "core/text.hpp"
#include "reports/compare.hpp"
#include "reports/results/results_reader.hpp"

namespace crashbench {

void add_compare_command(CLI::App& app, int& exit_code) {
  auto* cmd = app.add_subcommand("compare", "Compare two results.json case by case: costs with ratios, post-impact "
                                            "states, verdict changes; exit 1 when a verdict regressed");
  static std::string a_path, b_path;
  cmd->add_option("a", a_path, "Baseline results.json")->required();
  cmd->add_option("b", b_path, "Contender results.json")->required();
  static std::vector<std::string> phases = kDefaultComparedPhases;
  cmd->add_option("--phases", phases, "Timed phases to compare (dynamics, detect, resolve, apply, check, step)")
      ->delimiter(',')
      ->capture_default_str();
  cmd->callback([&exit_code] {
    const ResultsFile a = read_results_file(a_path);
    const ResultsFile b = read_results_file(b_path);
    for (const ResultsFile* r : {&a, &b})
      if (r->interrupted) fmt::print("note: {}: {}\n", escape_terminal(r->path), r->interruption_note());
    const Comparison comparison = compare_results(a, b, phases);
    fmt::print("{}", escape_terminal_lines(comparison.text));
    exit_code = comparison.regressions > 0 ? kExitFailed : kExitOk;
  });
}

}  // namespace crashbench
