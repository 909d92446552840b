// `crashbench report`, `compare`, `merge` and `run --report/--jobs/--shard` as a user runs them.
#include <gtest/gtest.h>

#include <filesystem>

#include <fstream>

#include "cases/loading/matrix.hpp"
#include "tests/app/cli_support.hpp"
#include "tests/support/paths.hpp"

namespace crashbench {
namespace {

using testing::crashbench;
using testing::fresh_dir;

const std::string& matrix() {
  static const std::string path = testing::source_path("cases/library/matrix.json");
  return path;
}

/// results.json without timings and run metadata.
nlohmann::json comparable(const std::string& path) {
  nlohmann::json doc = read_json_file(path);
  doc.erase("run");
  for (auto& c : doc["cases"]) c.erase("timing");
  return doc;
}

TEST(ReportCli, RunWithReportPrintsWhereReportAndSummaryAre) {
  const std::string dir = fresh_dir("run-report");
  const auto r = crashbench("run " + testing::source_path("cases/library/knight-head-on-30mph.json") + " -o " + dir +
                            " --report " + dir + "/report");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("report: " + dir + "/report/report.html"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("summary: " + dir + "/report/summary.md"), std::string::npos) << r.output;
  EXPECT_TRUE(std::filesystem::file_size(dir + "/report/report.html") > 100000) << "the plotting library is inlined";
}

TEST(ReportCli, BadResultsFilesExitTwoWithAClearLine) {
  const std::string dir = fresh_dir("bad-results");
  std::ofstream(dir + "/not.json") << "<html>not results</html>";
  std::ofstream(dir + "/cut.json") << R"({"format": "crashbench-results/1", "cases": [{"name": "a", )";
  std::ofstream(dir + "/v9.json") << R"({"format": "crashbench-results/9", "cases": []})";
  const struct {
    const char* file;
    const char* message;
  } expected[] = {{"not.json", "not JSON"}, {"cut.json", "the file ends early (truncated?)"},
                  {"v9.json", "format 'crashbench-results/9' is not supported"}};
  for (const auto& e : expected) {
    const auto r = crashbench("report " + dir + "/" + e.file + " -o " + dir + "/out");
    EXPECT_EQ(r.exit_code, 2) << r.output;
    EXPECT_NE(r.output.find(dir + "/" + e.file + ": "), std::string::npos) << r.output;
    EXPECT_NE(r.output.find(e.message), std::string::npos) << r.output;
  }
}

TEST(ReportCli, CompareExitsOneOnlyWhenAVerdictRegressed) {
  const std::string dir = fresh_dir("compare");
  ASSERT_EQ(crashbench("run " + matrix() + " -q -o " + dir + "/a").exit_code, 0);
  nlohmann::json b = read_json_file(dir + "/a/results.json");
  b["cases"][2]["status"] = "failed";
  std::ofstream(dir + "/b.json") << b.dump();
  const auto same = crashbench("compare " + dir + "/a/results.json " + dir + "/a/results.json");
  EXPECT_EQ(same.exit_code, 0) << same.output;
  const auto worse = crashbench("compare " + dir + "/a/results.json " + dir + "/b.json");
  EXPECT_EQ(worse.exit_code, 1) << worse.output;
  EXPECT_NE(worse.output.find(b["cases"][2]["name"].get<std::string>() + ": REGRESSED passed -> failed"),
            std::string::npos)
      << worse.output;
  EXPECT_EQ(crashbench("compare " + dir + "/b.json " + dir + "/a/results.json").exit_code, 0);
}

TEST(ReportCli, ShardsRunOnSeveralJobsMergeIntoTheSingleRun) {
  const std::string dir = fresh_dir("shards");
  ASSERT_EQ(crashbench("run " + matrix() + " -q -o " + dir + "/whole").exit_code, 0);
  std::string parts;
  for (int k = 1; k <= 3; ++k) {
    const std::string out = dir + "/shard" + std::to_string(k);
    const auto r = crashbench("run " + matrix() + " -q --jobs 2 --shard " + std::to_string(k) + "/3 -o " + out);
    ASSERT_EQ(r.exit_code, 0) << r.output;
    parts = out + "/results.json " + parts;  // merged in reverse order
  }
  const auto merged = crashbench("merge " + parts + "-o " + dir + "/merged.json");
  ASSERT_EQ(merged.exit_code, 0) << merged.output;
  EXPECT_EQ(comparable(dir + "/merged.json"), comparable(dir + "/whole/results.json"));
  const auto missing = crashbench("merge " + dir + "/shard1/results.json -o " + dir + "/partial.json");
  EXPECT_EQ(missing.exit_code, 2) << missing.output;
  EXPECT_NE(missing.output.find("a shard is missing"), std::string::npos) << missing.output;
  EXPECT_EQ(crashbench("run " + matrix() + " --shard 4/3 -o " + dir + "/bad").exit_code, 2);
}

TEST(ReportCli, MergeIntoABareFileNameRefersTrajectoriesFromTheWorkingFolder) {
  // `merge ... -o merged.json` took "" as the merged file's folder and stopped on "cannot make absolute
  // path" whenever a case kept its trajectory in an HDF5 file.
  const std::string dir = fresh_dir("merge-here");
  const auto run = crashbench("run " + matrix() + " -q --trajectories h5 -o " + dir + "/out");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  const auto merged = testing::shell("cd " + dir + " && " + CRASHBENCH_CLI + " merge out/results.json -o merged.json");
  ASSERT_EQ(merged.exit_code, 0) << merged.output;
  const nlohmann::json doc = read_json_file(dir + "/merged.json");
  int files = 0;
  for (const nlohmann::json& c : doc["cases"])
    if (c.contains("trajectory") && c["trajectory"].contains("file")) {
      ++files;
      EXPECT_TRUE(std::filesystem::exists(dir + "/" + c["trajectory"]["file"].get<std::string>())) << c["trajectory"];
    }
  EXPECT_GT(files, 0);
}

}  // namespace
}  // namespace crashbench
