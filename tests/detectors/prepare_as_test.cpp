// A run's threads each query the scene through a detector of their own; the second and later are
// prepared from the first (Detector::prepare_as), sharing what it built that queries only read. Every
// registered detector prepared so answers every pose of every driven scene as one prepared alone, bit for
// bit, while the first answers other poses in between; the tree builds no second grid and the OSG
// detectors no second graph, and each shares only with a detector of its kind on the same scene.
#include <gtest/gtest.h>

#include "detectors/detector.hpp"
#include "detectors/osg_detector.hpp"
#include "detectors/scenes/registry/scene_drives.hpp"
#include "detectors/scenes/registry/scene_library.hpp"
#include "detectors/tree_detector.hpp"
#include "testkit/counting_allocator.hpp"
#include "tests/support/detector_agreement.hpp"
#include "tests/support/registries.hpp"

namespace crashbench {
namespace {

TEST(PrepareAs, EveryDetectorPreparedFromAnotherAnswersEveryDriveAsOnePreparedAlone) {
  for (const SceneEntry* entry : testing::driven_scenes()) {
    const Scene scene = make_registered_scene(entry->name);
    if (scene.triangles.size() > 9000) continue;  // the scaled copies add only time
    const auto poses = entry->drive();
    for (const auto& e : detectors()) {
      auto first = make_detector(e.name), second = make_detector(e.name), alone = make_detector(e.name);
      first->prepare(scene, 1);
      second->prepare_as(*first, scene, 1);
      alone->prepare(scene, 1);
      DetectorStats stats;
      int touching = 0;
      for (std::size_t i = 0; i < poses.size(); ++i) {
        // The first detector queries the pose half a drive away, as another thread would meanwhile.
        std::vector<Contact> elsewhere, got, want;
        first->detect(std::span(&poses[(i + poses.size() / 2) % poses.size()], 1), elsewhere, stats);
        second->detect(std::span(&poses[i], 1), got, stats);
        alone->detect(std::span(&poses[i], 1), want, stats);
        touching += !want.empty();
        EXPECT_TRUE(testing::same_contacts(got, want)) << entry->name << " " << e.name << " pose " << i;
      }
      EXPECT_GT(touching, 2) << entry->name << " " << e.name << ": the drive shows nothing";
    }
  }
}

/// Bytes `prepare` asks of operator new.
template <class Prepare>
std::int64_t bytes_to(Prepare&& prepare) {
  const std::int64_t before = testing::allocated_bytes();
  prepare();
  return testing::allocated_bytes() - before;
}

const TreeGrid& grid_of(const Detector& d) { return dynamic_cast<const TreeDetector&>(d).grid(); }

TEST(PrepareAs, ASecondTreeSharesTheFirstsGridAndBuildsNone) {
  const Scene scene = load_scene("l-rail");
  auto first = make_detector("tree"), second = make_detector("tree");
  const std::int64_t built = bytes_to([&] { first->prepare(scene, 4); });
  const std::int64_t shared = bytes_to([&] { second->prepare_as(*first, scene, 4); });
  EXPECT_EQ(&grid_of(*second), &grid_of(*first));
  // What is left per detector: a stamp per triangle and the clear boxes of its slots.
  EXPECT_LT(shared, built / 4) << "built " << built << " bytes, shared " << shared;
}

TEST(PrepareAs, ATreeOfOtherOptionsOrOnAnotherSceneBuildsItsOwnGrid) {
  const Scene scene = load_scene("l-rail"), other_scene = load_scene("track");
  auto first = make_detector("tree");
  first->prepare(scene, 1);
  auto finer = make_detector(JsonReader(nlohmann::json{{"name", "tree"}, {"cell_size", 0.5}}, "", "/detector"));
  finer->prepare_as(*first, scene, 1);
  EXPECT_NE(&grid_of(*finer), &grid_of(*first));
  EXPECT_EQ(grid_of(*finer).cell, 0.5);
  auto elsewhere = make_detector("tree");
  elsewhere->prepare_as(*first, other_scene, 1);
  EXPECT_NE(&grid_of(*elsewhere), &grid_of(*first));
  EXPECT_EQ(grid_of(*elsewhere).scene, &other_scene);
}

TEST(PrepareAs, ASecondOsgDetectorSharesTheFirstsGraphAndOneOnAnotherSceneBuildsItsOwn) {
  const Scene scene = load_scene("track"), other_scene = load_scene("l-rail");
  int osg_detectors = 0;
  for (const auto& e : detectors()) {
    auto first = make_detector(e.name), second = make_detector(e.name), elsewhere = make_detector(e.name);
    if (!dynamic_cast<OsgDetector*>(first.get())) continue;
    ++osg_detectors;
    const std::int64_t built = bytes_to([&] { first->prepare(scene, 4); });
    const std::int64_t shared = bytes_to([&] { second->prepare_as(*first, scene, 4); });
    const auto graph_of = [](const Detector& d) { return &dynamic_cast<const OsgDetector&>(d).graph(); };
    EXPECT_EQ(graph_of(*second), graph_of(*first)) << e.name;
    EXPECT_LT(shared, built) << e.name;  // its probes alone
    elsewhere->prepare_as(*first, other_scene, 4);
    EXPECT_EQ(graph_of(*elsewhere)->scene, &other_scene) << e.name;
  }
  EXPECT_GT(osg_detectors, 0) << "the registry has no OSG detector";
}

}  // namespace
}  // namespace crashbench
