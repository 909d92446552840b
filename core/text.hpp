#pragma once
// Text from input files, made safe to store and to show: valid UTF-8 (so a JSON writer never throws on
// it), cut only between characters, and escaped for each place it is written (HTML, a <script> block,
// a Markdown table cell, a terminal line).
#include <cstddef>
#include <string>
#include <string_view>

namespace crashbench {

/// `text` with every byte that does not start or continue a well-formed UTF-8 sequence (overlong forms,
/// surrogates and code points above U+10FFFF included) replaced by U+FFFD.
std::string valid_utf8(std::string_view text);

/// At most `max_bytes` bytes of `text`, cut before a UTF-8 sequence, "..." appended when cut.
std::string cut_utf8(std::string_view text, std::size_t max_bytes);

/// For HTML text and attribute values (quoted with " or '): &, <, >, " and ' as character references.
std::string escape_html(std::string_view text);

/// For XML 1.0 text and attribute values: escape_html, and the C0 control characters XML forbids (all but
/// tab, newline and carriage return) replaced by U+FFFD, so the document stays well-formed.
std::string escape_xml(std::string_view text);

/// JSON text placed inside a <script> element: every '<', '>' and '&' as \u003c, \u003e, \u0026 (legal only
/// inside JSON strings, where those characters can only be), so "</script", "<!--" and "<script" cannot
/// appear and the block cannot be closed or turned into a comment early.
std::string escape_json_for_script(std::string_view json_text);

/// One Markdown table cell: '|' and '`' and '\' backslash-escaped, '<', '>' and '&' as character
/// references (no raw HTML gets through), line breaks and other control characters as spaces.
std::string escape_markdown_cell(std::string_view text);

/// One line for a terminal: control characters (C0 including ESC and newlines, DEL, C1) shown as \xNN,
/// so a name cannot move the cursor, recolour the screen or forge another line; invalid UTF-8 replaced.
std::string escape_terminal(std::string_view text);

/// escape_terminal on each line of `text`, keeping its newlines (for multi-line output such as a table).
std::string escape_terminal_lines(std::string_view text);

}  // namespace crashbench
