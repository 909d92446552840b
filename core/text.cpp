#include "core/text.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace crashbench {
namespace {

constexpr std::string_view kReplacement = "\xEF\xBF\xBD";  // U+FFFD

/// The length of the well-formed UTF-8 sequence at the start of `s`, or 0 when it is not one.
std::size_t sequence_length(std::string_view s) {
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(s[i]); };
  const unsigned char b0 = byte(0);
  if (b0 < 0x80) return 1;
  std::size_t n = 0;
  unsigned char lo = 0x80, hi = 0xBF;  // the allowed range of the second byte (RFC 3629 table)
  if (b0 >= 0xC2 && b0 <= 0xDF) n = 2;
  else if (b0 == 0xE0) n = 3, lo = 0xA0;
  else if (b0 == 0xED) n = 3, hi = 0x9F;  // no surrogates
  else if (b0 >= 0xE1 && b0 <= 0xEF) n = 3;
  else if (b0 == 0xF0) n = 4, lo = 0x90;
  else if (b0 >= 0xF1 && b0 <= 0xF3) n = 4;
  else if (b0 == 0xF4) n = 4, hi = 0x8F;  // nothing above U+10FFFF
  else return 0;
  if (s.size() < n || byte(1) < lo || byte(1) > hi) return 0;
  for (std::size_t i = 2; i < n; ++i)
    if (byte(i) < 0x80 || byte(i) > 0xBF) return 0;
  return n;
}

/// Calls `emit(sequence)` for each character of `text`, with invalid bytes as U+FFFD.
template <class Emit>
void for_each_character(std::string_view text, Emit emit) {
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t n = sequence_length(text.substr(i));
    emit(n == 0 ? kReplacement : text.substr(i, n));
    i += n == 0 ? 1 : n;
  }
}

}  // namespace

std::string valid_utf8(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for_each_character(text, [&](std::string_view c) { out += c; });
  return out;
}

std::string cut_utf8(std::string_view text, std::size_t max_bytes) {
  const std::string valid = valid_utf8(text);
  if (valid.size() <= max_bytes) return valid;
  std::size_t end = max_bytes;
  // Step back over continuation bytes to the start of the sequence that would be split.
  while (end > 0 && (static_cast<unsigned char>(valid[end]) & 0xC0) == 0x80) --end;
  return valid.substr(0, end) + "...";
}

std::string escape_html(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for_each_character(text, [&](std::string_view c) {
    switch (c.front()) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
    }
  });
  return out;
}

std::string escape_xml(std::string_view text) {
  std::string allowed(valid_utf8(text));
  for (char& ch : allowed)
    if (static_cast<unsigned char>(ch) < 0x20 && ch != '\t' && ch != '\n' && ch != '\r') ch = '\x1A';
  std::string out;
  for (const char ch : escape_html(allowed)) out += ch == '\x1A' ? std::string("\xEF\xBF\xBD") : std::string(1, ch);
  return out;
}

std::string escape_json_for_script(std::string_view json_text) {
  std::string out;
  out.reserve(json_text.size());
  for (const char ch : json_text) {
    switch (ch) {
      case '<': out += "\\u003c"; break;
      case '>': out += "\\u003e"; break;
      case '&': out += "\\u0026"; break;
      default: out += ch;
    }
  }
  return out;
}

std::string escape_markdown_cell(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for_each_character(text, [&](std::string_view c) {
    const auto ch = static_cast<unsigned char>(c.front());
    if (c.size() == 1 && (ch < 0x20 || ch == 0x7F)) out += ' ';
    else if (ch == '|' || ch == '`' || ch == '\\') out += '\\', out += c;
    else if (ch == '<') out += "&lt;";
    else if (ch == '>') out += "&gt;";
    else if (ch == '&') out += "&amp;";
    else out += c;
  });
  return out;
}

std::string escape_terminal(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for_each_character(text, [&](std::string_view c) {
    const auto b0 = static_cast<unsigned char>(c.front());
    const bool c0 = c.size() == 1 && (b0 < 0x20 || b0 == 0x7F);
    const bool c1 = c.size() == 2 && b0 == 0xC2 && static_cast<unsigned char>(c[1]) < 0xA0;  // U+0080..U+009F
    if (c0) out += fmt::format("\\x{:02x}", b0);
    else if (c1) out += fmt::format("\\u{:04x}", static_cast<unsigned char>(c[1]));
    else out += c;
  });
  return out;
}

std::string escape_terminal_lines(std::string_view text) {
  std::string out;
  for (std::size_t start = 0; start <= text.size();) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    out += escape_terminal(text.substr(start, end - start));
    if (end < text.size()) out += '\n';
    start = end + 1;
  }
  return out;
}

}  // namespace crashbench
