// Opens report.html in headless Chromium, as a person would open it offline, and checks that every plot
// rendered and that the console stayed free of errors. Needs Debian's chromium (ci/setup-deps.sh).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <cstdlib>

#include "tests/app/chromium_support.hpp"
#include "tests/app/cli_support.hpp"
#include "tests/support/paths.hpp"

namespace crashbench {
namespace {

using testing::crashbench;
using testing::fresh_dir;
using testing::shell;
using testing::attribute;
using testing::chromium_command;
using testing::pre_text;
using testing::slurp;

/// `html` as headless Chromium leaves it once its scripts have run (a profile under `dir`).
std::string rendered_dom(const std::string& html, const std::string& dir) {
  const auto browser = shell(chromium_command(dir + "/profile") + "file://" + html + " > " + dir + "/dom.html");
  EXPECT_EQ(browser.exit_code, 0) << browser.output;
  return slurp(dir + "/dom.html");
}

TEST(ReportInBrowser, EveryPlotRendersWithoutConsoleErrors) {
  ASSERT_EQ(shell("command -v chromium").exit_code, 0)
      << "chromium is not installed: this test needs Debian's chromium package (run ci/setup-deps.sh)";
  const std::string dir = fresh_dir("browser");
  const auto run = crashbench("run -q " + testing::source_path("cases/library/matrix.json") + " " +
                              testing::source_path("tests/reports/data/sweep-restitution-friction.json") + " -o " +
                              dir + " --report " + dir + "/report");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  const std::string html = dir + "/report/report.html";
  const std::string dom = rendered_dom(html, dir);

  // Every figure the page embeds, including the sweep's contour plots.
  const std::string page = slurp(html);
  int embedded = 0;
  for (auto at = page.find("\"section\":"); at != std::string::npos; at = page.find("\"section\":", at + 1)) ++embedded;
  EXPECT_GE(embedded, 10);
  EXPECT_NE(page.find("\"type\":\"contour\""), std::string::npos);
  EXPECT_EQ(attribute(dom, "data-expected"), embedded) << dom.substr(0, 2000);
  EXPECT_EQ(attribute(dom, "data-rendered"), embedded);
  EXPECT_EQ(attribute(dom, "data-errors"), 0);
  EXPECT_EQ(pre_text(dom, "console-errors"), "") << "console errors in the page";
  // The page measured every tick label and axis title against its plot's SVG box once drawn.
  EXPECT_EQ(attribute(dom, "data-clipped-labels"), 0) << pre_text(dom, "clipped-labels");
  // Plotly drew SVG for the plots.
  int svgs = 0;
  for (auto at = dom.find("class=\"main-svg\""); at != std::string::npos; at = dom.find("class=\"main-svg\"", at + 1)) ++svgs;
  EXPECT_GE(svgs, embedded);
  // The verdict per scene is the page's first table; matrix.json names no reference detector, so it says so.
  const auto verdict = dom.find("<table class=\"verdict\">");
  ASSERT_NE(verdict, std::string::npos) << dom.substr(0, 2000);
  EXPECT_EQ(dom.find("<table"), verdict);
  EXPECT_LT(dom.find("not cross-checked", verdict), dom.find("</table>", verdict));
}

TEST(ReportInBrowser, AOneCaseReportIsUnderThreeMegabytesAndFullyLabelled) {
  ASSERT_EQ(shell("command -v chromium").exit_code, 0) << "chromium is not installed (run ci/setup-deps.sh)";
  const std::string dir = fresh_dir("browser-one-case");
  // A head-on hit: a speed and a yaw rate that stays zero but for rounding, on two y axes.
  const auto run = crashbench("run -q " + testing::source_path("cases/library/knight-head-on-30mph.json") + " -o " + dir +
                              " --report " + dir + "/report");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  const std::string html = dir + "/report/report.html";
  EXPECT_LT(std::filesystem::file_size(html), 3'000'000u) << "the plotting library travels packed";
  const std::string dom = rendered_dom(html, dir);
  EXPECT_GT(attribute(dom, "data-rendered"), 0) << dom.substr(0, 2000);
  EXPECT_EQ(attribute(dom, "data-rendered"), attribute(dom, "data-expected"));
  EXPECT_EQ(pre_text(dom, "console-errors"), "");
  EXPECT_EQ(attribute(dom, "data-clipped-labels"), 0) << pre_text(dom, "clipped-labels");
  const auto verdict = dom.find("<table class=\"verdict\">");
  ASSERT_NE(verdict, std::string::npos);
  EXPECT_EQ(dom.find("<table"), verdict) << "the verdict per scene is the page's first table";
}

}  // namespace
}  // namespace crashbench
