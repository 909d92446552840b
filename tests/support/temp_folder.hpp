#pragma once
// Temporary folders for tests; the process id keeps tests that ctest runs in parallel apart, and each
// folder is removed when the process that made it exits (a CI machine's /tmp would otherwise gain a
// hundred folders a run).
#include <unistd.h>

#include <filesystem>
#include <mutex>
#include <set>
#include <string>

namespace crashbench::testing {

/// The folders this process made, removed at its normal exit. A forked child (the contained scene read)
/// inherits the list but leaves with _exit; the owner's pid is checked anyway, so a child that did exit
/// normally could not remove its parent's files.
class TempFolders {
 public:
  static TempFolders& instance() {
    static TempFolders folders;
    return folders;
  }
  void keep(const std::filesystem::path& dir) {
    const std::lock_guard lock(mutex_);
    made_.insert(dir);
  }
  ~TempFolders() {
    if (::getpid() != owner_) return;
    std::error_code ignored;  // what cannot be removed stays: nothing to report at exit
    for (const auto& dir : made_) std::filesystem::remove_all(dir, ignored);
  }

 private:
  TempFolders() = default;
  pid_t owner_ = ::getpid();
  std::mutex mutex_;
  std::set<std::filesystem::path> made_;
};

/// The folder crashbench-NAME-PID under the system's temporary folder, created if missing; what earlier
/// calls wrote there stays until the process exits.
inline std::filesystem::path temp_folder(const std::string& name) {
  const auto dir = std::filesystem::temp_directory_path() / ("crashbench-" + name + "-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  TempFolders::instance().keep(dir);
  return dir;
}

/// temp_folder(name), emptied first.
inline std::filesystem::path fresh_temp_folder(const std::string& name) {
  std::filesystem::remove_all(temp_folder(name));
  return temp_folder(name);
}

}  // namespace crashbench::testing
