// Dugoff's tyre (planar) and the effective-area aerodynamic drag of Tongue & Moon.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "core/units.hpp"
#include "models/dynamics/aero_drag.hpp"
#include "models/dynamics/dugoff_tyre.hpp"
#include "tests/support/tolerance.hpp"

namespace crashbench {
namespace {

using testing::near_relative;

const DugoffParams kTyre{52000.0, 61000.0, 1.05, 0.00335};

TEST(DugoffTyre, SmallSlipIsLinear) {
  // lambda >= 1: f = 1, F = -(C_s s, C_a tan a) / (1 - s).
  const double s = 0.004, a = 0.006, fz = 4400, v = 20;
  const DugoffForce f = dugoff_tyre(kTyre, fz, a, s, v);
  const double mu = 1.05 * (1 - 0.00335 * v);
  ASSERT_GE(mu * fz * (1 - s) / (2 * std::hypot(61000 * s, 52000 * std::tan(a))), 1.0);
  EXPECT_TRUE(near_relative(f.longitudinal, -61000 * s / (1 - s), 1e-12));
  EXPECT_TRUE(near_relative(f.lateral, -52000 * std::tan(a) / (1 - s), 1e-12));
}

TEST(DugoffTyre, LargeSlipFollowsTheSaturationLaw) {
  const double s = 0.12, a = -0.21, fz = 4400, v = 20;
  const double mu = 1.05 * (1 - 0.00335 * v);
  const double ks = 61000 * s, ka = 52000 * std::tan(a);
  const double lambda = mu * fz * (1 - s) / (2 * std::hypot(ks, ka));
  ASSERT_LT(lambda, 1.0);
  const double f = lambda * (2 - lambda) / (1 - s);
  const DugoffForce d = dugoff_tyre(kTyre, fz, a, s, v);
  EXPECT_TRUE(near_relative(d.longitudinal, -ks * f, 1e-12));
  EXPECT_TRUE(near_relative(d.lateral, -ka * f, 1e-12));
  EXPECT_GT(d.lateral, 0.0);  // sliding right, pushed left
}

TEST(DugoffTyre, NeverExceedsTheFrictionLimit) {
  std::mt19937_64 rng(1969);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  for (int k = 0; k < 3000; ++k) {
    const double s = unit(rng), a = 1.5 * (2 * unit(rng) - 1), fz = 1000 + 8000 * unit(rng), v = 60 * unit(rng);
    const DugoffForce f = dugoff_tyre(kTyre, fz, a, s, v);
    ASSERT_TRUE(std::isfinite(f.longitudinal) && std::isfinite(f.lateral)) << k;
    EXPECT_LE(std::hypot(f.longitudinal, f.lateral), dugoff_friction(kTyre, v) * fz * (1 + 1e-12)) << k;
    EXPECT_LE(f.longitudinal, 0.0) << k;
  }
}

TEST(DugoffTyre, LockedWheelAndZeroSlipStayFinite) {
  const DugoffForce locked = dugoff_tyre(kTyre, 4400, 0.0, 1.0, 20);
  EXPECT_TRUE(near_relative(locked.longitudinal, -dugoff_friction(kTyre, 20) * 4400, 1e-12));
  const DugoffForce rolling = dugoff_tyre(kTyre, 4400, 0.0, 0.0, 20);
  EXPECT_EQ(rolling.longitudinal, 0.0);
  EXPECT_EQ(rolling.lateral, 0.0);
  EXPECT_LT(dugoff_friction(kTyre, 30), dugoff_friction(kTyre, 10));
}

TEST(AeroDrag, HeadOnSideOnAndOblique) {
  const AeroParams p{0.42, 2.1, 4.6};
  const double v = 26.8, heading = 0.4;
  const Vec2 ahead = v * unit_at(heading);
  EXPECT_TRUE(near_relative(aero_drag_W(p, heading, ahead), -0.5 * 1.225 * 0.42 * 2.1 * v * ahead, 1e-12));
  const Vec2 sideways = v * unit_at(heading + std::numbers::pi / 2);
  EXPECT_TRUE(near_relative(aero_drag_W(p, heading, sideways), -0.5 * 1.225 * 0.42 * 4.6 * v * sideways, 1e-12));
  // 30 degrees off the heading: A_eff = A_f cos 30 + A_s sin 30; the force opposes the velocity.
  const Vec2 oblique = v * unit_at(heading - 30 * kDegToRad);
  const double area = 2.1 * std::cos(30 * kDegToRad) + 4.6 * 0.5;
  EXPECT_TRUE(near_relative(aero_drag_W(p, heading, oblique), -0.5 * 1.225 * 0.42 * area * v * oblique, 1e-12));
  EXPECT_EQ(aero_drag_W(p, heading, Vec2::Zero()), Vec2::Zero());
}

TEST(AeroDrag, TongueMoonDensityIsSlugPerCubicFoot) {
  const double slug = 14.5939029;  // [kg]
  EXPECT_TRUE(near_relative(0.00238 * slug / std::pow(kFootToMeter, 3), kAirDensity, 2e-3));
}

}  // namespace
}  // namespace crashbench
