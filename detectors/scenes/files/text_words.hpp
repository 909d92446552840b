#pragma once
// The words of a text scene file as OSG's stream readers see them (`stream >> word`), for the guards that
// check a file's announced counts before osgDB reads it (ac3d_guard.hpp, osgt_guard.hpp).
#include <cstdint>
#include <optional>
#include <string_view>

namespace crashbench {

/// Whether `c` is a blank that `stream >> word` skips in the C locale (std::isspace without its call).
constexpr bool is_stream_blank(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
}

/// A count as the guards accept it: decimal digits only, saturating at UINT64_MAX (std::nullopt otherwise).
std::optional<std::uint64_t> decimal_count(std::string_view word);

class TextWords {
 public:
  explicit TextWords(std::string_view text) : text_(text) {}

  /// The next blank-separated word ("" at the end of the text).
  std::string_view next();
  /// Whether a quoted string starts at the next word.
  bool at_string();
  /// A quoted string's characters, as OSG's AC3D reader reads a name (no escapes), or the next word when no
  /// string starts here; std::nullopt when the closing quote is missing.
  std::optional<std::string_view> next_string();
  /// Skips a quoted string (blanks and line breaks included; with `escapes`, \" does not close it) if one
  /// starts here, else one word.
  void skip_string(bool escapes);
  /// Skips `count` bytes as they are (at most to the end of the text).
  void skip_bytes(std::uint64_t count);

  std::uint64_t bytes_left() const { return text_.size() - pos_; }
  /// The line the last word read starts on (1 for the first).
  int line() const { return line_; }

 private:
  void skip_blanks();

  std::string_view text_;
  std::size_t pos_ = 0;
  int line_ = 1;
};

}  // namespace crashbench
