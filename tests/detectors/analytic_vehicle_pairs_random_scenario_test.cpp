// The analytic detector between vehicles on random sets: the shared vehicle-pair pass (grid broad phase) against all pairs,
// the contact point against boundary sampling, the depth against separation along the normal, and the
// zero-allocation promise with 100 vehicles.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <numbers>
#include <random>
#include <utility>

#include "detectors/analytic_detector.hpp"
#include "tests/detectors/analytic_test_support.hpp"
#include "tests/support/tolerance.hpp"

namespace crashbench {
namespace {

using testing::corners_by_hand;
using testing::inside_by_hand;
using testing::make_pose;

std::vector<VehiclePose> random_poses(std::mt19937& rng, int n, double area) {
  std::uniform_real_distribution<double> coord(0, area), angle(-std::numbers::pi, std::numbers::pi);
  std::uniform_real_distribution<double> overhang(1, 3), width(1.4, 2.6);
  std::vector<VehiclePose> poses;
  for (int i = 0; i < n; ++i)
    poses.push_back(make_pose(coord(rng), coord(rng), angle(rng), overhang(rng), overhang(rng), width(rng)));
  return poses;
}

TEST(AnalyticVehiclePairsRandom, BroadPhaseFindsExactlyThePairsAllPairsFinds) {
  std::mt19937 rng(4);
  AnalyticDetector detector;  // one detector across steps, so the kept sweep order is exercised
  detector.prepare(testing::walls_scene(), 60);
  std::vector<VehiclePose> poses = random_poses(rng, 60, 40);
  std::normal_distribution<double> jiggle(0, 0.8);
  int total = 0;
  for (int step = 0; step < 30; ++step) {
    for (auto& p : poses) p.position_W += Vec2(jiggle(rng), jiggle(rng)), p.heading += 0.1 * jiggle(rng);
    std::vector<Contact> out;
    DetectorStats stats;
    detector.detect_all(poses, out, stats);
    std::map<std::pair<int, int>, Contact> expected;
    for (int a = 0; a < 60; ++a)
      for (int b = a + 1; b < 60; ++b) {
        Contact c;
        if (rectangle_contact(place_rectangle(poses[a]), place_rectangle(poses[b]), c)) expected[{a, b}] = c;
      }
    ASSERT_EQ(out.size(), expected.size());
    for (const Contact& c : out) {
      const auto it = expected.find({c.vehicle, c.other});
      ASSERT_NE(it, expected.end()) << c.vehicle << " " << c.other;
      EXPECT_EQ(c.point_W, it->second.point_W);
      EXPECT_EQ(c.normal_W, it->second.normal_W);
      EXPECT_EQ(c.depth, it->second.depth);
    }
    EXPECT_LT(stats.primitives_tested, 60 * 59 / 2);  // the broad phase did prune
    total += static_cast<int>(out.size());
  }
  EXPECT_GT(total, 30);
}

// Points on the boundary of `p`, corners included, `per_edge` per edge [m, W].
std::vector<Vec2> boundary_samples(const VehiclePose& p, int per_edge) {
  const auto c = corners_by_hand(p);
  std::vector<Vec2> out;
  for (int k = 0; k < 4; ++k)
    for (int i = 0; i < per_edge; ++i) out.push_back(c[k] + (double(i) / per_edge) * (c[(k + 1) % 4] - c[k]));
  return out;
}

bool overlap_by_sampling(const VehiclePose& a, const VehiclePose& b) {
  for (const Vec2& q : boundary_samples(a, 400))
    if (inside_by_hand(b, q)) return true;
  for (const Vec2& q : boundary_samples(b, 400))
    if (inside_by_hand(a, q)) return true;
  return false;
}

TEST(AnalyticVehiclePairsRandom, PointDepthAndNormalAgreeWithSampling) {
  std::mt19937 rng(11);
  constexpr int kPerEdge = 20000;
  int checked = 0;
  for (int trial = 0; trial < 400; ++trial) {
    const auto poses = random_poses(rng, 2, 5);
    Contact c;
    if (!rectangle_contact(place_rectangle(poses[0]), place_rectangle(poses[1]), c)) {
      EXPECT_FALSE(overlap_by_sampling(poses[0], poses[1])) << "trial " << trial;
      continue;
    }
    // Where the inside-B status flips along A's boundary, the boundaries cross.
    const auto samples = boundary_samples(poses[0], kPerEdge);
    Vec2 sum = Vec2::Zero();
    int flips = 0;
    for (std::size_t i = 0; i < samples.size(); ++i) {
      const Vec2& q = samples[(i + 1) % samples.size()];
      if (inside_by_hand(poses[1], samples[i]) != inside_by_hand(poses[1], q)) sum += q, ++flips;
    }
    if (flips == 0) continue;  // one inside the other
    ++checked;
    const double spacing = 2 * (poses[0].size.cg_to_front + poses[0].size.cg_to_rear) / kPerEdge;
    EXPECT_LE((c.point_W - sum / flips).norm(), spacing) << "trial " << trial;
    // Moving A out along the normal by the depth separates the pair; a little less does not.
    VehiclePose moved = poses[0];
    moved.position_W = poses[0].position_W + (c.depth + 1e-6) * c.normal_W;
    EXPECT_FALSE(overlap_by_sampling(moved, poses[1])) << "trial " << trial;
    moved.position_W = poses[0].position_W + (c.depth - 1e-3) * c.normal_W;
    EXPECT_TRUE(c.depth < 1e-3 || overlap_by_sampling(moved, poses[1])) << "trial " << trial;
  }
  EXPECT_GT(checked, 50);
}

TEST(AnalyticVehiclePairsRandom, SwappingEveryPairFlipsTheNormal) {
  std::mt19937 rng(7);
  int checked = 0;
  for (int trial = 0; trial < 2000; ++trial) {
    const auto poses = random_poses(rng, 2, 5);
    const PlacedRectangle a = place_rectangle(poses[0]), b = place_rectangle(poses[1]);
    Contact ab, ba;
    const bool hit = rectangle_contact(a, b, ab);
    ASSERT_EQ(hit, rectangle_contact(b, a, ba));
    if (!hit) continue;
    ++checked;
    EXPECT_TRUE(testing::near_relative(ba.normal_W, -ab.normal_W, 1e-9));
    EXPECT_TRUE(testing::near_relative(ba.point_W, ab.point_W, 1e-9));
    EXPECT_TRUE(testing::near_relative(ba.depth, ab.depth, 1e-9));
  }
  EXPECT_GT(checked, 500);
}

TEST(AnalyticVehiclePairsRandom, OutputDoesNotDependOnEarlierSteps) {
  // A detector that has seen other poses first must give the same contacts, in the same order, as a
  // fresh one (nothing of an earlier query is kept).
  std::mt19937 rng(5);
  const auto earlier = random_poses(rng, 40, 25), now = random_poses(rng, 40, 25);
  AnalyticDetector used;
  used.prepare(testing::walls_scene(), 40);
  std::vector<Contact> out;
  DetectorStats stats;
  used.detect_all(earlier, out, stats);
  out.clear();
  used.detect_all(now, out, stats);
  const auto fresh = testing::detect_once(testing::walls_scene(), now);
  ASSERT_GT(fresh.size(), 3u);
  ASSERT_EQ(out.size(), fresh.size());
  for (std::size_t i = 0; i < out.size(); ++i) {
    EXPECT_EQ(out[i].vehicle, fresh[i].vehicle);
    EXPECT_EQ(out[i].other, fresh[i].other);
    EXPECT_EQ(out[i].point_W, fresh[i].point_W);
  }
}

TEST(AnalyticVehiclePairsRandom, MorePosesThanPreparedStillDetects) {
  std::mt19937 rng(6);
  const auto poses = random_poses(rng, 30, 20);
  AnalyticDetector small;
  small.prepare(testing::walls_scene(), 2);
  std::vector<Contact> out;
  DetectorStats stats;
  small.detect_all(poses, out, stats);
  EXPECT_EQ(out.size(), testing::detect_once(testing::walls_scene(), poses).size());
  EXPECT_GT(out.size(), 0u);
}

TEST(AnalyticVehiclePairsRandom, HundredVehiclesAllocateNothingPerDetect) {
  std::mt19937 rng(3);
  const testing::SteppedRun run = testing::run_steps(testing::walls_scene(), random_poses(rng, 100, 60), 50, 0.05, 0.01, 1000);
  EXPECT_EQ(run.allocations, 0);
  EXPECT_GT(run.contacts, 50);
}

}  // namespace
}  // namespace crashbench
