#pragma once
// The small pieces of CSV reading the replay log and a followed path share: trimming a field and reading it
// as one finite number, with an Error that names the file, the line and the column.
#include <fmt/format.h>

#include <charconv>
#include <cmath>
#include <string>
#include <string_view>

#include "core/error.hpp"

namespace crashbench {

/// `s` without surrounding blanks (and a Windows line end).
inline std::string_view csv_trimmed(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

/// "line N", or "" for a row not read from a file (line 0).
inline std::string csv_line(int line) { return line > 0 ? fmt::format("line {}", line) : std::string(); }

/// `field` (already trimmed) as a finite number, or an Error naming `path`, `line` and `column`.
inline double csv_number(std::string_view field, const std::string& path, int line, std::string_view column) {
  double value = 0;
  const auto [end, ec] = std::from_chars(field.data(), field.data() + field.size(), value);
  if (ec != std::errc() || end != field.data() + field.size())
    throw Error(path, csv_line(line), fmt::format("column '{}': expected a number, found '{}'", column, field));
  if (!std::isfinite(value))
    throw Error(path, csv_line(line), fmt::format("column '{}': expected a finite number, found '{}'", column, field));
  return value;
}

}  // namespace crashbench
