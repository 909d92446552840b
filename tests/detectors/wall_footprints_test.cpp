// Wall footprints from vertical triangles: panels on one line merge, gaps stay, floors are ignored.
#include "detectors/scenes/wall_footprints.hpp"

#include <gtest/gtest.h>

#include <algorithm>

namespace crashbench {
namespace {

/// A vertical quad from (a, 0) to (b, 0) on the line through `origin` along `dir`, 1 m tall, as two triangles.
void add_panel(std::vector<Triangle>& out, const Vec2& origin, const Vec2& dir, double a, double b) {
  const Vec2 p = origin + a * dir, q = origin + b * dir;
  const Vec3 p0(p.x(), p.y(), 0), q0(q.x(), q.y(), 0), p1(p.x(), p.y(), 1), q1(q.x(), q.y(), 1);
  out.push_back({p0, q0, q1});
  out.push_back({p0, q1, p1});
}

double distance(const WallSegment& w, const Vec2& a, const Vec2& b) {
  // Either orientation of the segment.
  return std::min((w.a_W - a).norm() + (w.b_W - b).norm(), (w.a_W - b).norm() + (w.b_W - a).norm());
}

TEST(WallFootprints, TouchingPanelsOnALineMergeAndAGapSplits) {
  const Vec2 origin(3.0, -2.0), dir = Vec2(0.6, 0.8);
  std::vector<Triangle> ts;
  add_panel(ts, origin, dir, 0.0, 2.5);
  add_panel(ts, origin, dir, 2.5, 4.0);   // touches the first
  add_panel(ts, origin, dir, 1.0, 2.0);   // inside the first: a duplicate face
  add_panel(ts, origin, dir, 7.0, 9.0);   // after a 3 m gap
  ts.push_back({{0, 0, 0}, {5, 0, 0}, {0, 5, 0}});  // floor: not a wall
  const auto walls = wall_footprints(ts);
  ASSERT_EQ(walls.size(), 2u);
  // By hand: the merged face runs from origin to origin + 4 dir, the other from 7 dir to 9 dir.
  const auto first = std::min_element(walls.begin(), walls.end(), [&](const auto& a, const auto& b) {
    return std::min(a.a_W.x(), a.b_W.x()) < std::min(b.a_W.x(), b.b_W.x());
  });
  const auto second = first == walls.begin() ? walls.begin() + 1 : walls.begin();
  EXPECT_LT(distance(*first, origin, origin + 4.0 * dir), 1e-9);
  EXPECT_LT(distance(*second, origin + 7.0 * dir, origin + 9.0 * dir), 1e-9);
  // The order of the triangles does not matter.
  std::reverse(ts.begin(), ts.end());
  const auto again = wall_footprints(ts);
  ASSERT_EQ(again.size(), walls.size());
  for (std::size_t i = 0; i < walls.size(); ++i) EXPECT_LT(distance(again[i], walls[i].a_W, walls[i].b_W), 1e-9);
}

TEST(WallFootprints, ParallelFacesOfAThickWallStaySeparate) {
  std::vector<Triangle> ts;
  add_panel(ts, {0, 0}, {1, 0}, 0, 10);
  add_panel(ts, {0, -0.3}, {1, 0}, 0, 10);  // the back face, 0.3 m behind
  const auto walls = wall_footprints(ts);
  ASSERT_EQ(walls.size(), 2u);
  EXPECT_NEAR(std::abs(walls[0].a_W.y() - walls[1].a_W.y()), 0.3, 1e-12);
}

}  // namespace
}  // namespace crashbench

namespace crashbench {
namespace {

/// A vertical quad on the plane X = 0 from Y = a to b, between heights z0 and z1, as two triangles.
void add_face(std::vector<Triangle>& out, double a, double b, double z0, double z1) {
  out.push_back({Vec3(0, a, z0), Vec3(0, b, z0), Vec3(0, b, z1)});
  out.push_back({Vec3(0, a, z0), Vec3(0, b, z1), Vec3(0, a, z1)});
}

TEST(WallFootprints, AGantryDrawnAsOneFaceSplitsWhereTheBottomsJump) {
  // Legs 1 m wide from the ground to 5 m, the beam between them from 4 to 5 m: touching, in one plane.
  std::vector<Triangle> ts;
  add_face(ts, -9, -8, 0, 5);
  add_face(ts, -8, 8, 4, 5);
  add_face(ts, 8, 9, 0, 5);
  const auto whole = wall_footprints(ts);  // no band: one wall reaching the ground across the road
  ASSERT_EQ(whole.size(), 1u);
  EXPECT_DOUBLE_EQ(whole[0].bottom_z, 0.0);
  EXPECT_DOUBLE_EQ(whole[0].top_z, 5.0);
  const auto split = wall_footprints(ts, kVerticalToleranceDeg, 2.0);
  ASSERT_EQ(split.size(), 3u);
  // Sorted along the line: the left leg, the beam (its own bottom), the right leg.
  const double lows[3] = {0.0, 4.0, 0.0};
  for (int i = 0; i < 3; ++i) EXPECT_DOUBLE_EQ(split[static_cast<std::size_t>(i)].bottom_z, lows[i]) << i;
  EXPECT_NEAR(std::abs(split[1].b_W.y() - split[1].a_W.y()), 16.0, 1e-9);
  // The triangles' order does not change the walls.
  std::reverse(ts.begin(), ts.end());
  const auto again = wall_footprints(ts, kVerticalToleranceDeg, 2.0);
  ASSERT_EQ(again.size(), split.size());
  for (std::size_t i = 0; i < split.size(); ++i) {
    EXPECT_DOUBLE_EQ(again[i].bottom_z, split[i].bottom_z);
    EXPECT_NEAR((again[i].a_W - split[i].a_W).norm() + (again[i].b_W - split[i].b_W).norm(), 0.0, 1e-12);
  }
}

}  // namespace
}  // namespace crashbench
