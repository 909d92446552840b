#pragma once
// A file's bytes mapped read-only into memory, for the guards that scan a scene file before osgDB reads it
// (ac3d_guard.hpp, osgt_guard.hpp): a scan of a 345 MB .osgt then costs no 345 MB copy, only the page
// cache the reader fills anyway.
#include <string>
#include <string_view>

namespace crashbench {

class MappedFile {
 public:
  /// Maps `path`; an unreadable file maps to nothing (ok() false: osgDB's read then says why).
  explicit MappedFile(const std::string& path);
  ~MappedFile();
  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;

  bool ok() const { return ok_; }
  /// The file's bytes (empty for an empty file).
  std::string_view text() const { return {static_cast<const char*>(data_), size_}; }

 private:
  void* data_ = nullptr;
  std::size_t size_ = 0;
  bool ok_ = false;
};

}  // namespace crashbench
