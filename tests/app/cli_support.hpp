#pragma once
// Runs the crashbench binary (or any command) for the CLI tests, capturing its output in a file.
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>

#include "tests/support/temp_folder.hpp"

namespace crashbench::testing {

struct Outcome {
  int exit_code = -1;
  std::string output;  // stdout and stderr together
};

/// Runs `command` through the shell with stdout and stderr captured.
inline Outcome shell(const std::string& command) {
  const auto log = std::filesystem::temp_directory_path() /
                   ("crashbench-cli-" + std::to_string(::getpid()) + "-" +
                    std::to_string(std::hash<std::string>{}(command)) + ".log");
  const int status = std::system(("(" + command + ") > " + log.string() + " 2>&1").c_str());
  std::stringstream text;
  text << std::ifstream(log).rdbuf();
  std::filesystem::remove(log);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, text.str()};
}

/// Runs `crashbench ARGUMENTS`.
inline Outcome crashbench(const std::string& arguments) { return shell(std::string(CRASHBENCH_CLI) + " " + arguments); }

/// A fresh temporary folder, removed at exit (temp_folder.hpp).
inline std::string fresh_dir(const std::string& name) { return fresh_temp_folder("cli-" + name).string(); }

}  // namespace crashbench::testing
