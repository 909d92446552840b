// crashbench: run collision cases and matrices, list the interchangeable parts.
#include <cmath>
#include <cstdlib>
#include <exception>
#include <iostream>
#include <string>

#include "app/commands.hpp"
#include "app/scene_command.hpp"
#include "cases/plugin.hpp"
#include "core/error.hpp"
#include "core/text.hpp"
#include "core/vector_width.hpp"
#include "crashbench_version.hpp"
#include "detectors/scenes/files/contained_read.hpp"

namespace {

/// A finite number >= 0. CLI11's NonNegativeNumber lets "nan" through (a NaN limit was no limit at all)
/// and prints its range as 1.8e308 written out in full.
const CLI::Validator kFiniteNonNegative(
    [](std::string& text) -> std::string {
      char* end = nullptr;
      const double value = std::strtod(text.c_str(), &end);
      if (text.empty() || *end != '\0' || !std::isfinite(value) || value < 0)
        return "expected a finite number >= 0, got '" + text + "'";
      return "";
    },
    "NUMBER >= 0");

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"crashbench: a test bench for real-time vehicle collision simulation"};
  app.require_subcommand(1);
  app.set_version_flag("--version", "crashbench " CRASHBENCH_VERSION " (" CRASHBENCH_REVISION ")");
  // Global and repeatable, before or after the subcommand: each file is loaded as soon as it is read, so
  // its parts are registered before any subcommand looks a name up.
  std::vector<std::string> plugin_files;
  app.add_option("--plugin", plugin_files, "Load a plugin (shared library) that registers parts (repeatable)")
      ->each([](const std::string& file) { crashbench::load_plugin(file); })
      ->trigger_on_parse();
  app.add_option_function<double>("--scene-read-timeout", crashbench::set_scene_read_timeout,
                                  "Seconds a scene file's reader may take in the separate process that reads "
                                  "it (default 5 plus 1 per MB of the file; 0: read in this process only)")
      ->check(kFiniteNonNegative)
      ->trigger_on_parse();
  app.add_option_function<double>("--scene-read-memory", crashbench::set_scene_read_memory_limit,
                                  "Megabytes a scene file's reader may allocate in the separate process that "
                                  "reads it (default 1024 plus 64 times the file's size; 0: no limit)")
      ->check(kFiniteNonNegative)
      ->trigger_on_parse();
  app.fallthrough();
  int exit_code = crashbench::kExitOk;
  crashbench::add_list_command(app, exit_code);
  crashbench::add_run_command(app, exit_code);
  crashbench::add_scene_commands(app);
  crashbench::add_report_command(app, exit_code);
  crashbench::add_compare_command(app, exit_code);
  crashbench::add_merge_command(app, exit_code);
  crashbench::add_reconstruct_command(app, exit_code);
  crashbench::add_crash_test_command(app, exit_code);
  crashbench::add_fit_command(app, exit_code);
  try {
    // A bad CRASHBENCH_VECTOR_WIDTH is an error before any work, not when a case first steps.
    crashbench::vector_width();
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // --help and --version are ParseErrors that succeed: CLI11 prints them as it means to.
    if (e.get_exit_code() == 0) return app.exit(e);
    // A mistyped command line is bad input like any other: one line, exit 2 (CLI11's own print adds a
    // second line, "Run with --help for more information.").
    std::cerr << "crashbench: " << crashbench::escape_terminal(e.what()) << " (see crashbench --help)\n";
    return crashbench::kExitBadInput;
  } catch (const crashbench::Error& e) {
    std::cerr << "crashbench: " << crashbench::escape_terminal(e.what()) << '\n';
    return crashbench::kExitBadInput;
  } catch (const std::bad_alloc&) {
    std::cerr << "crashbench: out of memory (an input too large for this machine? see the --max-* caps of run)\n";
    return crashbench::kExitBadInput;
  } catch (const std::exception& e) {
    // Input the checks above missed (a reader gap is a bug to report), or the machine (out of memory):
    // one line and a failing exit code, never an abort.
    std::cerr << "crashbench: unexpected error: " << crashbench::escape_terminal(e.what()) << '\n';
    return crashbench::kExitBadInput;
  }
  return exit_code;
}
