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
#include "tests/support/torcs_definition.hpp"
#include "tests/support/torcs_strips.hpp"

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

/// A one-car case on open road replaying `replay` (a file beside it) or named `name`.
std::string small_case(const std::string& dir, const std::string& file, const nlohmann::json& changes) {
  nlohmann::json doc = {{"name", "small"}, {"scene", "open-road"}, {"response", {{"model", "restitution"}}},
                        {"duration", 0.5}, {"vehicles", {{{"params", "sedan"}, {"position", {0, 0}}, {"heading_deg", 0}, {"speed", 1}}}}};
  doc.merge_patch(changes);
  return write_file(dir, file, doc.dump());
}

/// The defects found by a tester outside the team, each an input made here (they need a plugin built by
/// this build, a track beside its definition, or a command line): a truncated plugin, replay logs past
/// the bounds case files obey, names over kMaxNameBytes, another track's definition or a half-written one
/// beside a scene, and CLI11's own errors. Each must be exit 2 with one line naming the input.
TEST(HostileCorpus, EscapesFoundOutsideEndWithOneLine) {
  const std::string dir = testing::fresh_dir("hostile-escapes");
  // A plugin cut short: loading it used to die of SIGBUS, with no message and no other case's results.
  std::ifstream whole(std::string(CRASHBENCH_TEST_PLUGIN_DIR) + "/test_plugin_parts.so", std::ios::binary);
  const std::string plugin((std::istreambuf_iterator<char>(whole)), std::istreambuf_iterator<char>());
  ASSERT_GT(plugin.size(), 4096u);
  write_file(dir, "half.so", plugin.substr(0, plugin.size() / 2));
  write_file(dir, "header-only.so", plugin.substr(0, 64));
  write_file(dir, "ten-bytes.so", plugin.substr(0, 10));
  // Replay logs: rows 1e-300 s apart (an infinite speed), a coordinate of 1e308, 10 km in a millisecond.
  write_file(dir, "close-rows.csv", "t,x,y,heading_deg\n0,0,0,0\n1e-300,0,0,0\n2,1,0,0\n");
  write_file(dir, "far-x.csv", "t,x,y,heading_deg\n0,0,0,0\n1,1e308,0,0\n2,1,0,0\n");
  write_file(dir, "too-fast.csv", "t,x,y,heading_deg\n0,0,0,0\n0.001,10000,0,0\n2,10001,0,0\n");
  const auto replaying = [&](const std::string& log) {
    return small_case(dir, "replays-" + log + ".json", {{"vehicles", {{{"params", "sedan"}, {"replay", log}}}}});
  };
  // A track whose road runs along X, 10 m wide, and beside it another track's definition (a left hand
  // curve from the same start line) or a definition cut in the middle of a tag.
  std::vector<Vec2> centres, left;
  for (int i = 0; i <= 5; ++i) centres.emplace_back(20.0 * i, 0.0), left.emplace_back(0, 1);
  write_file(dir, "foreign.acc", testing::acc_text({{"TKMN0", testing::pairs_across(centres, left, 5.0), {}}}));
  write_file(dir, "foreign.xml", testing::torcs_definition(10, {testing::torcs_straight("s", 20),
                                                               testing::torcs_curve("c", "lft", 30, 180)}));
  write_file(dir, "half-written.acc", testing::acc_text({{"TKMN0", testing::pairs_across(centres, left, 5.0), {}}}));
  const std::string definition = testing::torcs_definition(10, {testing::torcs_straight("s", 100)});
  write_file(dir, "half-written.xml", definition.substr(0, definition.size() / 2));
  const std::string long_name(2000, 'n');
  const std::string out = dir + "/out";
  const struct {
    std::vector<std::string> args;
    std::string names, says;
  } inputs[] = {
      {{"--plugin", dir + "/half.so", "list"}, "half.so", "past the end of the"},
      {{"--plugin", dir + "/header-only.so", "list"}, "header-only.so", "program headers lie past the end"},
      {{"--plugin", dir + "/ten-bytes.so", "list"}, "ten-bytes.so", "shorter than an ELF header"},
      {{"run", small_case(dir, "plugin-in-case.json", {{"plugins", {"half.so"}}}), "-q", "-o", out},
       "plugin-in-case.json", "/plugins/0"},
      {{"run", replaying("close-rows.csv"), "-q", "-o", out}, "close-rows.csv", "line 3"},
      {{"run", replaying("far-x.csv"), "-q", "-o", out}, "far-x.csv", "line 3"},
      {{"run", replaying("too-fast.csv"), "-q", "-o", out}, "too-fast.csv", "line 3"},
      {{"run", small_case(dir, "long-name.json", {{"name", long_name}}), "-q", "-o", out}, "long-name.json", "/name"},
      {{"run", write_file(dir, "long-matrix.json", nlohmann::json{{"matrix", long_name}, {"cases", {{{"name", "x"}}}}}.dump()),
        "-q", "-o", out}, "long-matrix.json", "/matrix"},
      {{"scene", "centreline", dir + "/foreign.acc", "-o", dir + "/lap.csv"}, "foreign.xml", "--off-road-max"},
      {{"scene", "centreline", dir + "/half-written.acc", "-o", dir + "/lap.csv"}, "half-written.xml", "--strips"},
      {{"run", "--jobs", "abc", dir + "/long-name.json"}, "--jobs", "crashbench: "},
      {{"run", "--jobs", "0", dir + "/long-name.json"}, "--jobs", "crashbench: "},
      {{"run", "--max-steps", "0", dir + "/long-name.json"}, "--max-steps", "crashbench: "},
      {{"merge", dir + "/long-name.json"}, "--output", "crashbench: "},
  };
  for (const auto& input : inputs) {
    const BoundedOutcome o = testing::run_bounded(CRASHBENCH_CLI, input.args, dir + "/log", kHangGuardSeconds, kMemoryCap);
    EXPECT_EQ(verdict(o, input.names, input.says), "") << input.args[0] << " " << input.args[1];
  }
}

/// A plugin that cannot be loaded in one case of a run is that case's error: the other cases run.
TEST(HostileCorpus, ABrokenPluginInOneCaseLeavesTheOthersTheirResults) {
  const std::string dir = testing::fresh_dir("hostile-plugin-case");
  std::ifstream whole(std::string(CRASHBENCH_TEST_PLUGIN_DIR) + "/test_plugin_parts.so", std::ios::binary);
  const std::string plugin((std::istreambuf_iterator<char>(whole)), std::istreambuf_iterator<char>());
  write_file(dir, "half.so", plugin.substr(0, plugin.size() / 2));
  const std::vector<std::string> args{"run", small_case(dir, "a.json", {{"name", "a"}}),
                                      small_case(dir, "broken.json", {{"name", "broken"}, {"plugins", {"half.so"}}}),
                                      small_case(dir, "b.json", {{"name", "b"}}), "-o", dir + "/out"};
  const BoundedOutcome o = testing::run_bounded(CRASHBENCH_CLI, args, dir + "/log", kHangGuardSeconds, kMemoryCap);
  ASSERT_TRUE(o.exited) << o.signal;
  EXPECT_EQ(o.exit_code, 2);
  std::ifstream in(dir + "/out/results.json");
  const nlohmann::json results = nlohmann::json::parse(in);
  ASSERT_EQ(results["cases"].size(), 3u);
  EXPECT_EQ(results["cases"][0]["status"], "passed");
  EXPECT_EQ(results["cases"][1]["status"], "error");
  EXPECT_NE(results["cases"][1]["error"].get<std::string>().find("half.so"), std::string::npos);
  EXPECT_EQ(results["cases"][2]["status"], "passed");
}

}  // namespace
}  // namespace crashbench
