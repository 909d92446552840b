#pragma once
// Small helpers for writing HTML text.
#include <string>
#include <string_view>

namespace crashbench {

/// `text` with &, <, >, " escaped for HTML content and attribute values.
inline std::string html_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char ch : text) {
    switch (ch) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += ch;
    }
  }
  return out;
}

/// `text` safe inside a <script> element: "</" becomes "<\/" so no "</script>" can close it early.
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
