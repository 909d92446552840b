// Every file of tests/testdata/hostile/ through the real command line: `run` for run/, `report` and
// `compare` for report/. Each must end with a clean run (exit 0 or 1, nothing on stderr) or with exit 2
// and one stderr line naming the file and what expect.json says the line names (field or problem);
// never a signal, never the hang guard, never past the memory cap. expect.json lists every file, so a
// file added without its expectation fails the test, and so does an expectation without its file.
#include <gtest/gtest.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>

#include "tests/app/bounded_run.hpp"
#include "tests/app/cli_support.hpp"
#include "tests/support/paths.hpp"

namespace crashbench {
namespace {

namespace fs = std::filesystem;
using testing::BoundedOutcome;

constexpr unsigned kHangGuardSeconds = 60;
// 1 GiB of address space; none under ASan, which reserves terabytes of it.
constexpr rlim_t kMemoryCap = testing::kUnderAddressSanitizer ? 0 : rlim_t{1} << 30;

const fs::path kCorpus = fs::path(CRASHBENCH_TESTDATA_DIR) / "hostile";

nlohmann::json expectations() {
  std::ifstream in(kCorpus / "expect.json");
  return nlohmann::json::parse(in);
}

/// Why `o` (from running on `file`, expecting `expected`) breaks the corpus's rule, or "" when it keeps it.
std::string verdict(const BoundedOutcome& o, const std::string& file, const std::string& expected) {
  if (!o.exited) return o.signal == SIGALRM ? "hung (hang guard fired)" : "killed by signal " + std::to_string(o.signal);
  if (o.err.find('\x1b') != std::string::npos || o.out.find('\x1b') != std::string::npos)
    return "a raw ESC reached the terminal";
  if (expected == "clean")
    return o.exit_code <= 1 && o.err.empty() ? "" : "expected a clean run, got exit " + std::to_string(o.exit_code) + ": " + o.err;
  if (o.exit_code != 2) return "expected exit 2, got " + std::to_string(o.exit_code);
  const auto lines = std::count(o.err.begin(), o.err.end(), '\n');
  if (lines != 1 || o.err.back() != '\n') return "expected one stderr line, got: " + o.err;
  if (o.err.find(file) == std::string::npos) return "the line does not name the file: " + o.err;
  if (o.err.find(expected) == std::string::npos) return "the line does not say '" + expected + "': " + o.err;
  return "";
}

/// Runs every file of `kind` with `args_for(path, out_dir)` and checks each outcome.
template <class Args>
void check_folder(const std::string& kind, Args args_for, std::size_t& files, long& max_rss_kb) {
  const nlohmann::json expect = expectations()[kind];
  const std::string dir = testing::fresh_dir("hostile-" + kind);
  std::set<std::string> seen;
  for (const auto& entry : fs::directory_iterator(kCorpus / kind)) {
    const std::string name = entry.path().filename().string();
    seen.insert(name);
    ASSERT_TRUE(expect.contains(name)) << name << " has no entry in expect.json";
    for (const auto& args : args_for(entry.path().string(), dir)) {
      const BoundedOutcome o = testing::run_bounded(CRASHBENCH_CLI, args, dir + "/log", kHangGuardSeconds, kMemoryCap);
      EXPECT_EQ(verdict(o, name, expect[name].get<std::string>()), "") << kind << "/" << name << " (" << args[0] << ")";
      max_rss_kb = std::max(max_rss_kb, o.max_rss_kb);
    }
    ++files;
  }
  for (const auto& [name, _] : expect.items()) EXPECT_TRUE(seen.count(name)) << "expect.json lists a missing file " << name;
}

TEST(HostileCorpus, EveryFileEndsCleanlyOrWithOneLineNamingIt) {
  std::size_t files = 0;
  long max_rss_kb = 0;
  check_folder("run", [](const std::string& path, const std::string& out) {
    return std::vector<std::vector<std::string>>{{"run", path, "-q", "-o", out + "/out"}};
  }, files, max_rss_kb);
  check_folder("report", [](const std::string& path, const std::string& out) {
    return std::vector<std::vector<std::string>>{{"report", path, "-o", out + "/report"}, {"compare", path, path}};
  }, files, max_rss_kb);
  EXPECT_GE(files, 100u) << "the corpus must hold at least 100 hostile inputs";
  std::cout << files << " hostile files; peak memory of one run " << max_rss_kb / 1024 << " MiB\n";
}

/// Writes `text` to `dir/name` and returns the path.
std::string write_file(const std::string& dir, const std::string& name, const std::string& text) {
  std::ofstream(dir + "/" + name, std::ios::binary) << text;
  return dir + "/" + name;
}

/// Inputs too big to check in, made here: 100,000 nested brackets (top level, inside an inline matrix
/// case, inside a results file) and a case with more vehicles than the cap.
TEST(HostileCorpus, GeneratedGiantsEndWithOneLine) {
  const std::string dir = testing::fresh_dir("hostile-giants");
  const std::string deep(100000, '[');
  const std::string vehicle = R"({"params": "sedan", "position": [0, 0], "heading_deg": 0, "speed": 1})";
  std::string many = R"({"name": "crowd", "scene": "open-road", "response": {"model": "restitution"}, "duration": 0.1, "vehicles": [)";
  for (int i = 0; i <= 10000; ++i) many += (i ? "," : "") + vehicle;
  many += "]}";
  const struct {
    std::string file, command, says;
  } giants[] = {
      {write_file(dir, "brackets-100000.json", deep + std::string(100000, ']')), "run", "nested deeper than 64"},
      {write_file(dir, "brackets-100000-inline.json", R"({"matrix": "m", "cases": [{"name": )" + deep), "run",
       "/cases/0/name"},
      {write_file(dir, "brackets-100000-results.json", R"({"format": "crashbench-results/1", "cases": )" + deep),
       "report", "nested deeper than 64"},
      {write_file(dir, "vehicles-10001.json", many), "run", "--max-vehicles"},
  };
  for (const auto& g : giants) {
    const std::vector<std::string> args{g.command, g.file, "-o", dir + "/out"};
    const BoundedOutcome o = testing::run_bounded(CRASHBENCH_CLI, args, dir + "/log", kHangGuardSeconds, kMemoryCap);
    EXPECT_EQ(verdict(o, fs::path(g.file).filename().string(), g.says), "") << g.file;
  }
}

}  // namespace
}  // namespace crashbench
