#include "detectors/scenes/files/ac3d_guard.hpp"

#include <array>
#include <cstdint>
#include <string_view>

#include "core/error.hpp"
#include "detectors/scenes/files/mapped_file.hpp"
#include "detectors/scenes/files/text_words.hpp"

namespace crashbench {
namespace {

/// The fewest bytes a vertex ("\n0 0 0"), a reference ("\n0 0 0") or a surface takes, blank before it included.
constexpr std::uint64_t kBytesPerRecord = 6;

/// What a count word counts ("" for a word that is not one).
std::string_view counted_by(std::string_view word) {
  constexpr std::array<std::array<const char*, 2>, 5> kCounts = {{
      {"kids", "objects"}, {"numvert", "vertices"}, {"numsurf", "surfaces"}, {"refs", "references"}, {"data", "bytes"}}};
  for (const auto& [count_word, counted] : kCounts)
    if (word == count_word) return counted;
  return "";
}

/// The count after `word` on `line`: refused when the file ends first or it is not a decimal number.
std::uint64_t read_count(const std::string& path, std::string_view word, std::string_view count, int line) {
  const auto where = [&] { return "line " + std::to_string(line) + ": '" + std::string(word) + "'"; };
  if (count.empty())
    throw Error(path, "", where() + ": the file ends at '" + std::string(word) + "' without the count it announces " +
                              "(OpenSceneGraph's AC3D reader would take the count from uninitialised memory)");
  const std::optional<std::uint64_t> value = decimal_count(count);
  if (!value)
    throw Error(path, "", where() + " is followed by '" + std::string(count.substr(0, 32)) +
                              "', not a count (a decimal number of 0 or more)");
  return *value;
}

}  // namespace

std::string KidsTally::excess() const {
  for (const Record& r : records_)
    if (const std::uint64_t after = objects_ - r.objects_before; r.count > after)
      return "line " + std::to_string(r.line) + ": 'kids " + std::string(r.written) +
             "' announces more objects than the " + std::to_string(after) + " OBJECT records after it";
  return "";
}

void check_ac3d_counts(const std::string& path) {
  const MappedFile file(path);
  if (!file.ok()) return;
  KidsTally kids;  // checked at the end, when every OBJECT record is counted
  TextWords words(file.text());
  for (std::string_view word = words.next(); !word.empty(); word = words.next()) {
    if (word == "OBJECT") {
      kids.object();
    } else if (word == "MATERIAL" || word == "name" || word == "texture") {
      words.skip_string(false);  // OSG's AC3D readString knows no escapes
    } else if (const std::string_view counted = counted_by(word); !counted.empty()) {
      const int line = words.line();
      const std::string_view count_text = words.next();
      const std::uint64_t count = read_count(path, word, count_text, line);
      const std::uint64_t left = words.bytes_left();
      // Written only for a refusal: a track has a count word on every surface.
      const auto announced = [&] {
        return "line " + std::to_string(line) + ": '" + std::string(word) + " " + std::string(count_text) +
               "' announces more " + std::string(counted) + " than ";
      };
      if (word == "kids") {
        kids.kids(count, count_text, line);
      } else if (word == "data") {
        if (count > left) throw Error(path, "", announced() + "the " + std::to_string(left) + " left in the file");
        words.skip_bytes(count);
      } else if (count > left / kBytesPerRecord) {
        throw Error(path, "", announced() + "the " + std::to_string(left) + " bytes after it can hold (" +
                                  std::to_string(kBytesPerRecord) + " bytes at least each)");
      }
    }
  }
  if (std::string excess = kids.excess(); !excess.empty()) throw Error(path, "", std::move(excess));
}

}  // namespace crashbench
