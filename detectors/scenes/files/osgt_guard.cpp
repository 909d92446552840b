#include "detectors/scenes/files/osgt_guard.hpp"

#include <cstdint>
#include <string_view>

#include "core/error.hpp"
#include "detectors/scenes/files/mapped_file.hpp"
#include "detectors/scenes/files/text_words.hpp"

namespace crashbench {
namespace {

/// The fewest bytes an element of a list takes: one character and a blank.
constexpr std::uint64_t kBytesPerElement = 2;

}  // namespace

void check_osgt_counts(const std::string& path) {
  const MappedFile file(path);
  if (!file.ok()) return;
  TextWords words(file.text());
  std::string_view name, count;  // the two words before the current one
  while (true) {
    if (words.at_string()) {  // a name or a description: its words are text, not structure
      words.skip_string(true);
      name = count = "";
      continue;
    }
    const std::string_view word = words.next();
    if (word.empty()) return;
    if (const std::optional<std::uint64_t> size = decimal_count(count); word == "{" && size) {
      if (const std::uint64_t left = words.bytes_left(); *size > left / kBytesPerElement)
        throw Error(path, "", "line " + std::to_string(words.line()) + ": '" + std::string(name.substr(0, 32)) + " " +
                                  std::string(count) + " {' announces more elements than the " + std::to_string(left) +
                                  " bytes after it can hold (" + std::to_string(kBytesPerElement) + " bytes at least each)");
    }
    name = count;
    count = word;
  }
}

}  // namespace crashbench
