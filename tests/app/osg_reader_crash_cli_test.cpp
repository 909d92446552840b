// OpenSceneGraph's reader plugins crash or hang on some malformed files (fuzz/osg-crashes/, found by the
// scene-loader fuzzer; docs/fuzzing.md). crashbench reads each scene file first in a child process, so
// such a file is refused with one line naming it, and a matrix case naming it loses no other case.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "tests/app/bounded_run.hpp"
#include "tests/app/cli_support.hpp"
#include "tests/support/paths.hpp"

namespace crashbench {
namespace {

namespace fs = std::filesystem;

// Enough for a slow sanitizer build to read every file that does not hang; the hang guard is far above.
constexpr const char* kReadTimeout = "5";
constexpr unsigned kReadHangGuardSeconds = 120;

struct SceneFile {
  std::string path, extension;
};

/// The saved input as a scene file: its first byte picks the extension as the fuzz harness reads it.
SceneFile scene_file_of(const fs::path& saved, const std::string& dir) {
  static constexpr std::array<const char*, 5> kExtensions = {"osgt", "osg", "ac", "obj", "flt"};
  const std::string bytes = testing::read_all(saved.string());
  const std::string extension = kExtensions[static_cast<unsigned char>(bytes.at(0)) % kExtensions.size()];
  const std::string path = dir + "/" + saved.stem().string() + "." + extension;
  std::ofstream(path, std::ios::binary) << bytes.substr(1);
  return {path, extension};
}

std::vector<fs::path> saved_crashes() {
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(testing::source_path("fuzz/osg-crashes"))) files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}

TEST(OsgReaderCrash, SceneInfoRefusesEachFileThatCrashesOrHangsTheReaderInOneLine) {
  const std::string dir = testing::fresh_dir("osg-crashes");
  const auto files = saved_crashes();
  ASSERT_FALSE(files.empty());
  for (const fs::path& saved : files) {
    const SceneFile scene = scene_file_of(saved, dir);
    const testing::BoundedOutcome o = testing::run_bounded(
        CRASHBENCH_CLI, {"--scene-read-timeout", kReadTimeout, "scene", "info", scene.path}, dir + "/log",
        kReadHangGuardSeconds, 0);
    ASSERT_TRUE(o.exited) << saved.filename() << ": ended by signal " << o.signal;
    EXPECT_EQ(o.exit_code, 2) << saved.filename() << ": " << o.err;
    EXPECT_EQ(std::count(o.err.begin(), o.err.end(), '\n'), 1) << o.err;
    EXPECT_NE(o.err.find(scene.path), std::string::npos) << "the line must name the file: " << o.err;
  }
}

TEST(OsgReaderCrash, ACaseNamingSuchAFileIsAnErrorAndTheOtherCasesKeepTheirResults) {
  const std::string dir = testing::fresh_dir("osg-crash-matrix");
  const fs::path saved = testing::source_path("fuzz/osg-crashes/osgt-null-primitive-set.bin");
  const SceneFile scene = scene_file_of(saved, dir);
  const nlohmann::json good = nlohmann::json::parse(testing::read_all(
      testing::source_path("cases/library/knight-head-on-30mph.json")));
  nlohmann::json bad = good;
  bad["name"] = "on-a-file-that-crashes-the-reader";
  bad["scene"] = {{"file", fs::path(scene.path).filename().string()}};
  bad["detector"] = {{"name", "tree"}};
  const nlohmann::json matrix = {{"matrix", "crash-contained"}, {"cases", {good, bad, good}}};
  std::ofstream(dir + "/matrix.json") << matrix.dump(1);

  const testing::Outcome o = testing::crashbench("run -q -o " + dir + "/out " + dir + "/matrix.json");
  EXPECT_EQ(o.exit_code, 2) << o.output;
  const nlohmann::json results = nlohmann::json::parse(testing::read_all(dir + "/out/results.json"));
  ASSERT_EQ(results["cases"].size(), 3u);
  EXPECT_EQ(results["cases"][0]["status"], "passed");
  EXPECT_EQ(results["cases"][2]["status"], "passed");
  ASSERT_EQ(results["cases"][1]["status"], "error");
  const std::string error = results["cases"][1]["error"];
  EXPECT_NE(error.find("osgt-null-primitive-set.osgt"), std::string::npos) << error;
  EXPECT_NE(error.find("reader"), std::string::npos) << error;
}

TEST(OsgReaderCrash, ATimeoutOfZeroReadsInThisProcessAndIsNoNegativeNumber) {
  const std::string dir = testing::fresh_dir("osg-read-in-process");
  // A file the reader reads (the wall the fuzzer starts from): the same answer with and without the child.
  const std::string path = scene_file_of(testing::source_path("fuzz/seeds/scene/wall-osgt.bin"), dir).path;
  const testing::Outcome contained = testing::crashbench("scene info " + path);
  const testing::Outcome in_process = testing::crashbench("--scene-read-timeout 0 scene info " + path);
  EXPECT_EQ(contained.exit_code, in_process.exit_code);
  const auto without_load_time = [](std::string text) { return text.substr(0, text.find("load time")); };
  EXPECT_EQ(without_load_time(contained.output), without_load_time(in_process.output));
  EXPECT_EQ(testing::crashbench("--scene-read-timeout -1 scene info " + path).exit_code, 2);
}

TEST(OsgReaderCrash, EachReadLimitIsAFiniteNumberOfZeroOrMoreNamedWhenItIsNot) {
  const std::string dir = testing::fresh_dir("osg-read-limits");
  const std::string path = scene_file_of(testing::source_path("fuzz/seeds/scene/wall-osgt.bin"), dir).path;
  for (const std::string option : {"--scene-read-timeout", "--scene-read-memory"}) {
    EXPECT_EQ(testing::crashbench(option + " 0 scene info " + path).exit_code, 0) << option;
    EXPECT_EQ(testing::crashbench(option + " 2.5 scene info " + path).exit_code, 0) << option;
    for (const std::string bad : {"-1", "nan", "inf", "1e400", "ten"}) {
      const testing::Outcome o = testing::crashbench(option + " " + bad + " scene info " + path);
      EXPECT_EQ(o.exit_code, 2) << option << " " << bad;
      EXPECT_NE(o.output.find(option + ": expected a finite number >= 0, got '" + bad + "'"), std::string::npos)
          << option << " " << bad << ": " << o.output;
    }
  }
}

}  // namespace
}  // namespace crashbench
