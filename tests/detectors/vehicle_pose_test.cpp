// VehiclePose keeps its heading's unit vector (set_heading), which the queries read instead of a sine and a
// cosine each: the kept vector must give the bits unit_at gives, and a heading written alone must never
// be read with the vector of the angle before it.
#include <gtest/gtest.h>

#include <cstring>
#include <numbers>

#include "detectors/geometry/geometry.hpp"

namespace crashbench {
namespace {

bool same_bits(const Vec2& a, const Vec2& b) { return std::memcmp(a.data(), b.data(), 2 * sizeof(double)) == 0; }

constexpr double kAngles[] = {0.0, -0.0, 1e-300, 0.3, -2.9, std::numbers::pi, 1e4, -123456.789};

TEST(VehiclePoseForward, AKeptVectorHasTheBitsOfUnitAt) {
  for (const double angle : kAngles) {
    VehiclePose pose;
    pose.set_heading(angle);
    EXPECT_TRUE(same_bits(pose.forward_W(), unit_at(angle))) << angle;
    EXPECT_TRUE(pose.keeps_forward_of(angle)) << angle;
  }
  EXPECT_TRUE(same_bits(VehiclePose{}.forward_W(), unit_at(0.0)));
}

TEST(VehiclePoseForward, AHeadingWrittenAloneIsNeverReadWithTheVectorBeforeIt) {
  for (const double before : kAngles) {
    for (const double after : kAngles) {
      VehiclePose pose;
      pose.set_heading(before);
      pose.heading = after;
      // -0.0 after 0.0 too: equal values, but unit_at(-0.0) has a sine of -0.0.
      EXPECT_TRUE(same_bits(pose.forward_W(), unit_at(after))) << before << " then " << after;
      pose.set_heading(after);
      EXPECT_TRUE(same_bits(pose.forward_W(), unit_at(after))) << before << " then set " << after;
    }
  }
}

}  // namespace
}  // namespace crashbench
