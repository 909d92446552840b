// Names and messages from input files cannot break report.html, summary.md or the terminal table.
#include <gtest/gtest.h>

#include "reports/html_report.hpp"
#include "reports/summary_markdown.hpp"
#include "tests/reports/report_test_support.hpp"
#include "tests/support/text_count.hpp"

namespace crashbench {
namespace {

constexpr const char* kHostileName = "<!--<script>alert(1)</script><img src=x onerror=alert(2)>|`x`\n\x1b[31m";

/// The sample results with the first case and its scene and detector renamed to `name` (they head the verdict
/// and performance tables), and the last case's error set to `name`.
ResultsFile renamed(const std::string& name) {
  nlohmann::json doc = read_json_file(testing::sample_results_file("html"));
  doc["cases"][0]["name"] = name;
  doc["cases"][0]["config"]["scene"] = name;
  doc["cases"][0]["config"]["detector"] = name;
  doc["cases"].push_back({{"name", name}, {"status", "error"}, {"error", name}, {"index", doc["cases"].size()}});
  return parse_results(doc, "hostile.json");
}

using testing::occurrences;

TEST(HostileText, ReportPageHasOnlyItsOwnTags) {
  const std::string plain = report_html(renamed("plain name"), "");
  const std::string page = report_html(renamed(kHostileName), "");
  for (const char* tag : {"<script", "</script", "<img", "<!--"})
    EXPECT_EQ(occurrences(page, tag), occurrences(plain, tag)) << tag;
  // The figures' JSON still parses and still holds the name as written.
  const std::string open = "<script type=application/json id=figures>";
  const auto begin = page.find(open) + open.size();
  const auto figures = nlohmann::json::parse(page.substr(begin, page.find("</script>", begin) - begin));
  EXPECT_NE(figures.dump().find("<!--<script>alert(1)"), std::string::npos);
}

TEST(HostileText, SummaryRowsStayRowsWithoutHtml) {
  const std::string summary = summary_markdown(renamed(kHostileName));
  for (const char* raw : {"<script", "<img", "<!--", "\x1b", "|`x`"}) EXPECT_EQ(summary.find(raw), std::string::npos) << raw;
  // Rows of the verdict table (seven cells), then of the case table (nine cells).
  const std::size_t cases_at = summary.find("## Cases");
  std::size_t verdict_rows = 0, rows = 0;
  for (std::size_t at = summary.find("\n| "); at != std::string::npos; at = summary.find("\n| ", at + 1)) {
    const std::string row = summary.substr(at + 1, summary.find('\n', at + 1) - at - 1);
    const bool verdict = at < cases_at;
    EXPECT_EQ(occurrences(row, " | "), verdict ? 6u : 8u) << (verdict ? "seven" : "nine") << " cells: " << row;
    ++(verdict ? verdict_rows : rows);
  }
  EXPECT_GE(verdict_rows, 3u) << "a header, its rule and a row per scene and model";
  EXPECT_EQ(rows, renamed(kHostileName).cases.size() + 2) << "a header, its rule and one row per case";
}

}  // namespace
}  // namespace crashbench
