#pragma once
// The subcommands of the crashbench command line.
#include <CLI/CLI.hpp>

namespace crashbench {

/// Exit codes: all invariants hold / an invariant failed / bad input.
inline constexpr int kExitOk = 0;
inline constexpr int kExitFailed = 1;
inline constexpr int kExitBadInput = 2;

/// Each adds its subcommand; the callback stores the exit code in `exit_code`.
void add_list_command(CLI::App& app, int& exit_code);
void add_run_command(CLI::App& app, int& exit_code);

}  // namespace crashbench
