// The analytic detector against walls: hand-computed configurations (Knight ch. 3: contact point = midpoint
// of the interference line, normal = wall normal) and the zero-allocation promise.
#include "detectors/analytic_detector.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "detectors/scenes/registry/builtin_walls.hpp"
#include "tests/detectors/analytic_test_support.hpp"
#include "tests/support/tolerance.hpp"

namespace crashbench {
namespace {

using testing::corners_by_hand;
using testing::detect_once;
using testing::make_pose;
using testing::kRoundingRel;
using testing::near_relative;


Scene one_wall(Vec2 a, Vec2 b) { return testing::walls_scene({WallSegment{a, b}}); }

TEST(AnalyticWalls, CornerHitContactsAtTheMidpointOfTheTwoEdgeCrossings) {
  // Nose 30 deg down towards the wall Y = 0: only the front-right corner is below Y = 0.
  const double heading = -std::numbers::pi / 6, front = 1.6, rear = 2.9, half = 0.95;
  const Vec2 cg(10.0, 1.55);
  const double c = std::cos(heading), s = std::sin(heading);
  const Vec2 front_right = cg + Vec2(c * front + s * half, s * front - c * half);
  const Vec2 front_left = cg + Vec2(c * front - s * half, s * front + c * half);
  const Vec2 rear_right = cg + Vec2(-c * rear + s * half, -s * rear - c * half);
  ASSERT_LT(front_right.y(), 0.0);
  ASSERT_GT(front_left.y(), 0.0);
  ASSERT_GT(rear_right.y(), 0.0);
  // The front face and the right side cross Y = 0 where their y goes through zero.
  const auto crossing = [&](const Vec2& other) {
    return front_right + (-front_right.y() / (other.y() - front_right.y())) * (other - front_right);
  };
  const Vec2 expected_point = 0.5 * (crossing(front_left) + crossing(rear_right));

  const auto contacts =
      detect_once(scene_from_walls("straight-wall", kStraightWall), {make_pose(cg.x(), cg.y(), heading, front, rear, 2 * half)});
  ASSERT_EQ(contacts.size(), 1u);
  EXPECT_EQ(contacts[0].vehicle, 0);
  EXPECT_EQ(contacts[0].other, kStaticScene);
  EXPECT_EQ(contacts[0].feature, 0);
  EXPECT_TRUE(near_relative(contacts[0].point_W, expected_point, kRoundingRel));
  EXPECT_TRUE(near_relative(contacts[0].normal_W, Vec2(0, 1), kRoundingRel));
  EXPECT_TRUE(near_relative(contacts[0].depth, -front_right.y(), kRoundingRel));
}

TEST(AnalyticWalls, WholeSideParallelToTheWallContactsAtTheSidesMiddle) {
  // Heading 0: the right side y = 0.9 - 1.0 = -0.1 lies past the wall from X = 20 - 2.5 to 20 + 1.5.
  auto contacts = detect_once(scene_from_walls("straight-wall", kStraightWall), {make_pose(20, 0.9, 0, 1.5, 2.5, 2.0)});
  ASSERT_EQ(contacts.size(), 1u);
  EXPECT_TRUE(near_relative(contacts[0].point_W, Vec2(19.5, 0), kRoundingRel));
  EXPECT_TRUE(near_relative(contacts[0].normal_W, Vec2(0, 1), kRoundingRel));
  EXPECT_TRUE(near_relative(contacts[0].depth, 0.1, kRoundingRel));
  // Facing west the rectangle spans X = 20 - 1.5 .. 20 + 2.5 instead.
  contacts = detect_once(scene_from_walls("straight-wall", kStraightWall), {make_pose(20, 0.9, std::numbers::pi, 1.5, 2.5, 2.0)});
  ASSERT_EQ(contacts.size(), 1u);
  EXPECT_TRUE(near_relative(contacts[0].point_W, Vec2(20.5, 0), kRoundingRel));
  EXPECT_TRUE(near_relative(contacts[0].depth, 0.1, kRoundingRel));
}

TEST(AnalyticWalls, LRailCornerGivesOneContactPerWall) {
  // Nose 0.3 m past the end wall X = 100, right side 0.1 m past the side wall Y = 0.
  const auto contacts = detect_once(scene_from_walls("l-rail", kLRail), {make_pose(98.8, 0.8, 0, 1.5, 2.5, 1.8)});
  ASSERT_EQ(contacts.size(), 2u);
  const Contact& side = contacts[0].feature == 0 ? contacts[0] : contacts[1];
  const Contact& end = contacts[0].feature == 0 ? contacts[1] : contacts[0];
  ASSERT_EQ(side.feature, 0);
  ASSERT_EQ(end.feature, 1);
  // Side wall inside the rectangle: X from the rear 96.3 to the wall's end 100.
  EXPECT_TRUE(near_relative(side.point_W, Vec2(98.15, 0), kRoundingRel));
  EXPECT_TRUE(near_relative(side.normal_W, Vec2(0, 1), kRoundingRel));
  EXPECT_TRUE(near_relative(side.depth, 0.1, kRoundingRel));
  // End wall inside the rectangle: Y from the wall's end 0 to the left side 1.7.
  EXPECT_TRUE(near_relative(end.point_W, Vec2(100, 0.85), kRoundingRel));
  EXPECT_TRUE(near_relative(end.normal_W, Vec2(-1, 0), kRoundingRel));
  EXPECT_TRUE(near_relative(end.depth, 0.3, kRoundingRel));
}

TEST(AnalyticWalls, MissInsideTheWallsBoundingBoxTestsButFindsNothing) {
  // Diagonal wall y = x; the rectangle X 5..9, Y 1..3 lies in the wall's box but below the wall.
  DetectorStats stats;
  const auto contacts = detect_once(one_wall({0, 0}, {10, 10}), {make_pose(7, 2, 0, 2, 2, 2)}, &stats);
  EXPECT_TRUE(contacts.empty());
  EXPECT_EQ(stats.nodes_visited, 1);
  EXPECT_EQ(stats.primitives_tested, 1);
  // Far away: rejected by the bounding boxes alone.
  stats = {};
  EXPECT_TRUE(detect_once(one_wall({0, 0}, {10, 10}), {make_pose(30, 2, 0.4, 2, 2, 2)}, &stats).empty());
  EXPECT_EQ(stats.primitives_tested, 0);
}

TEST(AnalyticWalls, WallEndInsideTheRectangle) {
  // The straight wall ends at X = 250 inside the rectangle X 248.5..252, Y -0.4..1.4.
  const auto contacts = detect_once(scene_from_walls("straight-wall", kStraightWall), {make_pose(250.5, 0.5, 0, 1.5, 2.0, 1.8)});
  ASSERT_EQ(contacts.size(), 1u);
  EXPECT_TRUE(near_relative(contacts[0].point_W, Vec2(249.25, 0), kRoundingRel));
  EXPECT_TRUE(near_relative(contacts[0].normal_W, Vec2(0, 1), kRoundingRel));
  EXPECT_TRUE(near_relative(contacts[0].depth, 0.4, kRoundingRel));
}

TEST(AnalyticWalls, RotatedVehicleAgainstAnObliqueWall) {
  // General heading and wall direction; the wall is long enough that both crossings lie on it.
  const Vec2 a(13, -12), b(-7, 15.5);
  const VehiclePose pose = make_pose(2.1, 0.4, 1.1, 1.7, 2.6, 1.85);
  const Vec2 t = (b - a).normalized();
  const Vec2 n_left(-t.y(), t.x());
  const Vec2 n = (pose.position_W - a).dot(n_left) > 0 ? n_left : Vec2(-n_left);
  const auto corners = corners_by_hand(pose);
  // Signed distances from the wall line; the interference line joins the zero crossings along the edges.
  std::vector<Vec2> crossings;
  double lowest = 0;
  for (int k = 0; k < 4; ++k) {
    const Vec2 &p = corners[k], &q = corners[(k + 1) % 4];
    const double dp = (p - a).dot(n), dq = (q - a).dot(n);
    lowest = std::min(lowest, dp);
    if ((dp < 0) != (dq < 0)) crossings.push_back(p + dp / (dp - dq) * (q - p));
  }
  ASSERT_EQ(crossings.size(), 2u);
  ASSERT_LT(lowest, -0.2);

  const auto contacts = detect_once(one_wall(a, b), {pose});
  ASSERT_EQ(contacts.size(), 1u);
  EXPECT_TRUE(near_relative(contacts[0].point_W, 0.5 * (crossings[0] + crossings[1]), kRoundingRel, 10.0));
  EXPECT_TRUE(near_relative(contacts[0].normal_W, n, kRoundingRel));
  EXPECT_TRUE(near_relative(contacts[0].depth, -lowest, kRoundingRel));
}

void expect_finite_touch(const std::vector<Contact>& contacts, const Vec2& normal) {
  ASSERT_LE(contacts.size(), 1u);
  for (const Contact& c : contacts) {
    EXPECT_TRUE(c.point_W.allFinite());
    EXPECT_TRUE(near_relative(c.normal_W, normal, kRoundingRel));
    EXPECT_GE(c.depth, 0.0);
    EXPECT_LE(c.depth, 1e-12);
  }
}

TEST(AnalyticWalls, TouchingGivesAtMostAZeroDepthContactAndNoNaN) {
  // Right side exactly on the wall line.
  expect_finite_touch(detect_once(scene_from_walls("straight-wall", kStraightWall), {make_pose(10, 0.95, 0, 1.5, 2.5, 1.9)}),
                      Vec2(0, 1));
  // Front-right corner exactly on the end of the wall X = 0, Y 0..-5.
  expect_finite_touch(detect_once(one_wall({0, 0}, {0, -5}), {make_pose(-1.5, 0.9, 0, 1.5, 2.5, 1.8)}), Vec2(-1, 0));
}

TEST(AnalyticWalls, AFaceTouchingAWallToRoundingContactsAtTheFacesMiddle) {
  // Heading -90 deg from a computed angle (cos = 6e-17, not 0): the front face lies on the wall Y = 0 to
  // rounding, where clipping the wall to the face's slab alone would put the point anywhere along it.
  const double heading = -std::acos(-1.0) / 2;
  int touches = 0;
  for (const double x : {3.7, 37.3, 120.1})
    for (const double y : {2.25, std::nextafter(2.25, 0.0), std::nextafter(std::nextafter(2.25, 0.0), 0.0)}) {
      const std::vector<Contact> got =
          detect_once(scene_from_walls("straight-wall", kStraightWall), {make_pose(x, y, heading, 2.25, 2.45, 1.8)});
      ASSERT_LE(got.size(), 1u) << x;
      if (got.empty()) continue;
      ++touches;
      EXPECT_NEAR(got[0].point_W.x(), x, 1e-9) << "a centred face touch has no lever arm";
      EXPECT_LE(got[0].depth, 1e-12);
    }
  EXPECT_GE(touches, 3);
}

TEST(AnalyticWalls, ZeroLengthWallIsBadInput) {
  AnalyticDetector detector;
  EXPECT_THROW(detector.prepare(one_wall({3, 4}, {3, 4}), 1), Error);
}

TEST(AnalyticWalls, DetectAllocatesNothingOnceOutHasCapacity) {
  const std::vector<VehiclePose> poses = {make_pose(98.8, 0.8, 0.1, 1.5, 2.5, 1.8),
                                          make_pose(95.0, 1.2, 0.2, 1.5, 2.5, 1.8), make_pose(50, 20, -0.3, 1.5, 2.5, 1.8)};
  const testing::SteppedRun run = testing::run_steps(scene_from_walls("l-rail", kLRail), poses, 200, 0.01, 0.001, 64);
  EXPECT_EQ(run.allocations, 0);
  EXPECT_GT(run.contacts, 200);  // walls and the vehicle pair were really in contact
}

}  // namespace
}  // namespace crashbench
