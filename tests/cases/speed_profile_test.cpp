// The speeds a follower holds (cases/driving/speed_profile.hpp) on paths worked by hand: sqrt(a R) in a bend, braking
// at a before it, the set speed where neither binds, and round the join of a closed path.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "cases/driving/speed_profile.hpp"

namespace crashbench {
namespace {

constexpr double kBendRadius = 20, kAccel = 5, kTopSpeed = 25;  // [m], [m/s^2], [m/s]

TEST(SpeedProfile, BendsLimitTheSpeedAndTheCarBrakesForThem) {
  // 200 m straight east, points 1 m apart, then a half turn of radius 20 m to the left.
  std::vector<Vec2> p;
  for (int i = 0; i <= 200; ++i) p.emplace_back(i, 0.0);
  const int arc_points = static_cast<int>(std::numbers::pi * kBendRadius);
  for (int i = 1; i <= arc_points; ++i) {
    const double a = std::numbers::pi * i / arc_points;
    p.emplace_back(200 + kBendRadius * std::sin(a), kBendRadius * (1 - std::cos(a)));
  }
  const std::vector<double> v = speed_profile(p, false, kTopSpeed, kAccel);
  ASSERT_EQ(v.size(), p.size());
  // Mid-bend: three points on the circle give its curvature exactly.
  EXPECT_NEAR(v[200 + arc_points / 2], std::sqrt(kAccel * kBendRadius), 1e-9);
  // 30 m before the bend: braking at 5 m/s^2 down to 10 m/s within the bend's first 5 m (where the three
  // points straddle the straight and the curvature is less): between these two.
  EXPECT_GE(v[170], std::sqrt(kAccel * kBendRadius + 2 * kAccel * 30) - 1e-9);
  EXPECT_LE(v[170], std::sqrt(kAccel * kBendRadius + 2 * kAccel * 36) + 1e-9);
  EXPECT_DOUBLE_EQ(v[50], kTopSpeed);  // 150 m before it: nothing binds
  // Without a lateral acceleration the set speed holds everywhere.
  for (double s : speed_profile(p, false, kTopSpeed, 0.0)) EXPECT_EQ(s, kTopSpeed);
}

TEST(SpeedProfile, ACircleLapHoldsItsBendSpeedRoundTheJoin) {
  std::vector<Vec2> p;
  constexpr int kPoints = 120;
  for (int i = 0; i <= kPoints; ++i) {
    const double a = 2 * std::numbers::pi * (i % kPoints) / kPoints;
    p.emplace_back(kBendRadius * std::cos(a), kBendRadius * std::sin(a));
  }
  for (double s : speed_profile(p, true, kTopSpeed, kAccel)) EXPECT_NEAR(s, std::sqrt(kAccel * kBendRadius), 1e-9);
}

}  // namespace
}  // namespace crashbench
