#pragma once
// How often a piece of text occurs in a page or an output (overlapping matches counted), and whether any
// of some lines (a load's warnings or description) holds it.
#include <algorithm>
#include <cstddef>
#include <string>
#include <vector>

namespace crashbench::testing {

inline std::size_t occurrences(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

inline bool has_line(const std::vector<std::string>& lines, const std::string& text) {
  const auto holds = [&](const std::string& l) { return l.find(text) != std::string::npos; };
  return std::any_of(lines.begin(), lines.end(), holds);
}

}  // namespace crashbench::testing
