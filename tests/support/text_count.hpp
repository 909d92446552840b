#pragma once
// How often a piece of text occurs in a page or an output (overlapping matches counted).
#include <cstddef>
#include <string>

namespace crashbench::testing {

inline std::size_t occurrences(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

}  // namespace crashbench::testing
