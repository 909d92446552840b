#pragma once
// Writing output files so that a kill, a crash or a full disk never leaves a file that looks complete
// but is not: whole files go to a temporary file in the same folder, are flushed to disk and renamed into
// place (rename is atomic within a file system); line files are appended one whole line per write.
// Every I/O error names the file and the system's reason (strerror).
#include <string>
#include <string_view>

namespace crashbench {

/// Writes `content` to `path` (folders created): afterwards `path` holds either its old content or all
/// of `content`, never a part. Error naming `path` and the reason on failure (the temporary is removed).
void write_file_atomically(const std::string& path, std::string_view content);

/// For writers that need a file name (a library that opens the file itself, as HDF5 does): the
/// temporary to write `path` to (folders created), then `move_into_place` flushes it to disk and renames
/// it to `path`. Error naming `path` and the reason on failure (the temporary is removed).
std::string temporary_path_for(const std::string& path);
void move_into_place(const std::string& temp, const std::string& path);

/// A file of lines appended as they come (results.jsonl): each line reaches the file with one write()
/// call, so a killed process leaves whole lines and at most one partial last line without its newline.
class LineFile {
 public:
  /// Creates (or empties) `path`, folders included; Error with the reason on failure.
  explicit LineFile(const std::string& path);
  ~LineFile();
  LineFile(const LineFile&) = delete;
  LineFile& operator=(const LineFile&) = delete;

  /// Appends `line` and a newline; Error with the reason on failure (e.g. a full disk).
  void write_line(std::string_view line);
  /// Flushes what was written to the disk (fsync).
  void sync();

  const std::string& path() const { return path_; }

 private:
  std::string path_;
  int fd_ = -1;
};

}  // namespace crashbench
