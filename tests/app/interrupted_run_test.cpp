// kill -9 in the middle of a long matrix run: every case finished before the kill stays readable by
// `crashbench report`, and nothing left behind looks like a complete run.
#include <gtest/gtest.h>

#include <algorithm>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <thread>

#include "tests/app/bounded_run.hpp"
#include "tests/app/cli_support.hpp"
#include "tests/support/paths.hpp"

namespace crashbench {
namespace {

namespace fs = std::filesystem;

constexpr int kPlannedCases = 400;

/// A matrix of kPlannedCases runs of the shipped head-on case, long enough to be killed in the middle.
std::string long_matrix(const std::string& dir) {
  nlohmann::json speeds = nlohmann::json::array();
  for (int i = 0; i < kPlannedCases; ++i) speeds.push_back(10.0 + 0.05 * i);
  const nlohmann::json matrix = {
      {"matrix", "long"},
      {"cases", {testing::source_path("cases/library/knight-head-on-30mph.json")}},
      {"vary", {{"vehicles.0.speed_mph", speeds}, {"duration", {8.0}}, {"dt", {0.001}}}}};
  const std::string path = dir + "/long-matrix.json";
  std::ofstream(path) << matrix.dump();
  return path;
}

/// The lines of `text` that end with a newline (the whole ones).
std::vector<std::string> whole_lines(const std::string& text) {
  std::vector<std::string> lines;
  for (std::size_t start = 0, end; (end = text.find('\n', start)) != std::string::npos; start = end + 1)
    lines.push_back(text.substr(start, end - start));
  return lines;
}

/// The case lines of a stream (the others: the start and end lines, and a scene line before the first
/// case on each scene's walls).
std::size_t case_lines(const std::vector<std::string>& lines) {
  return static_cast<std::size_t>(
      std::count_if(lines.begin(), lines.end(), [](const std::string& l) { return l.find(R"("kind":"case")") != std::string::npos; }));
}

TEST(InterruptedRun, KillMidRunLeavesEveryFinishedCaseReadable) {
  const std::string dir = testing::fresh_dir("killed-run");
  const std::string out = dir + "/out";
  fs::create_directories(out);
  std::ofstream(out + "/results.json") << R"({"format": "crashbench-results/1", "cases": []})";  // an older run's
  const std::string matrix = long_matrix(dir);

  const pid_t pid = ::fork();
  if (pid == 0) {
    ::freopen("/dev/null", "w", stdout);
    ::execl(CRASHBENCH_CLI, CRASHBENCH_CLI, "run", matrix.c_str(), "-q", "-o", out.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  // Kill once a few cases are on disk (polling the stream, as a user's Ctrl-\ or an OOM killer would land).
  std::size_t seen = 0;
  for (int i = 0; i < 200000 && seen < 6; ++i) {
    seen = whole_lines(testing::read_all(out + "/results.jsonl")).size();
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  ASSERT_EQ(::kill(pid, SIGKILL), 0);
  int status = 0;
  ::waitpid(pid, &status, 0);
  ASSERT_TRUE(WIFSIGNALED(status)) << "the run finished before the kill: make the matrix longer";

  EXPECT_FALSE(fs::exists(out + "/results.json")) << "an older results.json must not look like this run's";
  EXPECT_TRUE(fs::exists(out + "/results.json.previous"));
  const std::vector<std::string> lines = whole_lines(testing::read_all(out + "/results.jsonl"));
  ASSERT_GE(lines.size(), 6u);
  for (const auto& line : lines) EXPECT_EQ(line.find(R"("kind":"end")"), std::string::npos) << "an end line after a kill";
  const std::size_t finished = case_lines(lines);
  ASSERT_LT(finished, static_cast<std::size_t>(kPlannedCases));

  for (const std::string& input : {out + "/results.jsonl", out}) {
    const auto r = testing::crashbench("report " + input + " -o " + dir + "/report");
    EXPECT_EQ(r.exit_code, 0) << r.output;
    const std::string summary = testing::read_all(dir + "/report/summary.md");
    EXPECT_NE(summary.find("interrupted: " + std::to_string(finished) + " of " + std::to_string(kPlannedCases) +
                           " cases finished"),
              std::string::npos)
        << summary.substr(0, 400);
    EXPECT_NE(summary.find(std::to_string(finished) + " cases: "), std::string::npos) << summary.substr(0, 400);
  }
  const auto compared = testing::crashbench("compare " + out + "/results.jsonl " + out + "/results.jsonl");
  EXPECT_EQ(compared.exit_code, 0) << compared.output;
  EXPECT_NE(compared.output.find("interrupted: " + std::to_string(finished)), std::string::npos) << compared.output;
}

TEST(InterruptedRun, FinishedRunEndsItsStreamAndMatchesResultsJson) {
  const std::string dir = testing::fresh_dir("finished-run");
  const auto r = testing::crashbench("run " + testing::source_path("cases/library/matrix.json") + " -q -o " + dir);
  ASSERT_LE(r.exit_code, 1) << r.output;
  const std::vector<std::string> lines = whole_lines(testing::read_all(dir + "/results.jsonl"));
  ASSERT_GE(lines.size(), 3u);
  EXPECT_NE(lines.front().find("crashbench-results-stream/1"), std::string::npos);
  EXPECT_NE(lines.back().find(R"("kind":"end")"), std::string::npos);
  const nlohmann::json whole = nlohmann::json::parse(testing::read_all(dir + "/results.json"));
  EXPECT_EQ(case_lines(lines), whole["cases"].size()) << "one line per case";
  EXPECT_EQ(lines.size() - 2 - case_lines(lines), whole["scenes"].size()) << "one scene line per set of walls";
  for (const auto& entry : fs::directory_iterator(dir))
    EXPECT_EQ(entry.path().filename().string().find(".tmp-"), std::string::npos) << "a temporary file was left";
}

}  // namespace
}  // namespace crashbench
