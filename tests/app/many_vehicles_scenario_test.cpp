// A case of many vehicles end to end: `run` puts its record in an HDF5 file beside results.json, the
// report aggregates it and renders in headless Chromium, `merge` names the file from the merged results'
// folder, and `--trajectories json` keeps everything inline.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "cases/loading/json_parse.hpp"
#include "tests/app/chromium_support.hpp"
#include "tests/app/cli_support.hpp"
#include "tests/support/many_vehicles.hpp"

namespace crashbench {
namespace {

using nlohmann::json;
using testing::crashbench;
using testing::fresh_dir;

/// The many-vehicle case written to `dir`/case.json; returns its path.
std::string write_many_vehicles_case(const std::string& dir) {
  const std::string path = dir + "/case.json";
  std::ofstream(path) << testing::many_vehicles_case_json(120).dump();
  return path;
}

TEST(ManyVehicles, RecordGoesToHdf5AndTheAggregatedReportRendersInChromium) {
  ASSERT_EQ(testing::shell("command -v chromium").exit_code, 0)
      << "chromium is not installed: this test needs Debian's chromium package (run ci/setup-deps.sh)";
  const std::string dir = fresh_dir("many-vehicles");
  const auto run = crashbench("run -q " + write_many_vehicles_case(dir) + " -o " + dir + " --report " + dir + "/report");
  ASSERT_EQ(run.exit_code, 0) << run.output;

  const json doc = read_json_file(dir + "/results.json");
  const json& c = doc["cases"][0];
  EXPECT_EQ(c["trajectory"]["file"], "trajectories/case-000000.h5");
  EXPECT_TRUE(std::filesystem::is_regular_file(dir + "/trajectories/case-000000.h5"));
  EXPECT_EQ(c["trajectory"]["vehicles"].size(), 8u);
  EXPECT_EQ(c["trajectory"]["summary"]["vehicles"], 120);
  EXPECT_TRUE(c["events"].empty());
  EXPECT_GE(c["events_count"].get<int>(), 60);
  EXPECT_EQ(doc["scenes"].size(), 1u);

  const std::string dom_path = dir + "/dom.html";
  const auto browser = testing::shell(testing::chromium_command(dir + "/profile") + "file://" + dir +
                                      "/report/report.html > " + dom_path);
  ASSERT_EQ(browser.exit_code, 0) << browser.output;
  const std::string dom = testing::slurp(dom_path), page = testing::slurp(dir + "/report/report.html");
  EXPECT_NE(page.find("\"section\":\"scale\""), std::string::npos);
  EXPECT_NE(page.find("\"type\":\"heatmap\""), std::string::npos);
  EXPECT_GT(testing::attribute(dom, "data-expected"), 0) << dom.substr(0, 2000);
  EXPECT_EQ(testing::attribute(dom, "data-rendered"), testing::attribute(dom, "data-expected"));
  EXPECT_EQ(testing::attribute(dom, "data-errors"), 0);
  EXPECT_EQ(testing::pre_text(dom, "console-errors"), "");
  EXPECT_EQ(testing::attribute(dom, "data-clipped-labels"), 0) << testing::pre_text(dom, "clipped-labels");
  EXPECT_NE(dom.find("Cases of many vehicles"), std::string::npos);
}

TEST(ManyVehicles, MergeNamesTheHdf5FileFromTheMergedResultsFolder) {
  const std::string dir = fresh_dir("many-vehicles-merge");
  ASSERT_EQ(crashbench("run -q " + write_many_vehicles_case(dir) + " -o " + dir + "/shard").exit_code, 0);
  const std::string merged = dir + "/elsewhere/merged.json";
  const auto merge = crashbench("merge " + dir + "/shard/results.json -o " + merged);
  ASSERT_EQ(merge.exit_code, 0) << merge.output;
  const json doc = read_json_file(merged);
  EXPECT_EQ(doc["cases"][0]["trajectory"]["file"], "../shard/trajectories/case-000000.h5");
  EXPECT_EQ(crashbench("report " + merged + " -o " + dir + "/report").exit_code, 0);
}

TEST(ManyVehicles, TrajectoriesJsonKeepsEveryVehicleInline) {
  const std::string dir = fresh_dir("many-vehicles-json");
  ASSERT_EQ(crashbench("run -q --trajectories json " + write_many_vehicles_case(dir) + " -o " + dir).exit_code, 0);
  const json c = read_json_file(dir + "/results.json")["cases"][0];
  EXPECT_FALSE(c["trajectory"].contains("file"));
  EXPECT_EQ(c["trajectory"]["vehicles"].size(), 120u);
  EXPECT_EQ(c["events"].size(), c["events_count"].get<std::size_t>());
  EXPECT_FALSE(std::filesystem::exists(dir + "/trajectories"));
}

}  // namespace
}  // namespace crashbench
