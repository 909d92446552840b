// Every registered detector that promises it (Detector::allocation_free: all but the OpenSceneGraph ones)
// allocates nothing per step once the caller's contact vector has room and labels each contact with its
// vehicle; the tree prunes. Along every driven scene: allocation_free_drive_scenario_test.cpp.
#include <gtest/gtest.h>

#include "detectors/detector.hpp"
#include "detectors/scenes/registry/scene_library.hpp"
#include "detectors/tree_detector.hpp"
#include "testkit/counting_allocator.hpp"
#include "tests/support/registries.hpp"

namespace crashbench {
namespace {

std::array<VehiclePose, 2> two_vehicles_on_the_l_rail() {
  std::array<VehiclePose, 2> p{};
  for (auto& v : p) v.cg_height = 0.55, v.size = {2.1, 2.6, 1.8};
  p[0].position_W = {12.0, 0.8}, p[0].heading = -0.2;  // into the side wall
  p[1].position_W = {60.0, 20.0}, p[1].heading = 0.4;  // clear of everything
  return p;
}

class AllocationFreeDetectors : public ::testing::TestWithParam<std::string> {};

TEST_P(AllocationFreeDetectors, AllocateNothingPerStepAndLabelTheVehicle) {
  const Scene scene = load_scene("l-rail");  // the poses below are placed against its side wall
  auto d = make_detector(GetParam());
  d->prepare(scene, 2);
  const auto poses = two_vehicles_on_the_l_rail();
  std::vector<Contact> out;
  out.reserve(64);
  DetectorStats stats;
  d->detect(poses, out, stats);  // warm-up
  const testing::AllocationScope scope;
  for (int step = 0; step < 100; ++step) {
    out.clear();
    d->detect(poses, out, stats);
  }
  EXPECT_EQ(scope.allocations(), 0);
  ASSERT_EQ(out.size(), 1u);  // not vacuous: the first vehicle touches the wall
  EXPECT_EQ(out[0].vehicle, 0);
  EXPECT_GT(stats.primitives_tested, 0);
}

TEST(TreeDetector, TestsOnlyTheTrianglesNearTheVehicle) {
  // Same pose, same contacts, but the grid tests a handful of the 1838 triangles where brute force
  // tests every one: the point of the structure.
  const Scene scene = load_scene("track");
  const auto brute = make_detector("brute-force");
  TreeDetector tree;
  brute->prepare(scene, 1);
  tree.prepare(scene, 1);
  VehiclePose pose = two_vehicles_on_the_l_rail()[1];
  pose.position_W = scene.triangles.front().a_W.head<2>();  // on the barrier
  std::vector<Contact> from_brute, from_tree;
  DetectorStats brute_stats, tree_stats;
  brute->detect(std::span(&pose, 1), from_brute, brute_stats);
  tree.detect(std::span(&pose, 1), from_tree, tree_stats);
  ASSERT_FALSE(from_tree.empty());
  EXPECT_EQ(from_tree.size(), from_brute.size());
  EXPECT_EQ(brute_stats.primitives_tested, static_cast<int>(scene.triangles.size()));
  EXPECT_LT(tree_stats.primitives_tested * 20, brute_stats.primitives_tested);
}

INSTANTIATE_TEST_SUITE_P(Registered, AllocationFreeDetectors, ::testing::ValuesIn(testing::allocation_free_detector_names()),
                         [](const auto& info) { return testing::test_name(info.param); });

}  // namespace
}  // namespace crashbench
