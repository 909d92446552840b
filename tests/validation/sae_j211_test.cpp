// SAE J211 axes mapped to crashbench's body frame, and the CFC filter's published response.
#include "validation/sae_j211.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

namespace crashbench {
namespace {

TEST(SaeJ211, AxesMapToTheBodyFrame) {
  EXPECT_EQ(body_axis_of("XG").index, 0);
  EXPECT_EQ(body_axis_of("XG").sign, 1);  // forward stays forward
  EXPECT_EQ(body_axis_of("YL").index, 1);
  EXPECT_EQ(body_axis_of("YL").sign, -1);  // J211 right is crashbench's -y (y left)
  EXPECT_EQ(body_axis_of("ZG").index, 2);
  EXPECT_EQ(body_axis_of("ZG").sign, -1);  // J211 down is crashbench's -z
  EXPECT_EQ(body_axis_of("RS").index, -1);
}

// Amplitude of a filtered sine at f, measured away from the ends.
double filtered_amplitude(double f, double cfc) {
  const double dt = 1e-4;
  std::vector<double> x(20000);
  for (std::size_t i = 0; i < x.size(); ++i) x[i] = std::sin(2 * std::numbers::pi * f * static_cast<double>(i) * dt);
  const std::vector<double> y = cfc_filter(x, dt, cfc);
  double peak = 0;
  for (std::size_t i = 5000; i < 15000; ++i) peak = std::max(peak, std::abs(y[i]));
  return peak;
}

TEST(SaeJ211, ConstantPassesUnchanged) {
  const std::vector<double> x(500, 3.25);
  for (const double y : cfc_filter(x, 8e-5, 60)) EXPECT_NEAR(y, 3.25, 1e-9);
}

TEST(SaeJ211, TwoPassesGiveTheSquareOfOnePass) {
  for (const double f : {30.0, 100.0, 250.0})
    EXPECT_NEAR(filtered_amplitude(f, 60), std::pow(cfc_single_pass_gain(f, 1e-4, 60), 2), 2e-3) << f;
}

TEST(SaeJ211, PassBandAndCornerAsPublished) {
  // J211-1: flat within a fraction of a dB well below the class, about -3 dB near 1.65 CFC, and the
  // four-pole roll-off far above it.
  EXPECT_NEAR(filtered_amplitude(6, 60), 1.0, 0.01);
  EXPECT_NEAR(std::pow(cfc_single_pass_gain(1.65 * 60, 1e-4, 60), 2), 1 / std::numbers::sqrt2, 0.05);
  EXPECT_LT(filtered_amplitude(1200, 60), 0.01);
}

}  // namespace
}  // namespace crashbench
