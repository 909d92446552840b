// Sprague-Geers against its closed forms: a history scaled by a gives M = a - 1 and P = 0; a sine shifted
// by tau over whole periods gives M = 0 and P = omega tau / pi.
#include "validation/sprague_geers.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <vector>

namespace crashbench {
namespace {

TEST(SpragueGeers, ScalingGivesMagnitudeOnly) {
  std::vector<double> m(400), c(400);
  for (std::size_t i = 0; i < m.size(); ++i) m[i] = std::exp(-0.01 * i) * std::sin(0.05 * i) + 0.3;
  for (const double a : {0.4, 1.0, 1.7, 3.25}) {
    for (std::size_t i = 0; i < m.size(); ++i) c[i] = a * m[i];
    const SpragueGeers s = sprague_geers(m, c);
    ASSERT_TRUE(s.valid);
    EXPECT_NEAR(s.magnitude, a - 1, 1e-12) << a;
    EXPECT_NEAR(s.phase, 0.0, 1e-6) << a;
    EXPECT_NEAR(s.comprehensive, std::abs(a - 1), 1e-6) << a;
  }
}

TEST(SpragueGeers, ShiftedSineGivesThePhaseOfItsShift) {
  const double omega = 2 * std::numbers::pi * 5;  // 5 Hz, sampled over exactly 4 periods
  const int n = 8000;
  const double dt = 0.8 / n;
  for (const double tau : {0.005, 0.02, 0.05, 0.09}) {
    std::vector<double> m(n), c(n);
    for (int i = 0; i < n; ++i) m[i] = std::sin(omega * i * dt), c[i] = std::sin(omega * (i * dt - tau));
    const SpragueGeers s = sprague_geers(m, c);
    EXPECT_NEAR(s.magnitude, 0.0, 1e-9) << tau;
    EXPECT_NEAR(s.phase, omega * tau / std::numbers::pi, 1e-6) << tau;
  }
}

TEST(SpragueGeers, ZeroOrMismatchedHistoriesAreInvalid) {
  const std::vector<double> z(10, 0.0), one(10, 1.0), short_one(9, 1.0);
  EXPECT_FALSE(sprague_geers(z, one).valid);
  EXPECT_FALSE(sprague_geers(one, short_one).valid);
}

}  // namespace
}  // namespace crashbench
