// Near boxes (detectors/broadphase/near_boxes.hpp): a car sliding along a barrier queries its box's few
// triangles instead of the grid's cells, and gets brute force's contacts bit for bit at every step; a box
// reaching more triangles than a list holds is not kept, nor is one offered to a car that moves too far
// between queries to stay in it; the scan then goes on finding the same contacts.
#include <gtest/gtest.h>

#include <cmath>

#include "detectors/broadphase/near_boxes.hpp"
#include "detectors/detector.hpp"
#include "detectors/scenes/registry/scene_drives.hpp"
#include "tests/support/detector_agreement.hpp"
#include "tests/support/triangle_soup.hpp"

namespace crashbench {
namespace {

/// The two triangles of an upright face from `from` to `to` (on the ground), 1 m high.
void add_upright_face(std::vector<osg::Vec3>& v, const osg::Vec3& from, const osg::Vec3& to) {
  const osg::Vec3 up(0, 0, 1);
  for (const osg::Vec3& p : {from, to, to + up, from, to + up, from + up}) v.push_back(p);
}

/// A barrier along y = 0 from x = -30 to 30 m in panels of `panel` metres, each panel's far end bent
/// 2 cm off the line in turn (so that its faces differ), seen by a `tree` with 2 m cells.
struct Barrier {
  Scene scene;
  std::unique_ptr<Detector> tree;
};
Barrier barrier_of_panels(float panel) {
  std::vector<osg::Vec3> v;
  for (float x = -30; x < 30; x += panel) {
    const auto bend = [](float at) { return 0.02f * std::sin(at); };
    add_upright_face(v, osg::Vec3(x, bend(x), 0), osg::Vec3(x + panel, bend(x + panel), 0));
  }
  Barrier b{make_scene("barrier", testing::triangle_soup(v), {}), nullptr};
  b.tree = make_detector(JsonReader(nlohmann::json{{"name", "tree"}, {"cell_size", 2.0}}, "", "/detector"));
  b.tree->prepare(b.scene, 1);
  return b;
}

/// A car sliding along the barrier's south side in 5 cm steps, pressed 4 cm into it and weaving a little.
std::vector<VehiclePose> sliding_along(double from_x, double to_x) {
  std::vector<VehiclePose> poses;
  for (double x = from_x; x <= to_x; x += 0.05)
    poses.push_back(drive_pose({x, -0.86}, 0.004 * std::sin(x)));
  return poses;
}

/// `poses` driven in turn through the barrier's tree (one slot), each query held to brute force's contacts
/// bit for bit; returns how many queries a near box answered (no cell visited, a triangle tested).
int near_box_answers(const Barrier& b, const std::vector<VehiclePose>& poses) {
  const auto want = testing::contacts("brute-force", b.scene, poses);
  int answered = 0;
  for (std::size_t i = 0; i < poses.size(); ++i) {
    std::vector<Contact> got;
    DetectorStats stats;
    b.tree->detect(std::span(&poses[i], 1), got, stats);
    answered += stats.nodes_visited == 0 && stats.primitives_tested > 0;
    EXPECT_FALSE(want[i].empty()) << "pose " << i << ": not pressed into the barrier";
    EXPECT_TRUE(testing::same_contacts(got, want[i])) << "pose " << i << " at x = " << poses[i].position_W.x();
  }
  return answered;
}

TEST(NearBoxes, ACarSlidingAlongABarrierTestsItsBoxsTrianglesAloneAndGetsBruteForcesContacts) {
  const auto poses = sliding_along(-20.0, 20.0);
  // A box 1.5 m ahead and behind lasts about 30 steps of 5 cm: most queries are a box's.
  EXPECT_GT(near_box_answers(barrier_of_panels(2.0f), poses), static_cast<int>(poses.size()) * 3 / 4);
}

TEST(NearBoxes, ABoxReachingMoreTrianglesThanAListHoldsIsNotKeptAndTheScanFindsTheContacts) {
  // Panels of 0.25 m: a box 7.7 m long beside the barrier reaches some sixty triangles.
  EXPECT_EQ(near_box_answers(barrier_of_panels(0.25f), sliding_along(-5.0, 5.0)), 0);
}

TEST(NearBoxes, ACarMovingFartherThanABoxPaysForBetweenQueriesIsOfferedNone) {
  // The sliding car's barrier, poses 0.6 m apart (kMostMove 0.5 m): each query scans, none lists.
  std::vector<VehiclePose> poses;
  for (double x = -20.0; x <= 20.0; x += 0.6) poses.push_back(drive_pose({x, -0.86}, 0.0));
  EXPECT_EQ(near_box_answers(barrier_of_panels(2.0f), poses), 0);
}

TEST(NearBoxes, AListTakesEachTriangleOnceAndRefusesOneBeyondItsRoom) {
  NearBoxes::Items items;
  for (std::uint32_t e = 0; e < NearBoxes::kItems; ++e) {
    ASSERT_TRUE(items.add(10 * e));
    ASSERT_TRUE(items.add(10 * e)) << "a triangle listed in two cells comes twice";
  }
  EXPECT_EQ(items.count, static_cast<std::uint32_t>(NearBoxes::kItems));
  EXPECT_TRUE(items.add(0));     // listed: no room needed
  EXPECT_FALSE(items.add(1000));  // one more: the box is not kept
  EXPECT_EQ(items.count, static_cast<std::uint32_t>(NearBoxes::kItems));
}

}  // namespace
}  // namespace crashbench
