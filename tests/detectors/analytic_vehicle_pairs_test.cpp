// The analytic detector between vehicles: hand-computed rectangle-rectangle configurations
// (rear-end, corner into side, touching, separated) and the a / b symmetry.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "detectors/analytic_detector.hpp"
#include "tests/detectors/analytic_test_support.hpp"
#include "tests/support/tolerance.hpp"

namespace crashbench {
namespace {

using testing::corners_by_hand;
using testing::detect_once;
using testing::inside_by_hand;
using testing::make_pose;
using testing::kRoundingRel;
using testing::near_relative;

const Scene kNoWalls = testing::walls_scene();

TEST(AnalyticVehiclePairs, RearEndAlignedContactsOnTheStruckRearFace) {
  // A (front 2.0) 0.1 m into B's rear (B's CG 4.3 m ahead, rear 2.4), rotated by 0.37 rad about (5, -3).
  // B is wider: B's rear face crosses A's sides at body y = +-0.9, 1.9 m ahead of A's CG.
  const double heading = 0.37;
  const Vec2 origin(5, -3), u(std::cos(heading), std::sin(heading));
  const Vec2 b_cg = origin + 4.3 * u;
  const auto contacts = detect_once(kNoWalls, {make_pose(origin.x(), origin.y(), heading, 2.0, 2.5, 1.8),
                                               make_pose(b_cg.x(), b_cg.y(), heading, 2.1, 2.4, 2.0)});
  ASSERT_EQ(contacts.size(), 1u);
  EXPECT_EQ(contacts[0].vehicle, 0);
  EXPECT_EQ(contacts[0].other, 1);
  EXPECT_TRUE(near_relative(contacts[0].point_W, origin + 1.9 * u, kRoundingRel, 10.0));
  EXPECT_TRUE(near_relative(contacts[0].normal_W, -u, kRoundingRel));
  EXPECT_TRUE(near_relative(contacts[0].depth, 0.1, 1e-9));
}

TEST(AnalyticVehiclePairs, RearEndEqualWidthsContactsInTheMiddleOfTheOverlap) {
  // Equal widths: the sides run along each other. The crossings are the four corners of the overlap
  // X 1.9..2.0, Y -0.9..0.9; their mean is its centre.
  const auto contacts =
      detect_once(kNoWalls, {make_pose(0, 0, 0, 2.0, 2.5, 1.8), make_pose(4.3, 0, 0, 2.1, 2.4, 1.8)});
  ASSERT_EQ(contacts.size(), 1u);
  EXPECT_TRUE(near_relative(contacts[0].point_W, Vec2(1.95, 0), kRoundingRel));
  EXPECT_TRUE(near_relative(contacts[0].normal_W, Vec2(-1, 0), kRoundingRel));
  EXPECT_TRUE(near_relative(contacts[0].depth, 0.1, 1e-9));
}

struct CornerIntoSide {
  VehiclePose a, b;
  Vec2 expected_point;
  double expected_depth;
};

// A, nose 60 deg down, puts its front-right corner 0.07 m into the left side (Y = 1) of B, which faces east.
CornerIntoSide corner_into_side() {
  const double heading = -std::numbers::pi / 3, front = 1.8, half = 0.85;
  const Vec2 fwd(std::cos(heading), std::sin(heading)), left(-fwd.y(), fwd.x());
  const Vec2 corner(0.3, 0.93);
  const Vec2 cg = corner - front * fwd + half * left;
  // The front face and the right side leave the corner along +left and -fwd; both cross Y = 1.
  const Vec2 on_front = corner + ((1 - corner.y()) / left.y()) * left;
  const Vec2 on_side = corner + ((1 - corner.y()) / -fwd.y()) * Vec2(-fwd);
  return {make_pose(cg.x(), cg.y(), heading, front, 2.7, 2 * half), make_pose(0, 0, 0, 2.2, 2.3, 2.0),
          0.5 * (on_front + on_side), 1 - corner.y()};
}

TEST(AnalyticVehiclePairs, AngledCornerIntoSideContactsBetweenTheTwoCrossings) {
  const CornerIntoSide s = corner_into_side();
  // Preconditions: only A's front-right corner is inside B, and no corner of B is inside A.
  const auto a_corners = corners_by_hand(s.a);
  ASSERT_TRUE(inside_by_hand(s.b, a_corners[0]));
  for (int k = 1; k < 4; ++k) ASSERT_FALSE(inside_by_hand(s.b, a_corners[k]));
  for (const Vec2& q : corners_by_hand(s.b)) ASSERT_FALSE(inside_by_hand(s.a, q));

  const auto contacts = detect_once(kNoWalls, {s.a, s.b});
  ASSERT_EQ(contacts.size(), 1u);
  EXPECT_TRUE(near_relative(contacts[0].point_W, s.expected_point, kRoundingRel));
  EXPECT_TRUE(near_relative(contacts[0].normal_W, Vec2(0, 1), kRoundingRel));
  EXPECT_TRUE(near_relative(contacts[0].depth, s.expected_depth, kRoundingRel));
  EXPECT_EQ(contacts[0].feature, 3);  // B's y axis
}

TEST(AnalyticVehiclePairs, SwappingTheVehiclesFlipsTheNormalOnly) {
  const CornerIntoSide s = corner_into_side();
  const auto ab = detect_once(kNoWalls, {s.a, s.b});
  const auto ba = detect_once(kNoWalls, {s.b, s.a});
  ASSERT_EQ(ab.size(), 1u);
  ASSERT_EQ(ba.size(), 1u);
  EXPECT_EQ(ba[0].vehicle, 0);
  EXPECT_EQ(ba[0].other, 1);
  EXPECT_TRUE(near_relative(ba[0].normal_W, -ab[0].normal_W, kRoundingRel));
  EXPECT_TRUE(near_relative(ba[0].point_W, ab[0].point_W, kRoundingRel));
  EXPECT_TRUE(near_relative(ba[0].depth, ab[0].depth, kRoundingRel));
}

TEST(AnalyticVehiclePairs, SeparatedAlongADiagonalAxisDespiteOverlappingBoxes) {
  // Both at 45 deg, 2.12 m apart across their width (half widths 0.5 + 0.5); their boxes overlap.
  DetectorStats stats;
  const double q = std::numbers::pi / 4;
  EXPECT_TRUE(
      detect_once(kNoWalls, {make_pose(0, 0, q, 2, 2, 1), make_pose(1.5, -1.5, q, 2, 2, 1)}, &stats).empty());
  EXPECT_EQ(stats.primitives_tested, 1);
}

TEST(AnalyticVehiclePairs, EdgeToEdgeParallelTouchGivesAtMostAZeroDepthContact) {
  // A's front face and B's rear face both at X = 2; they share Y -0.4..0.9 of it.
  const auto contacts =
      detect_once(kNoWalls, {make_pose(0, 0, 0, 2.0, 2.5, 1.8), make_pose(4.5, 0.5, 0, 2.0, 2.5, 1.8)});
  ASSERT_LE(contacts.size(), 1u);
  for (const Contact& c : contacts) {
    EXPECT_TRUE(near_relative(c.point_W, Vec2(2, 0.25), kRoundingRel));
    EXPECT_TRUE(near_relative(c.normal_W, Vec2(-1, 0), kRoundingRel));
    EXPECT_LE(c.depth, 1e-12);
  }
  // Nearly parallel and nearly touching: whatever comes out is finite.
  const auto near = detect_once(kNoWalls, {make_pose(0, 0, 1e-15, 2.0, 2.5, 1.8), make_pose(4.5, 0.5, 0, 2.0, 2.5, 1.8)});
  for (const Contact& c : near) {
    EXPECT_TRUE(c.point_W.allFinite());
    EXPECT_TRUE(c.normal_W.allFinite());
    EXPECT_TRUE(std::isfinite(c.depth));
  }
}

TEST(AnalyticVehiclePairs, OneInsideTheOtherContactsAtTheInnerCentre) {
  // No edges cross: the small rectangle's centre (CG + 0.5 (front - rear) forward) stands in.
  const auto contacts =
      detect_once(kNoWalls, {make_pose(0, 0, 0.2, 3.0, 3.0, 2.4), make_pose(0.5, 0.2, 1.0, 0.6, 0.4, 0.5)});
  ASSERT_EQ(contacts.size(), 1u);
  const Vec2 inner_centre = Vec2(0.5, 0.2) + 0.1 * Vec2(std::cos(1.0), std::sin(1.0));
  EXPECT_TRUE(near_relative(contacts[0].point_W, inner_centre, kRoundingRel));
  EXPECT_GT(contacts[0].depth, 0.0);
}

}  // namespace
}  // namespace crashbench
