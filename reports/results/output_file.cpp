#include "reports/results/output_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include "core/error.hpp"

namespace crashbench {
namespace {

[[noreturn]] void fail(const std::string& path, const std::string& what) {
  throw Error(path, "", what + ": " + std::strerror(errno));
}

void make_parent_folders(const std::string& path) {
  const std::filesystem::path parent = std::filesystem::path(path).parent_path();
  if (parent.empty()) return;
  std::error_code ec;
  std::filesystem::create_directories(parent, ec);
  if (ec) throw Error(path, "", "cannot create the folder " + parent.string() + ": " + ec.message());
}

/// Writes all of `data` to `fd`, retrying short writes and interrupted calls; false with errno set on failure.
bool write_all(int fd, std::string_view data) {
  while (!data.empty()) {
    const ssize_t n = ::write(fd, data.data(), data.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    data.remove_prefix(static_cast<std::size_t>(n));
  }
  return true;
}

/// Makes the rename itself durable: the folder's entry is flushed too (best effort: not every file system allows it).
void sync_folder(const std::string& path) {
  const std::filesystem::path parent = std::filesystem::path(path).parent_path();
  const int dir = ::open(parent.empty() ? "." : parent.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir < 0) return;
  ::fsync(dir);
  ::close(dir);
}

}  // namespace

std::string temporary_path_for(const std::string& path) {
  make_parent_folders(path);
  return path + ".tmp-" + std::to_string(::getpid());
}

void move_into_place(const std::string& temp, const std::string& path) {
  const int fd = ::open(temp.c_str(), O_RDONLY | O_CLOEXEC);
  const bool synced = fd >= 0 && ::fsync(fd) == 0;
  const std::string reason = std::strerror(errno);
  if (fd >= 0) ::close(fd);
  if (!synced) {
    std::remove(temp.c_str());
    throw Error(path, "", "flushing the file to disk failed: " + reason);
  }
  if (std::rename(temp.c_str(), path.c_str()) != 0) {
    const std::string why = std::strerror(errno);
    std::remove(temp.c_str());
    throw Error(path, "", "cannot move the finished file into place: " + why);
  }
  sync_folder(path);
}

void write_file_atomically(const std::string& path, std::string_view content) {
  const std::string temp = temporary_path_for(path);
  const int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) fail(path, "cannot create the temporary file " + temp);
  const bool written = write_all(fd, content);
  const int saved = errno;
  if (::close(fd) != 0 || !written) {
    errno = written ? errno : saved;
    const std::string reason = std::strerror(errno);
    std::remove(temp.c_str());
    throw Error(path, "", "writing the file failed: " + reason);
  }
  move_into_place(temp, path);
}

LineFile::LineFile(const std::string& path) : path_(path) {
  make_parent_folders(path);
  fd_ = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0644);
  if (fd_ < 0) fail(path, "cannot create the file");
}

LineFile::~LineFile() {
  if (fd_ >= 0) ::close(fd_);
}

void LineFile::write_line(std::string_view line) {
  std::string whole(line);
  whole += '\n';
  if (!write_all(fd_, whole)) fail(path_, "writing a line failed");
}

void LineFile::sync() {
  if (::fsync(fd_) != 0) fail(path_, "flushing the file to disk failed");
}

}  // namespace crashbench
