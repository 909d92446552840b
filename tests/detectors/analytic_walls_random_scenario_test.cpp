// The analytic detector against an independent brute force: dense samples along each wall, tested for
// being inside the rectangle; the first and last inside samples bound the interference line.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <random>

#include "detectors/analytic_detector.hpp"
#include "tests/detectors/analytic_test_support.hpp"
#include "tests/support/tolerance.hpp"

namespace crashbench {
namespace {

using testing::corners_by_hand;
using testing::inside_by_hand;
using testing::make_pose;
using testing::near_relative;

struct BruteForce {
  bool hit = false;
  Vec2 first = Vec2::Zero(), last = Vec2::Zero();  // first and last wall samples inside the rectangle [m]
};

BruteForce sample_wall(const VehiclePose& pose, const Vec2& a, const Vec2& b, int samples) {
  BruteForce r;
  for (int i = 0; i <= samples; ++i) {
    const Vec2 q = a + (static_cast<double>(i) / samples) * (b - a);
    if (!inside_by_hand(pose, q)) continue;
    if (!r.hit) r.first = q;
    r.hit = true;
    r.last = q;
  }
  return r;
}

TEST(AnalyticWallsRandom, AgreesWithDenseSamplingOfTheWall) {
  std::mt19937 rng(20261125);
  std::uniform_real_distribution<double> coord(-6, 6), length(1, 20), angle(-std::numbers::pi, std::numbers::pi);
  std::uniform_real_distribution<double> overhang(1, 3), width(1.4, 2.6);
  constexpr int kSamples = 20000;
  int hits = 0, misses = 0;
  for (int trial = 0; trial < 1500; ++trial) {
    const Vec2 a(coord(rng), coord(rng));
    const Vec2 b = a + length(rng) * unit_at(angle(rng));
    const VehiclePose pose = make_pose(coord(rng), coord(rng), angle(rng), overhang(rng), overhang(rng), width(rng));
    const double h = (b - a).norm() / kSamples;  // sample spacing [m]
    const BruteForce brute = sample_wall(pose, a, b, kSamples);
    const auto contacts = testing::detect_once(testing::walls_scene({WallSegment{a, b}}), {pose});
    SCOPED_TRACE(::testing::Message() << "trial " << trial);
    if (!brute.hit) {
      ++misses;
      // Only a graze shorter than the sample spacing may be found by the exact test alone.
      for (const Contact& c : contacts) EXPECT_TRUE(inside_by_hand(pose, c.point_W, 2 * h));
      continue;
    }
    ++hits;
    ASSERT_EQ(contacts.size(), 1u);
    const Contact& c = contacts[0];
    // Each end of the sampled line is within one spacing of the exact end, so is the midpoint.
    EXPECT_LE((c.point_W - 0.5 * (brute.first + brute.last)).norm(), h);
    // Normal: the wall's unit normal on the CG's side; depth: deepest corner past the wall line.
    const Vec2 t = (b - a).normalized();
    Vec2 n(-t.y(), t.x());
    if ((pose.position_W - a).dot(n) < 0) n = -n;
    EXPECT_TRUE(near_relative(c.normal_W, n, 1e-12));
    double depth = 0;
    for (const Vec2& corner : corners_by_hand(pose)) depth = std::max(depth, -(corner - a).dot(n));
    EXPECT_TRUE(near_relative(c.depth, depth, 1e-12, 10.0));
  }
  // Both outcomes were exercised.
  EXPECT_GT(hits, 200);
  EXPECT_GT(misses, 200);
}

}  // namespace
}  // namespace crashbench
