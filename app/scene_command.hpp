#pragma once
// `crashbench scene make NAME -o FILE`, `crashbench scene info FILE`, `crashbench scene list`.
#include <CLI/CLI.hpp>

namespace crashbench {

/// Adds the `scene` subcommand and its children to `app`. Bad input throws crashbench::Error (exit code 2).
void add_scene_commands(CLI::App& app);

}  // namespace crashbench
