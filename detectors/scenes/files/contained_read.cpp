#include "detectors/scenes/files/contained_read.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <new>
#include <optional>
#include <osgDB/FileNameUtils>
#include <osgDB/ReadFile>
#include <string_view>
#include <thread>

#include "core/error.hpp"
#include "detectors/scenes/files/read_reply.hpp"

// A sanitizer runtime's hook for its fatal reports (weak: absent from a build without one).
extern "C" __attribute__((weak)) void __sanitizer_set_death_callback(void (*callback)(void));

namespace crashbench {
namespace {

std::atomic<double> read_timeout_seconds{kSceneReadLimitFromSize};
std::atomic<double> read_memory_limit_mb{kSceneReadLimitFromSize};

constexpr double kMegabyte = 1024.0 * 1024.0;

/// The child's exit codes when the plugin threw (a count read from the file can ask for any amount), and
/// when it read the file but could not send the reply (the parent then reads the file itself).
constexpr int kOutOfMemory = 3, kThrew = 4, kReplyNotSent = 5;

/// Caps the child's data memory (heap and private mappings, RLIMIT_DATA) at what it holds now plus
/// `megabytes`: what the process held when it forked, a sanitizer's reserved shadow included, stays usable.
void limit_data_memory(double megabytes) {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind("VmData:", 0) != 0) continue;
    const rlim_t held = static_cast<rlim_t>(std::stoll(line.substr(7))) * 1024;
    const rlimit cap{held + static_cast<rlim_t>(megabytes * kMegabyte), RLIM_INFINITY};
    setrlimit(RLIMIT_DATA, &cap);
    return;
  }
}

/// Writes all of `bytes` to `fd`.
bool write_all(int fd, std::string_view bytes) {
  while (!bytes.empty()) {
    const ssize_t wrote = write(fd, bytes.data(), bytes.size());
    if (wrote < 0 && errno == EINTR) continue;
    if (wrote <= 0) return false;
    bytes.remove_prefix(static_cast<std::size_t>(wrote));
  }
  return true;
}

/// All of the file behind `fd`, from its start ("" if it cannot be read).
std::string read_all(int fd) {
  struct stat about {};
  if (fstat(fd, &about) != 0 || about.st_size <= 0) return {};
  std::string bytes(static_cast<std::size_t>(about.st_size), '\0');
  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t got = pread(fd, bytes.data() + done, bytes.size() - done, static_cast<off_t>(done));
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) return {};
    done += static_cast<std::size_t>(got);
  }
  return bytes;
}

/// The child: silent (a crashing plugin's last words, or a sanitizer's report, are not the user's
/// business: the parent says what happened), reads, writes its reply to `reply_fd`, and leaves without
/// running exit handlers.
[[noreturn]] void read_and_exit(const std::string& path, const osgDB::Options* options, double memory_limit_mb,
                                int reply_fd) {
  // A crash ends the child by its signal, whatever handler the parent installed (a sanitizer's or a
  // fuzzer's would report it, and a fuzzer's would save the file as its own finding).
  for (const int signal : {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT}) std::signal(signal, SIG_DFL);
  // The same for a sanitizer's own fatal report (an allocation past the memory limit under ASan): a
  // fuzzer's death callback would save the file as a crash that the harness, reading it, never has.
  if (__sanitizer_set_death_callback != nullptr) __sanitizer_set_death_callback(nullptr);
  if (const int null = open("/dev/null", O_WRONLY); null >= 0) {
    dup2(null, STDOUT_FILENO);
    dup2(null, STDERR_FILENO);
  }
  if (memory_limit_mb > 0) limit_data_memory(memory_limit_mb);
  const osg::ref_ptr<RecordingNotifyHandler> notices = new RecordingNotifyHandler;
  osg::setNotifyHandler(notices.get());
  // A plugin that throws would throw in the parent too: the exit code says so, and the parent reads no more.
  osg::ref_ptr<osg::Node> graph;
  try {
    graph = osgDB::readRefNodeFile(path, options);
  } catch (const std::bad_alloc&) {
    _exit(kOutOfMemory);
  } catch (...) {
    _exit(kThrew);
  }
  try {
    if (reply_fd >= 0 && write_all(reply_fd, encode_read_reply(notices->notices(), graph.get()))) _exit(0);
  } catch (...) {
  }
  _exit(kReplyNotSent);
}

/// The plain read in this process.
osg::ref_ptr<osg::Node> read_here(const std::string& path, const osgDB::Options* options) {
  try {
    return osgDB::readRefNodeFile(path, options);
  } catch (const std::bad_alloc&) {  // with the child off: the same answer
    throw reader_out_of_memory(path);
  } catch (const std::exception& e) {
    throw Error(path, "", reader_of(path) + " threw an exception on this file: " + e.what());
  }
}

/// A file descriptor closed when it goes out of scope.
struct OwnedFd {
  int fd;
  ~OwnedFd() {
    if (fd >= 0) close(fd);
  }
};

/// Reaps `child` (blocking: it has been killed).
void reap(pid_t child) {
  int status = 0;
  while (waitpid(child, &status, 0) < 0 && errno == EINTR) {
  }
}

/// Waits for `child` until `deadline`, and kills it past that. Returns false on timeout, else true with
/// its wait status. A pidfd wakes the wait the moment the child exits; where the kernel has none
/// (before Linux 5.3), short sleeps between polls do.
bool wait_until(pid_t child, std::chrono::steady_clock::time_point deadline, int& status) {
  using namespace std::chrono;
  // The system call, not glibc 2.36's wrapper: its header declares it without C linkage.
  const int pidfd = static_cast<int>(syscall(SYS_pidfd_open, child, 0));
  auto pause = microseconds(200);
  for (;;) {
    const auto left = duration_cast<milliseconds>(deadline - steady_clock::now());
    if (left.count() <= 0) break;
    if (pidfd >= 0) {
      pollfd ready{pidfd, POLLIN, 0};
      if (poll(&ready, 1, static_cast<int>(std::min<milliseconds::rep>(left.count(), 60000))) > 0) break;
    } else {
      if (waitpid(child, &status, WNOHANG) == child) return true;
      std::this_thread::sleep_for(pause);
      pause = std::min(pause * 2, microseconds(20000));
    }
  }
  if (pidfd >= 0) close(pidfd);
  if (waitpid(child, &status, WNOHANG) == child) return true;  // it exited, at the latest as time ran out
  kill(child, SIGKILL);
  reap(child);
  return false;
}

}  // namespace

void set_scene_read_timeout(double seconds) { read_timeout_seconds = seconds; }

double scene_read_timeout(std::uintmax_t bytes) {
  const double set = read_timeout_seconds;
  return set == kSceneReadLimitFromSize ? 5.0 + static_cast<double>(bytes) / 1e6 : set;
}

void set_scene_read_memory_limit(double megabytes) { read_memory_limit_mb = megabytes; }

double scene_read_memory_limit(std::uintmax_t bytes) {
  const double set = read_memory_limit_mb;
  return set == kSceneReadLimitFromSize ? 1024.0 + 64.0 * static_cast<double>(bytes) / kMegabyte : set;
}

std::string reader_of(const std::string& path) { return "osgDB's '." + osgDB::getLowerCaseFileExtension(path) + "' reader"; }

Error reader_out_of_memory(const std::string& path) {
  return Error(path, "", reader_of(path) + " ran out of memory on this file (a count in it asks for more than this "
                                           "machine has: the file is malformed or too large)");
}

osg::ref_ptr<osg::Node> read_contained(const std::string& path, const osgDB::Options* options) {
  std::error_code size_error;
  const std::uintmax_t bytes = std::filesystem::file_size(path, size_error);
  const double limit = scene_read_timeout(size_error ? 0 : bytes);
  if (limit <= 0) return read_here(path, options);
  const double memory_limit_mb = scene_read_memory_limit(size_error ? 0 : bytes);
  const std::string reader = reader_of(path);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                                               std::chrono::duration<double>(limit));
  // Anonymous memory the child writes its reply into: no pipe to drain while waiting, no file left behind.
  const OwnedFd reply{memfd_create("crashbench-scene-read", MFD_CLOEXEC)};
  load_osgb_serializers();
  const pid_t child = fork();
  if (child < 0)
    throw Error(path, "", fmt::format("cannot start the process that reads a scene file safely: {} "
                                      "(--scene-read-timeout 0 reads it in this process)",
                                      std::strerror(errno)));
  if (child == 0) read_and_exit(path, options, memory_limit_mb, reply.fd);
  int status = 0;
  if (!wait_until(child, deadline, status))
    throw Error(path, "", fmt::format("{} did not finish within {:.3g} s (a malformed file can make it loop; "
                                      "--scene-read-timeout SECONDS sets the limit)",
                                      reader, limit));
  if (WIFSIGNALED(status))
    throw Error(path, "", fmt::format("{} crashed on this file (signal {}, {}) in the separate process that "
                                      "reads it: the file is malformed or beyond what the plugin reads",
                                      reader, WTERMSIG(status), strsignal(WTERMSIG(status))));
  if (WIFEXITED(status) && WEXITSTATUS(status) == kOutOfMemory && memory_limit_mb > 0)
    throw Error(path, "", fmt::format("{} needed more than {:g} MB on this file (the limit of the separate "
                                      "process that reads it): a count in it asks for more than the "
                                      "file holds, or the file is too large (--scene-read-memory MB sets the limit)",
                                      reader, std::round(memory_limit_mb)));
  if (WIFEXITED(status) && WEXITSTATUS(status) == kOutOfMemory) throw reader_out_of_memory(path);
  if (WIFEXITED(status) && WEXITSTATUS(status) == kThrew)
    throw Error(path, "", reader + " threw an exception on this file: it is malformed or beyond what the "
                                   "plugin reads");
  if (WIFEXITED(status) && WEXITSTATUS(status) != 0 && WEXITSTATUS(status) != kReplyNotSent)
    throw Error(path, "", fmt::format("{} failed on this file (the separate process that reads it "
                                      "exited with code {})",
                                      reader, WEXITSTATUS(status)));
  // The plugin survived the file: what the child sent back is the graph, unless the round trip lost some of it.
  if (const std::optional<ReadReply> sent = decode_read_reply(read_all(reply.fd))) {
    if (!sent->read_a_graph) {
      replay_notices(*sent);
      return nullptr;
    }
    if (osg::ref_ptr<osg::Node> graph = graph_of(*sent)) {
      replay_notices(*sent);
      return graph;
    }
  }
  return read_here(path, options);
}

}  // namespace crashbench
