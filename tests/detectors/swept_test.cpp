// The swept test (detectors/swept.hpp) on its own, with every registered detector on the straight wall
// (a face along Y = 0): a head-on crossing timed at its fraction of the step with its point on the bumper,
// a crossing right through the wall inside one step (both ends clear) reported, a motion that stays clear
// reporting nothing; the substep count and the interpolation by hand.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <numbers>
#include <random>

#include "detectors/scenes/registry/scene_library.hpp"
#include "detectors/swept.hpp"
#include "tests/support/registries.hpp"

namespace crashbench {
namespace {

constexpr RectangleSize kSweptCar{2.25, 2.45, 1.80};  // CG to front, to rear, width [m]

VehiclePose heading_minus_y(double x, double y) {
  VehiclePose p;
  p.position_W = {x, y};
  p.heading = -std::numbers::pi / 2;
  p.cg_height = 0.55;
  p.ground_z = 0;
  p.size = kSweptCar;
  return p;
}

class EverySweep : public ::testing::TestWithParam<std::string> {
 protected:
  /// The contacts detect_swept reports for one car moving from `start` to `end`.
  std::vector<Contact> swept(const VehiclePose& start, const VehiclePose& end) {
    auto detector = make_detector(GetParam());
    detector->prepare(scene_, 1);
    detector->reserve_pairs(1);
    SweepScratch scratch;
    scratch.prepare(1);
    std::vector<Contact> out;
    DetectorStats stats;
    const std::vector<VehiclePose> from{start}, to{end};
    detect_swept(*detector, from, to, out, stats, scratch);
    return out;
  }
  Scene scene_ = load_scene("straight-wall");
};

TEST_P(EverySweep, AHeadOnCrossingIsTimedAtItsFractionWithItsPointOnTheBumper) {
  // The front bumper from 3 cm clear to 9 cm through: it meets the face a quarter of the way.
  const std::vector<Contact> got = swept(heading_minus_y(37.3, kSweptCar.cg_to_front + 0.03),
                                         heading_minus_y(37.3, kSweptCar.cg_to_front - 0.09));
  ASSERT_EQ(got.size(), 1u);
  // Reported at the touching end of a bracket kSweepTimeTolerance wide around the first touch.
  EXPECT_GE(got[0].toi, 0.25 - 1e-12);
  EXPECT_LE(got[0].toi, 0.25 + kSweepTimeTolerance);
  // On the bumper. (OSG's float intersections see part of a face touched 1 um deep: its detectors put the
  // point up to a quarter width off the CG line, where the others put it on it.)
  EXPECT_LE(std::abs(got[0].point_W.x() - 37.3), 0.5 * kSweptCar.width);
  EXPECT_NEAR(got[0].point_W.y(), 0.0, 1e-6);
  EXPECT_NEAR(got[0].normal_W.y(), 1.0, 1e-9);
  EXPECT_LE(got[0].depth, kSweepDistanceTolerance);
}

TEST_P(EverySweep, ACarThatCrossesTheWallWithinOneStepIsReported) {
  // 0.75 m clear in front at the start, 3.55 m clear behind at the end: no end pose shows the wall.
  const std::vector<Contact> got = swept(heading_minus_y(40, 3.0), heading_minus_y(40, -6.0));
  ASSERT_FALSE(got.empty()) << "a tunnel";
  EXPECT_GE(got[0].toi, 0.75 / 9.0 - 1e-12);
  EXPECT_LE(got[0].toi, 0.75 / 9.0 + kSweepTimeTolerance);
}

TEST_P(EverySweep, AMotionThatStaysClearReportsNothing) {
  EXPECT_TRUE(swept(heading_minus_y(40, 3.0), heading_minus_y(40, kSweptCar.cg_to_front + 1e-3)).empty());
}

INSTANTIATE_TEST_SUITE_P(Registered, EverySweep, ::testing::ValuesIn(testing::detector_names()),
                         [](const auto& info) { return testing::test_name(info.param); });

TEST(Sweep, InterpolatesCgAndHeadingLinearlyWithoutWrapping) {
  VehiclePose a = heading_minus_y(0, 0), b = heading_minus_y(4, -2);
  b.heading = a.heading + 3 * std::numbers::pi;  // one and a half turns in the step
  const VehiclePose half = interpolate(a, b, 0.5);
  EXPECT_EQ(half.position_W, Vec2(2, -1));
  EXPECT_NEAR(half.heading, a.heading + 1.5 * std::numbers::pi, 1e-15);
}

TEST(Sweep, CutsAStepSoNoPointMovesMoreThanHalfTheNearestEdgeBetweenTestedPoses) {
  // The nearest edge is half the width, 0.9 m: 0.45 m a substep.
  const VehiclePose a = heading_minus_y(0, 0);
  EXPECT_EQ(sweep_substeps(std::vector{a}, std::vector{a}), 1);
  EXPECT_EQ(sweep_substeps(std::vector{a}, std::vector{heading_minus_y(0, -0.45)}), 1);
  const int n = sweep_substeps(std::vector{a}, std::vector{heading_minus_y(0, -9.0)});
  EXPECT_GE(n, 20);
  EXPECT_LE(n, 21);
}

TEST(Sweep, SubstepBoundsGatheredInPartsInAnyOrderGiveTheWholeFleetsSubsteps) {
  // A sedan (nearest edge 0.9 m: 0.45 m a substep) moving 1 m, and a narrow cart (width 1 m: 0.25 m)
  // whose motion is NaN, ignored: ceil(1 / 0.25) = 4 substeps, whoever gathered which.
  const RectangleSize sedan{2.5, 2.0, 1.8}, cart{1.0, 1.0, 1.0};
  SubstepBounds whole, first, second;
  whole.add(sedan, 1.0);
  whole.add(cart, std::numeric_limits<double>::quiet_NaN());
  first.add(sedan, 1.0);
  second.add(cart, std::numeric_limits<double>::quiet_NaN());
  SubstepBounds in_order = first, reversed = second;
  in_order.add(second);
  reversed.add(first);
  EXPECT_EQ(whole.substeps(), 4);
  EXPECT_EQ(in_order.substeps(), 4);
  EXPECT_EQ(reversed.substeps(), 4);
  EXPECT_EQ(first.substeps(), 3) << "the sedan alone: ceil(1 / 0.45)";
  EXPECT_EQ(SubstepBounds{}.substeps(), 1) << "nothing gathered: nothing to cut";
}

TEST(Sweep, ACarDrivingStraightGrowsAlongItsHeadingOnly) {
  // heading_minus_y drives along -Y: 0.125 m of it (25 m/s for 5 ms), no turn.
  const GrowthRates g = growth_rates(heading_minus_y(0, 0), heading_minus_y(0, -0.125));
  EXPECT_NEAR(g.along, 0.125, 1e-15);
  EXPECT_NEAR(g.across, 0.0, 1e-15);
}

// Every corner of the rectangle at any t within a grown query's span lies in the rectangle at the span's
// middle grown by half the span times the rates (as the sweep grows it), for random turning motions.
TEST(Sweep, TheGrownRectangleHoldsTheWholeSweepOverItsSpan) {
  std::mt19937_64 rng(27);
  std::uniform_real_distribution<double> u(-1.0, 1.0), unit(0.0, 1.0);
  for (int trial = 0; trial < 2000; ++trial) {
    VehiclePose a = heading_minus_y(0, 0), b = a;
    a.heading = 3 * u(rng);
    b.position_W = {1.5 * u(rng), 1.5 * u(rng)};
    b.heading = a.heading + 2.5 * u(rng);
    const GrowthRates g = growth_rates(a, b);
    const double f = unit(rng), span = 2 * std::min(f, 1 - f) * unit(rng);
    const VehiclePose mid = interpolate(a, b, f);
    const Vec2 along = unit_at(mid.heading);
    for (const double t : {f - 0.5 * span, f + 0.5 * span * u(rng), f + 0.5 * span}) {
      const VehiclePose p = interpolate(a, b, t);
      for (const double x : {p.size.cg_to_front, -p.size.cg_to_rear})
        for (const double y : {0.5 * p.size.width, -0.5 * p.size.width}) {
          const Vec2 corner = p.position_W + rotation(p.heading) * Vec2(x, y) - mid.position_W;
          const double ax = along.dot(corner), ay = cross(along, corner);
          EXPECT_LE(ax, mid.size.cg_to_front + 0.5 * span * g.along + 1e-12) << trial;
          EXPECT_GE(ax, -mid.size.cg_to_rear - 0.5 * span * g.along - 1e-12) << trial;
          EXPECT_LE(std::abs(ay), 0.5 * mid.size.width + 0.5 * span * g.across + 1e-12) << trial;
        }
    }
  }
}

}  // namespace
}  // namespace crashbench
