#include "detectors/scenes/files/text_words.hpp"

#include <algorithm>
#include <limits>
#include <string>

namespace crashbench {
std::optional<std::uint64_t> decimal_count(std::string_view word) {
  if (word.empty() || !std::ranges::all_of(word, [](char c) { return c >= '0' && c <= '9'; })) return std::nullopt;
  if (word.size() > 18) return std::numeric_limits<std::uint64_t>::max();  // 10^18 and more: past any file
  return std::stoull(std::string(word));
}

std::string_view TextWords::next() {
  skip_blanks();
  const std::size_t start = pos_;
  while (pos_ < text_.size() && !is_stream_blank(text_[pos_])) ++pos_;
  return text_.substr(start, pos_ - start);
}

bool TextWords::at_string() {
  skip_blanks();
  return pos_ < text_.size() && text_[pos_] == '"';
}

std::optional<std::string_view> TextWords::next_string() {
  if (!at_string()) return next();
  const std::size_t close = text_.find('"', pos_ + 1);
  if (close == std::string_view::npos) return std::nullopt;
  const std::string_view inside = text_.substr(pos_ + 1, close - pos_ - 1);
  skip_bytes(close + 1 - pos_);
  return inside;
}

void TextWords::skip_string(bool escapes) {
  if (!at_string()) {
    next();
    return;
  }
  std::size_t close = pos_ + 1;
  for (; close < text_.size() && text_[close] != '"'; ++close)
    if (escapes && text_[close] == '\\') ++close;
  skip_bytes(std::min(close + 1, text_.size()) - pos_);
}

void TextWords::skip_bytes(std::uint64_t count) {
  const std::size_t end = pos_ + static_cast<std::size_t>(std::min<std::uint64_t>(count, bytes_left()));
  line_ += static_cast<int>(std::count(text_.begin() + static_cast<std::ptrdiff_t>(pos_),
                                       text_.begin() + static_cast<std::ptrdiff_t>(end), '\n'));
  pos_ = end;
}

void TextWords::skip_blanks() {
  for (; pos_ < text_.size() && is_stream_blank(text_[pos_]); ++pos_)
    if (text_[pos_] == '\n') ++line_;
}

}  // namespace crashbench
