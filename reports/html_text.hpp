#pragma once
// Small helpers for writing HTML text.
#include <string>
#include <string_view>

#include "core/text.hpp"

namespace crashbench {

/// `text` with &, <, >, " and ' escaped for HTML content and attribute values (core/text.hpp).
inline std::string html_escape(std::string_view text) { return escape_html(text); }

/// Trusted script source (the plotting library) inside a <script> element: "</" becomes "<\/" so no
/// "</script>" can close it early. JSON data from input files goes through escape_json_for_script instead.
inline std::string script_safe(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    out += text[i];
    if (text[i] == '<' && i + 1 < text.size() && text[i + 1] == '/') out += '\\';
  }
  return out;
}

}  // namespace crashbench
