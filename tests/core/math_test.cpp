#include "core/math.hpp"

#include <gtest/gtest.h>

#include <limits>

namespace crashbench {
namespace {

/// The least squared distance from the origin over `samples` + 1 evenly spaced points of a-b: an
/// independent estimate that approaches the exact value from above.
double sampled_squared_distance(const Vec2& a, const Vec2& b, int samples) {
  double best = std::numeric_limits<double>::infinity();
  for (int k = 0; k <= samples; ++k) best = std::min(best, (a + (b - a) * (double(k) / samples)).squaredNorm());
  return best;
}

TEST(SquaredDistanceFromOrigin, IsThePerpendicularFootInsideTheSegmentAndTheNearerEndOutside) {
  EXPECT_DOUBLE_EQ(squared_distance_from_origin({-3, 2}, {5, 2}), 4.0) << "foot at (0, 2)";
  EXPECT_DOUBLE_EQ(squared_distance_from_origin({1, 1}, {4, 5}), 2.0) << "the foot lies before a: a is nearest";
  EXPECT_DOUBLE_EQ(squared_distance_from_origin({4, 5}, {1, 1}), 2.0) << "either direction";
  EXPECT_DOUBLE_EQ(squared_distance_from_origin({3, -4}, {3, -4}), 25.0) << "a point";
  EXPECT_EQ(squared_distance_from_origin({-2, -2}, {2, 2}), 0.0) << "through the origin";
}

TEST(SquaredDistanceFromOrigin, AgreesWithDenseSamplingOnSkewSegments) {
  const Vec2 ends[][2] = {{{-7.5, 1.25}, {2.0, 3.5}}, {{0.3, -2.2}, {0.9, 4.1}}, {{-1e3, -999.0}, {1e3, 1001.0}}};
  for (const auto& e : ends) {
    const double exact = squared_distance_from_origin(e[0], e[1]);
    const double sampled = sampled_squared_distance(e[0], e[1], 200000);
    EXPECT_LE(exact, sampled * (1 + 1e-12));
    EXPECT_NEAR(exact, sampled, 1e-6 * std::max(1.0, sampled));
  }
}

}  // namespace
}  // namespace crashbench
