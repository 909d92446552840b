#pragma once
// Small helpers for writing HTML text.
#include <string>
#include <string_view>

#include "core/text.hpp"

namespace crashbench {

/// `text` with &, <, >, " and ' escaped for HTML content and attribute values (core/text.hpp).
inline std::string html_escape(std::string_view text) { return escape_html(text); }

}  // namespace crashbench
