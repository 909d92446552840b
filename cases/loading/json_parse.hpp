#pragma once
// The one way crashbench parses an input file (case, matrix, results, results stream). Whatever the
// bytes, the result is a document or a crashbench::Error naming the file, the JSON pointer where the
// parser stopped and what was expected: never another exception, never a stack overflow later.
#include <nlohmann/json.hpp>

#include <string>
#include <string_view>

namespace crashbench {

/// The deepest nesting of arrays and objects an input may have: deeper documents are refused while
/// parsing, so no recursive copy or destruction of a document can overflow the stack.
inline constexpr std::size_t kMaxJsonDepth = 64;

/// Parses `text` (read from `file`, for messages). Refuses: nesting deeper than kMaxJsonDepth, a key that
/// appears twice in one object, numbers outside a double's range, invalid UTF-8, anything not JSON.
nlohmann::json parse_json_text(std::string_view text, const std::string& file);

/// The content of the regular file `path`; Error with the reason (strerror) when it cannot be read, and a
/// clear message for a folder or a device.
std::string read_text_file(const std::string& path);

/// read_text_file, then parse_json_text.
nlohmann::json read_json_file(const std::string& path);

/// `json.dump()` that never throws: invalid UTF-8 (which no parsed document holds, but a built one might)
/// becomes U+FFFD. `indent` as nlohmann's (-1: one line).
std::string dump_json(const nlohmann::json& json, int indent = -1);

}  // namespace crashbench
