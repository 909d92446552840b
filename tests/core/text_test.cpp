#include "core/text.hpp"

#include <gtest/gtest.h>

#include "core/error.hpp"

namespace crashbench {
namespace {

/// True when `text` holds a byte below 0x20 or DEL (a terminal control character).
bool has_control(const std::string& text) {
  for (const char c : text)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) return true;
  return false;
}

TEST(Text, ValidUtf8ReplacesEachBadByteAndKeepsGoodCharacters) {
  EXPECT_EQ(valid_utf8("caf\xC3\xA9"), "caf\xC3\xA9");
  EXPECT_EQ(valid_utf8("a\xFF" "b"), "a\xEF\xBF\xBD" "b");
  EXPECT_EQ(valid_utf8("\xC0\xAF"), "\xEF\xBF\xBD\xEF\xBF\xBD") << "overlong '/' is two bad bytes";
  EXPECT_EQ(valid_utf8("\xED\xA0\x80"), "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD") << "a surrogate is not a character";
  EXPECT_EQ(valid_utf8("\xF4\x90\x80\x80").substr(0, 3), "\xEF\xBF\xBD") << "above U+10FFFF";
  EXPECT_EQ(valid_utf8("\xF0\x9F\x9A\x97"), "\xF0\x9F\x9A\x97");
  EXPECT_EQ(valid_utf8("\xE2\x82"), "\xEF\xBF\xBD\xEF\xBF\xBD") << "a sequence cut at the end";
}

TEST(Text, CutUtf8NeverSplitsACharacter) {
  const std::string e_acute = "\xC3\xA9";
  std::string text = "a";
  for (int i = 0; i < 30; ++i) text += e_acute;
  for (std::size_t max = 1; max < text.size(); ++max) {
    const std::string cut = cut_utf8(text, max);
    ASSERT_EQ(cut.substr(cut.size() - 3), "...");
    const std::string kept = cut.substr(0, cut.size() - 3);
    EXPECT_LE(kept.size(), max);
    EXPECT_EQ(valid_utf8(kept), kept) << "cut at " << max;
  }
  EXPECT_EQ(cut_utf8("short", 10), "short");
}

TEST(Text, ErrorTextIsValidUtf8AndBounded) {
  const Error e("f\xFF.json", "/dt", "expected a number, found \"a" + std::string(5000, '\xC3') + "\"");
  const std::string what = e.what();
  EXPECT_EQ(valid_utf8(what), what);
  EXPECT_LT(what.size(), 4000u);
  EXPECT_NE(what.find("f\xEF\xBF\xBD.json: /dt: "), std::string::npos) << what;
}

TEST(Text, HtmlEscapesEveryMarkupCharacter) {
  EXPECT_EQ(escape_html("<img src=x onerror='a(\"1\")'>&"),
            "&lt;img src=x onerror=&#39;a(&quot;1&quot;)&#39;&gt;&amp;");
}

TEST(Text, ScriptJsonHasNoTagOrCommentOpener) {
  const std::string json = R"(["<!--<script>", "</script>", "a&b>c"])";
  const std::string safe = escape_json_for_script(json);
  for (const char* bad : {"<", ">", "&"}) EXPECT_EQ(safe.find(bad), std::string::npos) << bad;
  EXPECT_EQ(safe, R"(["\u003c!--\u003cscript\u003e", "\u003c/script\u003e", "a\u0026b\u003ec"])");
}

TEST(Text, MarkdownCellKeepsOneCellOnOneLine) {
  const std::string cell = escape_markdown_cell("a|b `c` \\ <img src=x onerror=y>\nnext\r|");
  EXPECT_EQ(cell, "a\\|b \\`c\\` \\\\ &lt;img src=x onerror=y&gt; next \\|");
  EXPECT_FALSE(has_control(cell));
}

TEST(Text, TerminalShowsControlCharactersAsEscapes) {
  EXPECT_EQ(escape_terminal("\x1B[31mred\x1B[0m\r\n\x07\x7F"), "\\x1b[31mred\\x1b[0m\\x0d\\x0a\\x07\\x7f");
  EXPECT_EQ(escape_terminal("x\xC2\x9B" "31m"), "x\\u009b31m") << "C1 CSI";
  EXPECT_EQ(escape_terminal("caf\xC3\xA9 \xF0\x9F\x9A\x97"), "caf\xC3\xA9 \xF0\x9F\x9A\x97");
  EXPECT_EQ(escape_terminal_lines("a\x1B\nb\n"), "a\\x1b\nb\n");
}

}  // namespace
}  // namespace crashbench
