// Every registered detector that promises it (Detector::allocation_free: all but the OpenSceneGraph ones)
// allocates nothing per step once the caller's contact vector has room and labels each contact with its
// vehicle; the tree prunes. Along every driven scene: allocation_free_drive_scenario_test.cpp.
#include <gtest/gtest.h>

#include <numbers>

#include "detectors/detector.hpp"
#include "detectors/scenes/registry/scene_drives.hpp"
#include "detectors/scenes/registry/scene_library.hpp"
#include "detectors/tree_detector.hpp"
#include "testkit/counting_allocator.hpp"
#include "tests/support/detector_agreement.hpp"
#include "tests/support/registries.hpp"
#include "tests/support/triangle_soup.hpp"

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

/// The two triangles of an upright wall face from `from` to `to` (on the ground), 1 m high.
void add_upright_face(std::vector<osg::Vec3>& v, const osg::Vec3& from, const osg::Vec3& to) {
  const osg::Vec3 up(0, 0, 1);
  for (const osg::Vec3& p : {from, to, to + up, from, to + up, from + up}) v.push_back(p);
}

/// A `tree` with cells of `cell` metres, prepared for `scene`.
std::unique_ptr<Detector> tree_with_cells(const Scene& scene, double cell) {
  const nlohmann::json options = {{"name", "tree"}, {"cell_size", cell}};
  auto tree = make_detector(JsonReader(options, "", "/detector"));
  tree->prepare(scene, 1);
  return tree;
}

TEST(TreeDetector, AFinelyCutWallsRunGivesBruteForcesContactsBesideAlongAndAcrossIt) {
  // A wall face y = 0 for x in [0, 3.6] cut into 60 strips (120 triangles), as a finely meshed barrier is.
  // One 4 m cell holds the whole wall, so it is a run (tree_runs.cpp): a rectangle beside its band skips
  // the cell at once, one reaching it has each edge find its crossings. Either way, brute force's contacts.
  std::vector<osg::Vec3> v;
  for (int k = 0; k < 60; ++k) {
    const float x0 = 0.06f * static_cast<float>(k), x1 = 0.06f * static_cast<float>(k + 1);
    add_upright_face(v, osg::Vec3(x0, 0, 0), osg::Vec3(x1, 0, 0));
  }
  const Scene scene = make_scene("finely-cut", testing::triangle_soup(v), {});
  ASSERT_EQ(scene.triangles.size(), 120u);
  const auto tree = tree_with_cells(scene, 4.0);
  ASSERT_EQ(dynamic_cast<const TreeDetector&>(*tree).grid().runs.size(), 1u);
  std::vector<VehiclePose> poses;
  for (const double x : {-1.5, 0.4, 1.8, 3.1, 4.9})
    for (double y = -3.0; y <= 3.0; y += 0.125)
      for (const double heading : {0.0, 0.3, -1.1, 0.5 * std::numbers::pi})
        poses.push_back(drive_pose({x, y}, heading));
  const auto want = testing::contacts("brute-force", scene, poses);
  const int touching = testing::expect_agreement(testing::contacts(*tree, poses), want, "tree on a finely cut wall");
  EXPECT_GT(touching, 50);                                    // across the wall
  EXPECT_LT(touching, static_cast<int>(poses.size()) - 200);  // and beside it
}

TEST(TreeDetector, RectanglesARoundingFromACellBoundaryFindWhatBruteForceFinds) {
  // Walls x = 0 and x = 3 for y in [0, 10], on the boundaries of 1 m cells. A rectangle whose front or
  // rear edge lies a rounding or less from x = 3, on either side, must find brute force's contacts there:
  // the cell index of a point on the boundary may fall on either side of it.
  std::vector<osg::Vec3> v;
  for (const float x : {0.0f, 3.0f}) add_upright_face(v, osg::Vec3(x, 0, 0), osg::Vec3(x, 10, 0));
  const Scene scene = make_scene("boundary-walls", testing::triangle_soup(v), {});
  const auto tree = tree_with_cells(scene, 1.0);
  ASSERT_EQ(dynamic_cast<const TreeDetector&>(*tree).grid().origin_W.x(), 0.0);
  std::vector<VehiclePose> poses;
  for (const double offset : {-1e-6, -1e-9, -1e-12, -1e-15, 0.0, 1e-15, 1e-12, 1e-9, 1e-6})
    for (const double y : {2.0, 5.0, 7.5}) {
      poses.push_back(drive_pose({3.0 + offset - 2.1, y}, 0.0));  // the front edge (2.1 m ahead) at x = 3
      poses.push_back(drive_pose({3.0 + offset + 2.6, y}, 0.0));  // the rear edge (2.6 m behind)
      poses.push_back(drive_pose({3.0 + offset - 0.9, y}, 0.5 * std::numbers::pi));  // the right side
    }
  const auto want = testing::contacts("brute-force", scene, poses);
  EXPECT_GT(testing::expect_agreement(testing::contacts(*tree, poses), want, "tree at a cell boundary"), 10);
}

TEST(TreeDetector, GivesBruteForcesContactsBitForBitOnEveryDrivenScene) {
  // Both number the triangles as the scene does, and the contacts do not depend on the order the triangles
  // are found in (interference.hpp): the same triangles give the same bits.
  for (const SceneEntry* entry : testing::driven_scenes()) {
    const Scene scene = make_registered_scene(entry->name);
    if (scene.triangles.size() > 9000) continue;  // the scaled copies add only time
    const auto poses = entry->drive();
    const auto want = testing::contacts("brute-force", scene, poses), got = testing::contacts("tree", scene, poses);
    int touching = 0;
    for (std::size_t i = 0; i < poses.size(); ++i) {
      touching += !want[i].empty();
      EXPECT_TRUE(testing::same_contacts(got[i], want[i])) << entry->name << " pose " << i;
    }
    EXPECT_GT(touching, 100) << entry->name;
  }
}

TEST(TreeDetector, GivesBruteForcesContactsBitForBitOnAThinWallItFindsInAnotherOrder) {
  // A wall 0.4 m thick across the car: faces x = 0.5 and x = 0.9, y in [-4, 4]. Brute force meets the
  // face x = 0.5 first (its triangles come first in the scene); the tree, whose 0.25 m cells are too many
  // under the car to scan, walks the car's left side from the front and meets x = 0.9 first. The pieces'
  // ends on the car's sides lie exactly level (every value exact in binary), so the face's ends, and the
  // contact point, would follow whichever piece came first: x = 0.5, 0.7 or 0.9.
  std::vector<osg::Vec3> v;
  add_upright_face(v, osg::Vec3(0.5f, -4, 0), osg::Vec3(0.5f, 4, 0));
  add_upright_face(v, osg::Vec3(0.9f, 4, 0), osg::Vec3(0.9f, -4, 0));
  const Scene scene = make_scene("thin-wall", testing::triangle_soup(v), {});
  const auto tree = tree_with_cells(scene, 0.25);
  std::vector<VehiclePose> poses;
  for (const double x : {0.5, 0.7, 0.875})
    for (const double y : {-1.0, -0.5, 0.0, 0.5, 1.0}) {
      VehiclePose pose;
      pose.position_W = {x, y};
      pose.cg_height = 0.5, pose.ground_z = 0;
      pose.size = {2.0, 2.5, 2.0};
      poses.push_back(pose);
    }
  const auto want = testing::contacts("brute-force", scene, poses), got = testing::contacts(*tree, poses);
  for (std::size_t i = 0; i < poses.size(); ++i) {
    ASSERT_EQ(want[i].size(), 1u) << "pose " << i << ": the wall is one face";
    EXPECT_TRUE(testing::same_contacts(got[i], want[i]))
        << "pose " << i << ": tree (" << got[i][0].point_W.transpose() << "), brute force ("
        << want[i][0].point_W.transpose() << ")";
  }
}

TEST(TreeDetector, AWallSharingItsCellsWithGroundFacesAndABannerIsFoundAndNoClearBoxCrossesIt) {
  // A cell lists its items highest first and a scan stops at the first one below the plane (tree_grid.hpp).
  // Here each 4 m cell holds a wall 1 m high, a banner 2-3 m up and, given first, sloped ground faces
  // (0.01 to 0.09 m) below the plane at 0.55 m. Cars drive at the wall from clear ground in 5 cm steps, so
  // that clear boxes are made (and tested) beside it too. Listed lowest first, the scan would stop at the
  // ground before the wall; a box would reach across it.
  std::vector<osg::Vec3> v;
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 24; ++j) {
      const float x0 = -3 + 0.5f * static_cast<float>(i), y0 = -6 + 0.5f * static_cast<float>(j);
      const auto ground = [](float x, float y) { return osg::Vec3(x, y, 0.04f + 0.01f * x); };
      for (const osg::Vec3& p : {ground(x0, y0), ground(x0 + 0.5f, y0), ground(x0 + 0.5f, y0 + 0.5f), ground(x0, y0),
                                 ground(x0 + 0.5f, y0 + 0.5f), ground(x0, y0 + 0.5f)})
        v.push_back(p);
    }
  const std::size_t ground_faces = v.size() / 3;
  const osg::Vec3 banner[] = {osg::Vec3(-2, 1.5f, 2), osg::Vec3(4, 1.5f, 2), osg::Vec3(4, 1.5f, 3)};
  v.insert(v.end(), std::begin(banner), std::end(banner));
  add_upright_face(v, osg::Vec3(0, 0, 0), osg::Vec3(3, 0, 0));
  const Scene scene = make_scene("wall-on-ground", testing::triangle_soup(v), {});
  ASSERT_EQ(scene.triangles.size(), ground_faces + 3);
  const auto tree = tree_with_cells(scene, 4.0);
  std::vector<VehiclePose> poses;
  for (const double heading : {0.0, 0.5 * std::numbers::pi, 0.3})
    for (double y = -5.0; y <= -0.2; y += 0.05) poses.push_back(drive_pose({1.5, y}, heading));
  const auto want = testing::contacts("brute-force", scene, poses);
  const int touching = testing::expect_agreement(testing::contacts(*tree, poses), want, "tree at a wall on ground");
  EXPECT_GT(touching, 30);                                    // at the wall
  EXPECT_LT(touching, static_cast<int>(poses.size()) - 100);  // and clear of it
}

INSTANTIATE_TEST_SUITE_P(Registered, AllocationFreeDetectors, ::testing::ValuesIn(testing::allocation_free_detector_names()),
                         [](const auto& info) { return testing::test_name(info.param); });

}  // namespace
}  // namespace crashbench
