// Runs the crashbench binary as a user would and checks exit codes, messages and written results.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "cases/loading/matrix.hpp"
#include "cases/loading/vehicle_presets.hpp"
#include "detectors/detector.hpp"
#include "detectors/scenes/registry/scene_library.hpp"
#include "models/dynamics/vehicle_dynamics.hpp"
#include "models/integrators/integrator.hpp"
#include "models/response/response_model.hpp"
#include "tests/app/cli_support.hpp"
#include "tests/support/paths.hpp"

namespace crashbench {
namespace {

using CommandResult = testing::Outcome;

CommandResult run_cli(const std::string& arguments) { return testing::crashbench(arguments); }
std::string temp_dir(const std::string& name) { return testing::fresh_dir(name); }

/// Every registered name of `entries`, as `list` prints it (two spaces, then the name).
template <class Entry>
void expect_listed(const std::string& output, std::span<const Entry> entries) {
  EXPECT_FALSE(entries.empty());
  for (const auto& e : entries)
    EXPECT_NE(output.find("  " + std::string(e.name) + " "), std::string::npos) << e.name << "\n" << output;
}

TEST(Cli, ListNamesEveryRegisteredPart) {
  const CommandResult r = run_cli("list");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  expect_listed(r.output, detectors());
  expect_listed(r.output, response_models());
  expect_listed(r.output, dynamics_models());
  expect_listed(r.output, integrators());
  expect_listed(r.output, scene_registry().entries());
  expect_listed(r.output, vehicle_presets());
  for (const auto& file : std::filesystem::directory_iterator(testing::source_path("cases/library")))
    EXPECT_NE(r.output.find(file.path().filename().string()), std::string::npos) << file.path() << "\n" << r.output;
}

TEST(Cli, SceneMakeHelpAndSceneListNameEveryRegisteredScene) {
  for (const char* args : {"scene make --help", "scene list"}) {
    const CommandResult r = run_cli(args);
    EXPECT_EQ(r.exit_code, 0) << args << "\n" << r.output;
    expect_listed(r.output, scene_registry().entries());
  }
}

TEST(Cli, PluginThatIsNotASharedLibraryIsOneLineAndExitTwo) {
  const std::string not_a_plugin = testing::source_path("cases/library/knight-head-on-30mph.json");
  for (const std::string& args : {"--plugin " + not_a_plugin + " list", "list --plugin " + not_a_plugin}) {
    const CommandResult r = run_cli(args);
    EXPECT_EQ(r.exit_code, 2) << args << "\n" << r.output;
    EXPECT_NE(r.output.find(not_a_plugin + ": not a loadable plugin (a shared library of this machine): it does not "
                                           "start like an ELF file"), std::string::npos) << r.output;
    EXPECT_EQ(r.output.find("response models:"), std::string::npos) << "list must not run: " << r.output;
  }
  const CommandResult missing = run_cli("--plugin /nonexistent/libnothing.so list");
  EXPECT_EQ(missing.exit_code, 2) << missing.output;
  EXPECT_NE(missing.output.find("/nonexistent/libnothing.so: no such plugin file"), std::string::npos) << missing.output;
}

TEST(Cli, PassingCaseExitsZeroAndWritesResults) {
  const std::string out = temp_dir("pass");
  const CommandResult r = run_cli("run " + testing::source_path("cases/library/knight-head-on-30mph.json") + " -o " + out);
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("1 passed"), std::string::npos) << r.output;
  const auto results = read_json_file(out + "/results.json");
  EXPECT_EQ(results["format"], "crashbench-results/1");
  EXPECT_EQ(results["cases"][0]["status"], "passed");
}

TEST(Cli, RunPrintsWhatItsHelpSaysAndPutsResultsBesideTheReport) {
  const std::string dir = temp_dir("run-says");
  const std::string head_on = testing::source_path("cases/library/knight-head-on-30mph.json");
  // -q: the count line and where the results went, nothing else.
  const CommandResult quiet = run_cli("run -q " + head_on + " -o " + dir + "/q");
  EXPECT_EQ(quiet.exit_code, 0) << quiet.output;
  EXPECT_EQ(quiet.output, "1 cases: 1 passed, 0 failed, 0 errors (times are medians per step)\nresults: " + dir +
                              "/q/results.json\n");
  // The note on what an impact is goes with a table that shows impacts, and only there.
  const std::string note = "An impact groups the contact events";
  EXPECT_NE(run_cli("run " + head_on + " -o " + dir + "/t").output.find(note), std::string::npos);
  const CommandResult error_only = run_cli("run " + testing::testdata_path("unknown-detector.json") + " -o " + dir + "/e");
  EXPECT_EQ(error_only.exit_code, 2) << error_only.output;
  EXPECT_EQ(error_only.output.find(note), std::string::npos) << error_only.output;
  // --report without -o: the results go into the report's folder, not ./out.
  const CommandResult reported = testing::shell("cd " + dir + " && " + CRASHBENCH_CLI + " run -q " + head_on + " --report rep");
  EXPECT_EQ(reported.exit_code, 0) << reported.output;
  EXPECT_NE(reported.output.find("results: rep/results.json"), std::string::npos) << reported.output;
  EXPECT_TRUE(std::filesystem::exists(dir + "/rep/results.json"));
  EXPECT_TRUE(std::filesystem::exists(dir + "/rep/report.html"));
  EXPECT_FALSE(std::filesystem::exists(dir + "/out"));
}

TEST(Cli, BadCaseExitsTwoWithOneLineNamingFileAndField) {
  const std::string out = temp_dir("bad");
  const CommandResult r = run_cli("run " + testing::testdata_path("unknown-detector.json") + " -o " + out);
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("unknown-detector.json: /detector: unknown detector 'octree'"), std::string::npos) << r.output;
}

TEST(Cli, MatrixWithBadCasesStillWritesTheGoodOnes) {
  const std::string out = temp_dir("matrix");
  const CommandResult r = run_cli("run " + testing::testdata_path("matrix-with-bad-cases.json") + " -o " + out);
  EXPECT_EQ(r.exit_code, 2) << r.output;
  const auto results = read_json_file(out + "/results.json");
  ASSERT_EQ(results["cases"].size(), 5u);
  EXPECT_EQ(results["cases"][0]["status"], "passed");
  EXPECT_EQ(results["cases"][2]["status"], "error");
  EXPECT_EQ(results["cases"][4]["status"], "passed");
}

/// `crashbench ARGUMENTS` on a pseudo-terminal `columns` wide (util-linux `script`, Essential on Debian).
CommandResult run_on_terminal(const std::string& arguments, int columns) {
  return testing::shell("script -qec \"stty cols " + std::to_string(columns) + "; " + CRASHBENCH_CLI + " " + arguments +
                        "\" /dev/null");
}

/// Why no pseudo-terminal can be made here ("" if one can): a chroot or container without /dev/pts has none.
std::string no_terminal() {
  const CommandResult probe = testing::shell("script -qec true /dev/null");
  return probe.exit_code == 0 ? "" : "no pseudo-terminal here (script: " + probe.output + ")";
}

TEST(Cli, ProgressLineOnATerminalRedrawsInPlaceWithinItsWidth) {
  if (const std::string why = no_terminal(); !why.empty()) GTEST_SKIP() << why;
  const std::string out = temp_dir("progress");
  const std::string matrix = testing::source_path("cases/library/matrix.json");  // 12 cases
  const CommandResult tty = run_on_terminal("run " + matrix + " -o " + out, 60);
  ASSERT_EQ(tty.exit_code, 0) << tty.output;
  // Each redraw starts with a carriage return and stays within 59 columns, so it never wraps.
  int progress_draws = 0;
  for (std::size_t at = tty.output.find("\r["); at != std::string::npos; at = tty.output.find("\r[", at + 1)) {
    const std::size_t end = tty.output.find_first_of("\r\n", at + 1);
    const std::string draw = tty.output.substr(at + 1, end - at - 1);
    EXPECT_LE(draw.size(), 59u) << draw;
    ++progress_draws;
  }
  EXPECT_EQ(progress_draws, 12) << tty.output;
  EXPECT_NE(tty.output.find("[12/12] 100% | 0 failed"), std::string::npos) << tty.output;
  EXPECT_NE(tty.output.find("12 cases: 12 passed"), std::string::npos) << tty.output;
  // Not on a pipe, and not when asked to be quiet.
  const CommandResult piped = run_cli("run " + matrix + " -o " + out);
  EXPECT_EQ(piped.output.find("% |"), std::string::npos) << piped.output;
  const CommandResult quiet = run_on_terminal("run -q " + matrix + " -o " + out, 60);
  EXPECT_EQ(quiet.output.find("% |"), std::string::npos) << quiet.output;
}

TEST(Cli, MissingInputFileIsBadInput) {
  const std::string out = temp_dir("missing");
  const CommandResult r = run_cli("run /nonexistent/case.json -o " + out);
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("/nonexistent/case.json: cannot open the file"), std::string::npos) << r.output;
}

}  // namespace
}  // namespace crashbench

namespace crashbench {
namespace {

/// The track-corner case with its scene replaced by `scene`, written to `dir`/case.json.
std::string track_case_in(const std::string& dir, const nlohmann::json& scene) {
  nlohmann::json doc = read_json_file(testing::source_path("cases/library/knight-track-corner.json"));
  doc["scene"] = scene;
  std::filesystem::create_directories(dir);
  const std::string path = dir + "/case.json";
  std::ofstream(path) << doc.dump(1);
  return path;
}

TEST(Cli, SceneMadeAsOpenFlightRunsLikeTheGeneratedOne) {
  const std::string dir = temp_dir("flt");
  const CommandResult made = run_cli("scene make track -o " + dir + "/scenes/track.flt");
  ASSERT_EQ(made.exit_code, 0) << made.output;
  // The case names the file relative to itself.
  const std::string from_file = track_case_in(dir, {{"file", "scenes/track.flt"}});
  const CommandResult r = run_cli("run " + from_file + " -o " + dir + "/out-file");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const CommandResult g = run_cli("run " + track_case_in(dir + "/gen", "track") + " -o " + dir + "/out-gen");
  ASSERT_EQ(g.exit_code, 0) << g.output;
  const auto file_events = read_json_file(dir + "/out-file/results.json")["cases"][0]["events"];
  const auto gen_events = read_json_file(dir + "/out-gen/results.json")["cases"][0]["events"];
  ASSERT_FALSE(gen_events.empty());
  ASSERT_EQ(file_events.size(), gen_events.size());
  for (std::size_t i = 0; i < gen_events.size(); ++i) {
    EXPECT_EQ(file_events[i]["step"], gen_events[i]["step"]);
    for (int k : {0, 1}) EXPECT_NEAR(file_events[i]["point"][k], gen_events[i]["point"][k], 1e-3);
  }
}

TEST(Cli, MissingSceneFileIsBadInputNamingTheFile) {
  const std::string dir = temp_dir("no-scene");
  const CommandResult r = run_cli("run " + track_case_in(dir, {{"file", "nowhere.flt"}}) + " -o " + dir + "/out");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("nowhere.flt"), std::string::npos) << r.output;
}

}  // namespace
}  // namespace crashbench
