// crashbench's own sin, cos and atan against long double: the C library's sinl, cosl and atanl carry 11
// more bits than a double, so rounding them to double gives the reference to well within an ulp.
#include "core/portable_trig.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <vector>

namespace crashbench {
namespace {

/// |value - reference| in units of the last place of the double nearest `reference`.
double ulps(double value, long double reference) {
  const double nearest = static_cast<double>(reference);
  const double magnitude = std::abs(nearest);
  const double ulp = magnitude > 0 ? std::nextafter(magnitude, HUGE_VAL) - magnitude
                                   : std::numeric_limits<double>::denorm_min();
  return static_cast<double>(std::abs(static_cast<long double>(value) - reference) / ulp);
}

/// `count` arguments uniform in [-limit, limit], and each near a multiple of pi/4 up to it (where the
/// reduction switches quadrant or series).
std::vector<double> angles(double limit, int count) {
  std::mt19937_64 random(20261201);
  std::uniform_real_distribution<double> uniform(-limit, limit);
  std::vector<double> xs;
  for (int i = 0; i < count; ++i) xs.push_back(uniform(random));
  const double step = M_PI / 4;
  for (double m = 0; m * step <= limit; m += std::max(1.0, std::floor(limit / step / 500)))
    for (double x : {m * step, std::nextafter(m * step, 0.0), std::nextafter(m * step, HUGE_VAL), -m * step})
      xs.push_back(x);
  return xs;
}

/// Positive and negative arguments log-uniform over [1e-12, 1e12], and each side of every centre k/8,
/// midpoint (k + 1/2)/8 and of 1.
std::vector<double> tangents(int count) {
  std::mt19937_64 random(271828);
  std::uniform_real_distribution<double> exponent(-12, 12);
  std::vector<double> xs;
  for (int i = 0; i < count; ++i) xs.push_back((i % 2 ? -1 : 1) * std::pow(10.0, exponent(random)));
  for (int k = 0; k <= 16; ++k)
    for (double t : {k / 16.0, 16.0 / std::max(k, 1)})
      for (double x : {t, std::nextafter(t, 0.0), std::nextafter(t, HUGE_VAL)}) xs.push_back(x), xs.push_back(-x);
  return xs;
}

/// The same bits, as integers: NaN equals NaN of the same payload, and -0 differs from 0.
std::uint64_t bits(double x) { return std::bit_cast<std::uint64_t>(x); }

TEST(PortableSinCos, IsWithinTwoUlpOfTheTrueValueAndTwoAndAHalfBeyondAThousandRadians) {
  for (double limit : {M_PI / 4, 10.0, 1e3, 0.999e6}) {
    const double bound = limit > 1e3 ? 2.5 : 2.0;
    double worst_sin = 0, worst_cos = 0;
    for (double x : angles(limit, 200000)) {
      const SinCos sc = sin_cos(x);
      worst_sin = std::max(worst_sin, ulps(sc.sin, std::sin(static_cast<long double>(x))));
      worst_cos = std::max(worst_cos, ulps(sc.cos, std::cos(static_cast<long double>(x))));
    }
    EXPECT_LE(worst_sin, bound) << "sin, |x| <= " << limit;
    EXPECT_LE(worst_cos, bound) << "cos, |x| <= " << limit;
    EXPECT_GT(worst_sin + worst_cos, 0.0) << "a long double reference that rounds to what is checked";
  }
}

TEST(PortableSinCos, KeepsTheSignOfZeroAndDefersToTheCLibraryBeyondItsRange) {
  EXPECT_TRUE(std::signbit(sin_cos(-0.0).sin));
  EXPECT_FALSE(std::signbit(sin_cos(0.0).sin));
  EXPECT_EQ(sin_cos(-0.0).cos, 1.0);
  for (double x : {1e6, -3e9, 1e300}) {
    EXPECT_EQ(sin_cos(x).sin, std::sin(x)) << x;
    EXPECT_EQ(sin_cos(x).cos, std::cos(x)) << x;
  }
  for (double x : {HUGE_VAL, -HUGE_VAL, std::numeric_limits<double>::quiet_NaN()}) {
    EXPECT_TRUE(std::isnan(sin_cos(x).sin)) << x;
    EXPECT_TRUE(std::isnan(sin_cos(x).cos)) << x;
  }
}

TEST(PortableSinCos, IsOddInTheSineAndEvenInTheCosineBitForBit) {
  // inverse_rotation (core/math.hpp) takes rotation(-h) from sin_cos(h) on this: the four-dof and dugoff
  // models turn between frames with one sine and cosine of the heading.
  std::vector<double> xs = angles(2000.0, 200000);
  for (double x : angles(5e5, 20000)) xs.push_back(x);
  for (double x : {0.0, 1e6, 3e9, 1e300, std::numeric_limits<double>::denorm_min()}) xs.push_back(x);
  for (double x : xs) {
    ASSERT_EQ(bits(sin_cos(-x).sin), bits(-sin_cos(x).sin)) << x;
    ASSERT_EQ(bits(sin_cos(-x).cos), bits(sin_cos(x).cos)) << x;
  }
  // Not finite: NaN either way (its sign bit may differ; a state that holds one has failed already).
  EXPECT_TRUE(std::isnan(sin_cos(-HUGE_VAL).sin) && std::isnan(sin_cos(-HUGE_VAL).cos));
}

TEST(PortableArctan, IsWithinTwoUlpOfTheTrueValueFromTinyToHugeArguments) {
  double worst = 0;
  for (double x : tangents(400000)) worst = std::max(worst, ulps(arctan(x), std::atan(static_cast<long double>(x))));
  EXPECT_LE(worst, 2.0);
}

TEST(PortableArctan, IsOddAndMeetsItsLimits) {
  EXPECT_TRUE(std::signbit(arctan(-0.0)));
  EXPECT_EQ(arctan(0.0), 0.0);
  EXPECT_EQ(arctan(HUGE_VAL), M_PI / 2);
  EXPECT_EQ(arctan(-HUGE_VAL), -M_PI / 2);
  EXPECT_TRUE(std::isnan(arctan(std::numeric_limits<double>::quiet_NaN())));
  for (double x : tangents(1000)) EXPECT_EQ(arctan(-x), -arctan(x)) << x;
}

TEST(PortableTrigConstants, AreTheDoublesNearestTheirTrueValues) {
  using namespace portable_trig;
  for (int k = 0; k <= 8; ++k)
    EXPECT_EQ(kAtanOfEighths[k], static_cast<double>(std::atan(static_cast<long double>(k) / 8))) << k;
  const long double half_pi = std::acos(-1.0L) / 2;
  EXPECT_EQ(kPiOverTwoHi, static_cast<double>(half_pi));
  EXPECT_EQ(kTwoOverPi, static_cast<double>(1 / half_pi));
  // The parts of pi/2 add up to it to long double's 64 bits; the first two are exact products for |k| < 2^20.
  const long double parts = static_cast<long double>(kPiOverTwo1) + kPiOverTwo2 + kPiOverTwo3;
  EXPECT_LE(std::abs(parts - half_pi), half_pi * 0x1p-63L);
  EXPECT_LE(std::abs(kPiOverTwoHi + static_cast<long double>(kPiOverTwoLo) - half_pi), half_pi * 0x1p-63L);
  for (double part : {kPiOverTwo1, std::ldexp(kPiOverTwo2, 34)})
    EXPECT_EQ(std::ldexp(part, 32), std::trunc(std::ldexp(part, 32))) << "33 significant bits";
}

/// Every lane of a lane type T (Lanes, Lanes4) gives the bits of the scalar call, over `xs` beside each
/// other in many arrangements; returns how many lanes were checked.
template <class T>
int expect_each_lane_as_alone(const std::vector<double>& xs) {
  constexpr int kLanes = kLanesOf<T>;
  int checked = 0;
  for (std::size_t i = 0; i + 1 < xs.size(); ++i)
    for (std::size_t step : {std::size_t{1}, xs.size() / 3 + i % 8}) {
      T x;
      for (int lane = 0; lane < kLanes; ++lane) x[lane] = xs[(i + lane * step) % xs.size()];
      const SinCosOf<T> sc = sin_cos(x);
      const T at = arctan(x);
      for (int lane = 0; lane < kLanes; ++lane) {
        const double alone = x[lane];
        const std::string where = std::to_string(alone) + " in lane " + std::to_string(lane) + " of " +
                                  std::to_string(kLanes) + ", beside " + std::to_string(x[(lane + 1) % kLanes]);
        EXPECT_EQ(bits(sc.sin[lane]), bits(sin_cos(alone).sin)) << where;
        EXPECT_EQ(bits(sc.cos[lane]), bits(sin_cos(alone).cos)) << where;
        EXPECT_EQ(bits(at[lane]), bits(arctan(alone))) << where;
        if (::testing::Test::HasFailure()) return checked;
        ++checked;
      }
    }
  return checked;
}

TEST(PortableTrigLanes, EachLaneGivesTheBitsOfTheScalarCallWhateverItsNeighbours) {
  // Ordinary angles beside the ones that take another path: zero, beyond the reduction's range, not finite,
  // and tangents beyond 1.
  std::vector<double> xs = angles(50.0, 2000);
  for (double x : {0.0, -0.0, 2e6, -1e300, HUGE_VAL, std::numeric_limits<double>::quiet_NaN(), 7.5, -1e-300})
    xs.push_back(x);
  EXPECT_GT(expect_each_lane_as_alone<Lanes>(xs), 8000);
  EXPECT_GT(expect_each_lane_as_alone<Lanes4>(xs), 16000);
}

}  // namespace
}  // namespace crashbench
