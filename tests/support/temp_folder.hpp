#pragma once
// Temporary folders for tests; the process id keeps tests that ctest runs in parallel apart.
#include <unistd.h>

#include <filesystem>
#include <string>

namespace crashbench::testing {

/// The folder crashbench-NAME-PID under the system's temporary folder, created if missing; what earlier
/// calls wrote there stays.
inline std::filesystem::path temp_folder(const std::string& name) {
  const auto dir = std::filesystem::temp_directory_path() / ("crashbench-" + name + "-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  return dir;
}

/// temp_folder(name), emptied first.
inline std::filesystem::path fresh_temp_folder(const std::string& name) {
  std::filesystem::remove_all(temp_folder(name));
  return temp_folder(name);
}

}  // namespace crashbench::testing
