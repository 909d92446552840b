// Detectors own their options as the models do: each registry entry's factory reads its `detector` object,
// rejects what it does not own naming the JSON pointer, and echoes what it runs with; the tree's cell_size
// reaches its grid and leaves its contacts those of brute force.
#include <gtest/gtest.h>

#include <algorithm>

#include "cases/loading/json_parse.hpp"
#include "detectors/detector.hpp"
#include "detectors/scenes/registry/scene_library.hpp"
#include "tests/support/error_message.hpp"
#include "tests/support/paths.hpp"
#include "tests/support/plugin_alternative.hpp"

namespace crashbench {
namespace {

/// The detector built from `detector` as a case file's "/detector" in "case.json".
std::unique_ptr<Detector> detector_from(const nlohmann::json& detector) {
  return make_detector(JsonReader(detector, "case.json", "/detector"));
}

/// The JSON pointer of the Error building `detector` throws ("" when it builds).
std::string detector_rejected_at(const nlohmann::json& detector) {
  return testing::error_pointer([&] { detector_from(detector); });
}

TEST(DetectorOptions, EchoedParametersBuildTheSameDetector) {
  ASSERT_FALSE(detectors().empty());
  for (const auto& entry : detectors()) {
    const nlohmann::json echo = detector_from(std::string(entry.name))->parameters();
    EXPECT_EQ(echo.at("name"), entry.name);
    EXPECT_EQ(detector_from(echo)->parameters(), echo) << entry.name;
    EXPECT_EQ(detector_from({{"name", entry.name}})->parameters(), echo) << entry.name;
  }
  const nlohmann::json tree = {{"name", "tree"}, {"cell_size", 2.75}};
  EXPECT_EQ(detector_from(tree)->parameters(), tree);
}

TEST(DetectorOptions, EveryDetectorRejectsAKeyItDoesNotOwnAndABadName) {
  for (const auto& entry : detectors())
    EXPECT_EQ(detector_rejected_at({{"name", entry.name}, {"cell_sise", 1.0}}), "/detector/cell_sise") << entry.name;
  EXPECT_EQ(detector_rejected_at("octree"), "/detector");
  EXPECT_EQ(detector_rejected_at({{"name", "octree"}}), "/detector/name");
  EXPECT_EQ(detector_rejected_at(true), "/detector");
  EXPECT_EQ(detector_rejected_at({{"name", "tree"}, {"cell_size", 0.0}}), "/detector/cell_size");
  EXPECT_EQ(detector_rejected_at({{"name", "tree"}, {"cell_size", "2"}}), "/detector/cell_size");
}

TEST(DetectorOptions, CaseSchemaCarriesANameAndEveryDetectorsFragment) {
  const nlohmann::json schema = read_json_file(CRASHBENCH_CASE_SCHEMA);
  const nlohmann::json& merged = schema.at("properties").at("detector").at("oneOf");
  ASSERT_EQ(merged.size(), 1 + detectors().size() + 1) << "a detector without a fragment, or a fragment without one";
  // Last, a plugin's detector: any name but these, so a built-in's object still has to match its fragment.
  EXPECT_EQ(testing::plugin_alternative_excludes(merged, "name"), testing::sorted_names(detectors()));
  for (const auto& entry : detectors()) {
    const std::string file = "detectors/" + std::string(entry.name) + ".schema.json";
    const nlohmann::json fragment = read_json_file(testing::source_path(file));
    EXPECT_EQ(fragment.at("properties").at("name").at("const"), entry.name) << file;
    bool found = false;
    for (const auto& m : merged) found = found || m == fragment;
    EXPECT_TRUE(found) << file << " is not in " << CRASHBENCH_CASE_SCHEMA;
    const nlohmann::json echo = make_detector(entry.name)->parameters();
    for (const auto& [key, _] : echo.items()) EXPECT_TRUE(fragment.at("properties").contains(key)) << file << " " << key;
  }
}

// A car against the track's barrier: whatever the cell, the tree finds brute force's contacts; its 4.7 x
// 1.8 m rectangle covers fewer cells the larger they are, so it visits fewer (the option reached the grid).
TEST(DetectorOptions, TreeCellSizeKeepsTheContactsAndChangesTheWork) {
  const Scene scene = load_scene("track");
  VehiclePose pose;
  pose.cg_height = 0.55, pose.size = {2.1, 2.6, 1.8}, pose.heading = 0.3;
  pose.position_W = scene.triangles.front().a_W.head<2>();
  const auto brute = make_detector("brute-force");
  brute->prepare(scene, 1);
  std::vector<Contact> expected;
  DetectorStats brute_stats;
  brute->detect(std::span(&pose, 1), expected, brute_stats);
  ASSERT_FALSE(expected.empty());
  int previous = 1 << 30;
  for (const double cell : {0.5, 4.0, 40.0}) {
    const auto tree = detector_from({{"name", "tree"}, {"cell_size", cell}});
    tree->prepare(scene, 1);
    std::vector<Contact> found;
    DetectorStats stats;
    tree->detect(std::span(&pose, 1), found, stats);
    ASSERT_EQ(found.size(), expected.size()) << cell << " m";
    for (const Contact& c : found) {
      double nearest = 1e300;
      for (const Contact& e : expected) nearest = std::min(nearest, (c.point_W - e.point_W).norm());
      EXPECT_LT(nearest, 1e-9) << cell << " m";
    }
    EXPECT_LT(stats.nodes_visited, previous) << cell << " m";
    EXPECT_GT(stats.nodes_visited, 0) << cell << " m";
    previous = stats.nodes_visited;
  }
}

TEST(DetectorOptions, TreeCellTooSmallForTheSceneIsRefusedAtPrepare) {
  const auto tree = detector_from({{"name", "tree"}, {"cell_size", 0.05}});
  try {
    tree->prepare(load_scene("track"), 1);
    ADD_FAILURE() << "a 5 cm grid over the whole track accepted";
  } catch (const Error& e) {
    EXPECT_EQ(e.pointer(), "/detector/cell_size");
  }
}

}  // namespace
}  // namespace crashbench
