#pragma once
// Runs the crashbench binary as a child under a memory cap (RLIMIT_AS) and a hang guard (alarm), with
// stdout and stderr kept apart, and reports how it ended and its peak memory. The hang guard is not a
// speed assertion: it only stops a run that would otherwise never end.
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "tests/support/sanitizers.hpp"

namespace crashbench::testing {

struct BoundedOutcome {
  bool exited = false;  ///< ended by exit(), not by a signal
  int exit_code = -1;
  int signal = 0;       ///< the signal that ended it (SIGALRM: the hang guard)
  long max_rss_kb = 0;  ///< peak resident memory [KiB]
  std::string out, err;
};

inline std::string read_all(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

/// Runs `binary` with `args`; `address_space_bytes` 0 leaves memory uncapped (ASan reserves terabytes of
/// address space, so sanitizer builds cannot take an RLIMIT_AS cap).
inline BoundedOutcome run_bounded(const std::string& binary, const std::vector<std::string>& args,
                                  const std::string& log_stem, unsigned seconds, rlim_t address_space_bytes) {
  const std::string out_path = log_stem + ".out", err_path = log_stem + ".err";
  const pid_t pid = ::fork();
  if (pid == 0) {
    const int out = ::open(out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int err = ::open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    ::dup2(out, 1);
    ::dup2(err, 2);
    if (address_space_bytes > 0) {
      const rlimit cap{address_space_bytes, address_space_bytes};
      ::setrlimit(RLIMIT_AS, &cap);
    }
    ::alarm(seconds);
    std::vector<char*> argv{const_cast<char*>(binary.c_str())};
    for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    ::execv(binary.c_str(), argv.data());
    ::_exit(127);
  }
  BoundedOutcome o;
  int status = 0;
  rusage usage{};
  ::wait4(pid, &status, 0, &usage);
  o.exited = WIFEXITED(status);
  o.exit_code = o.exited ? WEXITSTATUS(status) : -1;
  o.signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
  o.max_rss_kb = usage.ru_maxrss;
  o.out = read_all(out_path);
  o.err = read_all(err_path);
  return o;
}

}  // namespace crashbench::testing
