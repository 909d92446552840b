#pragma once
// OpenSceneGraph's AC3D reader (osgdb_ac, 3.6.5) trusts the counts an AC3D file announces:
// - it reads the count after "kids", "numvert", "numsurf" and "data" into a variable it never initialises,
//   so a file that ends right after such a word gets whatever that memory held, different from one read to
//   the next (the scene-loader campaign's 2 GB stops; fuzz/regressions/scene_loader);
// - "kids N" makes N child objects whether or not N follow (an empty group each once the file is used
//   up), "numvert N" reserves N vertices first and reads them after: "kids 4294967295" spends seconds and
//   a gigabyte of memory on empty groups before anything can tell the user the file is broken.
// So every count is checked against what the rest of the file can hold before that reader
// (contained_read.hpp) starts. crashbench's own parser (ac3d_parse.hpp) declines every count this refuses
// in the text it reads (neither it nor OSG's reader reads past the world object), so a file it takes is
// not checked.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace crashbench {

/// The "kids" rule, shared by the guard and crashbench's parser so that both refuse the same files: a
/// "kids N" record announces more objects than the file holds when fewer than N OBJECT records follow it.
class KidsTally {
 public:
  void object() { ++objects_; }
  /// A "kids" record on line `line`, its count as written (`written`: the text it was read from, alive
  /// until excess() is called).
  void kids(std::uint64_t count, std::string_view written, int line) {
    records_.push_back({count, objects_, written, line});
  }
  /// Once every OBJECT record is counted: the first record that announces more than follow it, as "line L:
  /// 'kids N' announces more objects than the M OBJECT records after it", or "" when none does.
  std::string excess() const;

 private:
  struct Record {
    std::uint64_t count;
    std::uint64_t objects_before;
    std::string_view written;
    int line;
  };
  std::vector<Record> records_;
  std::uint64_t objects_ = 0;
};

/// Throws Error(path) naming the line and the word when a count word ("kids", "numvert", "numsurf", "refs",
/// "data") of the AC3D file `path` has no count after it, a count that is not a decimal number, or a count
/// the rest of the file cannot hold: more kids than OBJECT records follow, more vertices, surfaces or
/// references than 6 bytes each fit in, more data bytes than there are. Tokens are split as OSG's reader
/// splits them (quoted names and a "data" block's bytes are skipped), so a name saying "kids 9" is no count.
void check_ac3d_counts(const std::string& path);

}  // namespace crashbench
