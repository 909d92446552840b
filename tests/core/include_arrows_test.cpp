// The one-way arrows between folders, as docs/architecture.md's table "What each folder may include"
// states them, held against every `#include "<folder>/..."` in the tree: a new include that points
// against them fails here, naming the file, the line and the row it breaks. A row may name a room inside
// a library (`detectors/scenes/files/`): its files follow that row, and other rooms of the same library
// may include it only where their row names it; other libraries reach every room of a library they may
// include.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include "tests/support/paths.hpp"

namespace crashbench {
namespace {

namespace fs = std::filesystem;

/// folder -> the folders its files may include, from the table's rows "| `folder/` | a, b, c |".
std::map<std::string, std::set<std::string>> documented_arrows() {
  std::ifstream doc(testing::source_path("docs/architecture.md"));
  std::map<std::string, std::set<std::string>> arrows;
  const std::regex row(R"(^\| `([a-z_/]+)/` \| ([a-z_/, ]+) \|$)");
  std::smatch m;
  for (std::string line; std::getline(doc, line);) {
    if (!std::regex_match(line, m, row)) continue;
    std::stringstream list(m[2].str());
    for (std::string folder; std::getline(list >> std::ws, folder, ',');) arrows[m[1]].insert(folder);
  }
  return arrows;
}

/// The room `path` (a file of ours, or an include's path) lies in: the longest row of `arrows` it is
/// under, else its library (the first folder).
std::string room_of(const std::string& path, const std::map<std::string, std::set<std::string>>& arrows) {
  std::string room = path.substr(0, path.find('/'));
  for (const auto& [folder, allowed] : arrows)
    if (path.rfind(folder + "/", 0) == 0 && folder.size() > room.size()) room = folder;
  return room;
}

std::string library_of(const std::string& room) { return room.substr(0, room.find('/')); }

/// Whether a file in `from` may include a header in `to` under `allowed` (the row of `from`).
bool may_include(const std::string& from, const std::string& to, const std::set<std::string>& allowed) {
  if (allowed.count(to)) return true;
  return library_of(to) != library_of(from) && allowed.count(library_of(to));
}

/// Every file of ours under `folder` with the path each of its includes names, and the line.
struct Include {
  std::string file, target;
  int line = 0;
};
std::vector<Include> includes_under(const std::string& folder) {
  std::vector<Include> out;
  const std::regex include(R"re(^\s*#\s*include\s+"([a-z_]+/[^"]+)")re");
  for (const auto& entry : fs::recursive_directory_iterator(testing::source_path(folder))) {
    const std::string ext = entry.path().extension().string();
    if (!entry.is_regular_file() || (ext != ".cpp" && ext != ".hpp")) continue;
    std::ifstream in(entry.path());
    int n = 0;
    std::smatch m;
    for (std::string line; std::getline(in, line);)
      if (++n, std::regex_search(line, m, include))
        out.push_back({fs::relative(entry.path(), testing::source_path("")).string(), m[1], n});
  }
  return out;
}

TEST(IncludeArrows, EveryIncludeFollowsTheDocumentedArrows) {
  const auto arrows = documented_arrows();
  ASSERT_GE(arrows.size(), 10u) << "the table in docs/architecture.md was not found";
  int checked = 0;
  for (const auto& [folder, rows_allowed] : arrows) {
    if (folder.find('/') != std::string::npos) continue;  // a room: its files are walked with its library's
    for (const Include& i : includes_under(folder)) {
      ++checked;
      const std::string from = room_of(i.file, arrows), to = room_of(i.target, arrows);
      EXPECT_TRUE(may_include(from, to, arrows.at(from)))
          << i.file << ":" << i.line << " includes " << i.target << ", in " << to
          << "/, which the row of " << from << "/ in docs/architecture.md does not allow";
    }
  }
  EXPECT_GT(checked, 500);
}

TEST(IncludeArrows, OutsideTheRunnerOnlyItsEntryPointsAreIncluded) {
  // Simulation runs a case, Batch a list of them, and the step threads' cap bounds `--threads`: the
  // phases behind them are the runner's own.
  const std::regex phase(R"re(#\s*include\s+"cases/runner/(?!(simulation|batch|step_threads)\.hpp")[^"]+")re");
  for (const char* folder : {"core", "models", "detectors", "validation", "cases", "reports", "app", "testkit", "bench", "fuzz", "examples"})
    for (const auto& entry : fs::recursive_directory_iterator(testing::source_path(folder))) {
      const std::string path = fs::relative(entry.path(), testing::source_path("")).string();
      if (!entry.is_regular_file() || path.rfind("cases/runner/", 0) == 0) continue;
      std::ifstream in(entry.path());
      const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
      EXPECT_FALSE(std::regex_search(text, phase)) << path << " includes a runner phase: run cases through Simulation";
    }
}

TEST(IncludeArrows, ARowThatForbidsAnIncludeIsEnforced) {
  // The check itself: the table's row for core allows core alone, and a models header is not core.
  const auto arrows = documented_arrows();
  ASSERT_TRUE(arrows.count("core"));
  EXPECT_EQ(arrows.at("core"), std::set<std::string>{"core"});
  EXPECT_FALSE(arrows.at("detectors").count("models")) << "detectors know nothing of the response models";
}

TEST(IncludeArrows, RoomsInsideALibraryAreHeldToTheirRows) {
  const auto arrows = documented_arrows();
  ASSERT_TRUE(arrows.count("detectors/scenes/files")) << "the rooms of detectors/ are not in the table";
  // A file reader knows nothing of the scene library; the library may use the readers.
  EXPECT_EQ(room_of("detectors/scenes/files/scene_io.cpp", arrows), "detectors/scenes/files");
  EXPECT_EQ(room_of("detectors/tree_detector.hpp", arrows), "detectors");
  EXPECT_FALSE(may_include("detectors/scenes/files", "detectors/scenes/registry", arrows.at("detectors/scenes/files")));
  EXPECT_TRUE(may_include("detectors/scenes/registry", "detectors/scenes/files", arrows.at("detectors/scenes/registry")));
  // The checks are below the runner: they know nothing of it.
  EXPECT_FALSE(may_include("cases/checks", "cases/runner", arrows.at("cases/checks")));
  // Another library reaches every room of one it may include.
  EXPECT_TRUE(may_include("cases", "detectors/scenes/registry", arrows.at("cases")));
}

}  // namespace
}  // namespace crashbench
