// The interference set's contacts do not depend, to the bit, on the order a detector hands it the
// triangles: the tree may test a car's triangles from a list it kept rather than from the cells in their
// order (tree_detector.hpp), and two detectors finding the same triangles then give the same physics.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <numeric>
#include <random>
#include <tuple>

#include "detectors/scenes/interference.hpp"

namespace crashbench {
namespace {

/// A 1 m high panel standing on the chord from `a_W` to `b_W`, as two triangles.
void add_panel(std::vector<Triangle>& out, const Vec2& a_W, const Vec2& b_W) {
  const Vec3 a0(a_W.x(), a_W.y(), 0), b0(b_W.x(), b_W.y(), 0), a1(a_W.x(), a_W.y(), 1), b1(b_W.x(), b_W.y(), 1);
  out.push_back({a0, b0, b1});
  out.push_back({a0, b1, a1});
}

/// A comb of `teeth` short panels 0.05 m apart, each leaning a little more, across the left edge of the
/// rectangle below (one piece a tooth: the slice of its lower triangle, y from 0.4 to 1.1 m): one face of
/// many pieces (each within kMergeOffset of its neighbours' lines), every piece's direction different, so
/// the sums that build the face round differently in different orders.
std::vector<Triangle> comb(int teeth) {
  std::vector<Triangle> out;
  for (int k = 0; k < teeth; ++k) {
    const Vec2 foot(-2.0 + 0.05 * k, 0.4);
    add_panel(out, foot, foot + Vec2(0.005 * k - 0.15, 1.4));
  }
  return out;
}

/// A 0.25 m thick wall across the rectangle below, its two faces wound either way: one face of four
/// pieces whose ends on the rectangle's sides lie exactly level along the wall (every clip is exact in
/// binary), so that which of them bounds the face (the contact point) depends, without a rule, on which
/// piece comes first.
std::vector<Triangle> thin_wall_across() {
  std::vector<Triangle> out;
  add_panel(out, Vec2(0.5, -4), Vec2(0.5, 4));
  add_panel(out, Vec2(0.75, 4), Vec2(0.75, -4));
  return out;
}

/// A car's rectangle, 4.7 x 2 m, its left edge at y = 1 m.
BoundingRectangle rectangle() {
  VehiclePose pose;
  pose.position_W = Vec2(0, 0);
  pose.heading = 0;
  pose.cg_height = 0.5;
  pose.ground_z = 0;
  pose.size.cg_to_front = 2.1;
  pose.size.cg_to_rear = 2.6;
  pose.size.width = 2.0;
  return bounding_rectangle(pose, nullptr);
}

std::vector<Contact> contacts_in_order(const std::vector<Triangle>& triangles, const std::vector<int>& order) {
  const BoundingRectangle rect = rectangle();
  InterferenceSet set;
  set.reset(rect);
  for (int k : order) set.add_triangle(triangles[static_cast<std::size_t>(k)], k);
  std::vector<Contact> out;
  set.emit(0, out);
  return out;
}

/// The same contacts to the bit; their features too unless `same_features` is false (two detectors number the
/// triangles their own way).
void expect_same_bits(const std::vector<Contact>& a, const std::vector<Contact>& b, bool same_features = true) {
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (same_features) {
      EXPECT_EQ(a[i].feature, b[i].feature) << i;
    }
    for (const auto& [x, y] : {std::pair{a[i].point_W.x(), b[i].point_W.x()}, {a[i].point_W.y(), b[i].point_W.y()},
                               {a[i].normal_W.x(), b[i].normal_W.x()}, {a[i].normal_W.y(), b[i].normal_W.y()},
                               {a[i].depth, b[i].depth}})
      EXPECT_EQ(std::memcmp(&x, &y, sizeof x), 0) << "contact " << i << ": " << x << " against " << y;
  }
}

void expect_any_order_gives_the_same_bits(const std::vector<Triangle>& triangles) {
  std::vector<int> order(triangles.size());
  std::iota(order.begin(), order.end(), 0);
  const std::vector<Contact> in_order = contacts_in_order(triangles, order);
  ASSERT_EQ(in_order.size(), 1u) << "one face";
  std::mt19937 random(7);
  for (int round = 0; round < 50; ++round) {
    std::shuffle(order.begin(), order.end(), random);
    expect_same_bits(in_order, contacts_in_order(triangles, order));
    std::reverse(order.begin(), order.end());
    expect_same_bits(in_order, contacts_in_order(triangles, order));
  }
}

TEST(InterferenceSet, TheSameTrianglesInAnyOrderGiveContactsOfTheSameBits) {
  expect_any_order_gives_the_same_bits(thin_wall_across());
}

TEST(InterferenceSet, BeyondItsPiecesItKeepsTheSameOnesWhateverTheOrder) {
  static_assert(70 > kMaxPieces, "a piece a tooth: more than it keeps");
  expect_any_order_gives_the_same_bits(comb(70));
}

TEST(InterferenceSet, TheSameTrianglesNumberedOtherwiseGiveTheSameContact) {
  // A wall along y = 0.75 and a box's face 0.5 m inside it along y = 0.25, each across the rectangle: one
  // face whose pieces end on the rectangle's front and rear edges, level in pairs (every clip exact in
  // binary: the front edge at x = 2.1 is half of each lower piece, [0, 4.2] and [-1, 5.2]). Pieces ordered by
  // their features, the detector's numbering chose which ends bound the face: osg (OSG's primitive index)
  // and brute force (the scene's) gave esmini's test_road_corner_outline.xodr different contact points.
  std::vector<Triangle> triangles;
  add_panel(triangles, Vec2(-4.2, 0.75), Vec2(4.2, 0.75));
  add_panel(triangles, Vec2(-7.2, 0.25), Vec2(5.2, 0.25));
  const BoundingRectangle rect = rectangle();
  const auto numbered = [&](const std::vector<int>& features) {
    InterferenceSet set;
    set.reset(rect);
    for (std::size_t k = 0; k < triangles.size(); ++k) set.add_triangle(triangles[k], features[k]);
    std::vector<Contact> out;
    set.emit(0, out);
    return out;
  };
  const std::vector<Contact> wall_first = numbered({0, 1, 2, 3}), box_first = numbered({7, 6, 1, 0});
  ASSERT_EQ(wall_first.size(), 1u) << "one face";
  expect_same_bits(wall_first, box_first, false);
}

/// A triangle whose slice at the rectangle's plane (z = 0.5 m) is the segment from `p_W` to `q_W`: its edges
/// from (p, 0) rise to (p, 1) and to (2q - p, 1), crossing z = 0.5 at p and q.
Triangle sliced_as(const Vec2& p_W, const Vec2& q_W) {
  const Vec2 far = 2 * q_W - p_W;
  return {Vec3(p_W.x(), p_W.y(), 0), Vec3(far.x(), far.y(), 1), Vec3(p_W.x(), p_W.y(), 1)};
}

TEST(InterferenceSet, ASliceInterferesWhereItCrossesTheRectanglesBoundaryAndNotBesideIt) {
  // The rectangle spans x in [-2.6, 2.1], y in [-1, 1]. By hand: x + y = 2.6 cuts its corner (2.1, 1) at
  // (2.1, 0.5) and (1.6, 1), though each end lies beyond a different side; x + y = 3.6 passes it at
  // (2.1, 1.5); a line across it has its ends beyond opposite sides; x = 2.1 + 1e-7 lies beside it, x = 2.09
  // across it.
  const BoundingRectangle rect = rectangle();
  const auto interferes = [&](const Vec2& p, const Vec2& q) {
    InterferenceSet set;
    set.reset(rect);
    return set.add_triangle(sliced_as(p, q), 0);
  };
  EXPECT_TRUE(interferes(Vec2(1.1, 1.5), Vec2(2.6, 0.0)));
  EXPECT_FALSE(interferes(Vec2(1.6, 2.0), Vec2(3.1, 0.5)));
  EXPECT_TRUE(interferes(Vec2(0.0, -3.0), Vec2(0.0, 3.0)));
  EXPECT_TRUE(interferes(Vec2(-4.0, 0.2), Vec2(4.0, 0.3)));
  EXPECT_FALSE(interferes(Vec2(2.1 + 1e-7, -3.0), Vec2(2.1 + 1e-7, 3.0)));
  EXPECT_TRUE(interferes(Vec2(2.09, -3.0), Vec2(2.09, 3.0)));
  EXPECT_FALSE(interferes(Vec2(-3.0, 1.5), Vec2(3.0, 1.2)));
  EXPECT_FALSE(interferes(Vec2(-2.7, -3.0), Vec2(-2.8, 3.0)));
}

TEST(InterferenceSet, ASliceEndsWhereThePlaneCrossesTwoEdgesInEdgeOrder) {
  // By hand, every value exact in binary: a = (0, 0, 0) below the plane z = 1, b = (2, 0, 2) and c = (0, 2, 2)
  // above it. The plane crosses a-b at (1, 0) and c-a at (0, 1), each halfway; the ends come in edge order
  // (a-b, b-c, c-a), so turning the vertices round puts the vertex alone second or third and swaps them. A
  // plane through the top edge gives (2, 0)-(0, 2) (touching counts as above); one through the lone vertex
  // or above all three, none; a triangle standing on one vertical line slices to a point, none.
  const Vec3 a(0, 0, 0), b(2, 0, 2), c(0, 2, 2);
  const auto slice = [](const Triangle& t, double z) {
    Vec2 p = Vec2::Constant(-9), q = Vec2::Constant(-9);
    const bool cut = slice_triangle(t, z, p, q);
    return std::tuple{cut, p, q};
  };
  EXPECT_EQ(slice({a, b, c}, 1), std::tuple(true, Vec2(1, 0), Vec2(0, 1)));
  EXPECT_EQ(slice({c, a, b}, 1), std::tuple(true, Vec2(0, 1), Vec2(1, 0)));
  EXPECT_EQ(slice({b, c, a}, 1), std::tuple(true, Vec2(0, 1), Vec2(1, 0)));
  EXPECT_EQ(slice({a, c, b}, 1), std::tuple(true, Vec2(0, 1), Vec2(1, 0)));
  EXPECT_EQ(slice({a, b, c}, 2), std::tuple(true, Vec2(2, 0), Vec2(0, 2)));
  EXPECT_FALSE(std::get<0>(slice({a, b, c}, 0)));
  EXPECT_FALSE(std::get<0>(slice({a, b, c}, 3)));
  EXPECT_FALSE(std::get<0>(slice({a, Vec3(0, 0, 2), Vec3(0, 0, 1)}, 0.5)));
}

}  // namespace
}  // namespace crashbench
