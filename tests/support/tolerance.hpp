#pragma once
// Tolerances scaled by magnitude, as Drake's tests do: |actual - expected| <= rel * max(|expected|, floor).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "core/math.hpp"

namespace crashbench::testing {

/// Relative tolerance of a closed-form result: rounding only.
inline constexpr double kRoundingRel = 1e-12;

inline ::testing::AssertionResult near_relative(double actual, double expected, double rel, double floor = 1.0) {
  const double bound = rel * std::max(std::abs(expected), floor);
  if (std::abs(actual - expected) <= bound) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "actual " << actual << " vs expected " << expected << " (diff "
                                       << actual - expected << ", allowed " << bound << ")";
}

inline ::testing::AssertionResult near_relative(const Vec2& actual, const Vec2& expected, double rel,
                                                double floor = 1.0) {
  const double bound = rel * std::max(expected.norm(), floor);
  if ((actual - expected).norm() <= bound) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "actual (" << actual.transpose() << ") vs expected ("
                                       << expected.transpose() << "), allowed " << bound;
}

}  // namespace crashbench::testing
