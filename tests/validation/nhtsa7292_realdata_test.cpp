// NHTSA test 7292 as published (../shared/data, label `realdata`, skipped when absent): which channels
// the checks trust, and each vehicle's delta-V against an integration written here, on the raw files,
// over the same window.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>

#include "validation/channel_checks.hpp"
#include "validation/vehicle_pair.hpp"

namespace crashbench {
namespace {

std::string data_dir() {
  if (const char* d = std::getenv("CRASHBENCH_SHARED_DATA")) return d;
  return std::string(CRASHBENCH_SOURCE_DIR) + "/../shared/data";
}

std::string header_path() { return data_dir() + "/crash-tests/nhtsa7292/raw/v07292.EV5"; }

// Independent of the library: offset = mean before t = 0, trapezoid over [0, end], in km/h along J211.
double raw_delta_v_kmh(int curve, double end) {
  std::ifstream in(data_dir() + "/crash-tests/nhtsa7292/raw/v07292." + std::to_string(curve));
  std::vector<double> t, a;
  double x, y;
  while (in >> x >> y) t.push_back(x), a.push_back(y);
  double offset = 0;
  int n = 0;
  for (std::size_t i = 0; i < t.size() && t[i] < 0; ++i) offset += a[i], ++n;
  offset /= n;
  double v = 0;
  for (std::size_t i = 1; i < t.size(); ++i)
    if (t[i - 1] >= 0 && t[i] <= end) v += 0.5 * (a[i] + a[i - 1] - 2 * offset) * (t[i] - t[i - 1]);
  return v * 9.80665 * 3.6;
}

class Nhtsa7292 : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!std::filesystem::exists(header_path())) GTEST_SKIP() << "no " << header_path();
  }
};

TEST_F(Nhtsa7292, ChannelVerdicts) {
  const TestChecks c = check_channels(read_nhtsa_test(header_path()));
  // The CG channels ring before the trigger (vehicle 1) or spike to hundreds of g (vehicle 2), and so
  // does vehicle 2's left sill y; the other sill channels pass.
  const std::set<int> pass = {145, 146, 147, 148, 271, 273, 274};
  ASSERT_EQ(c.channels.size(), 14u);
  for (const auto& v : c.channels) EXPECT_EQ(v.pass, pass.contains(v.curve)) << v.curve << ": " << v.reasons;
}

TEST_F(Nhtsa7292, DeltaVAgreesWithASeparateIntegration) {
  const TestChecks c = check_channels(read_nhtsa_test(header_path()));
  ASSERT_GT(c.pulse_end, 0.05);
  ASSERT_LT(c.pulse_end, 0.3);
  const double end = c.pulse_end;
  // Vehicle 1: both sills in x and y; vehicle 2: both sills in x, the right one in y (J211 y is right).
  const double v1x = 0.5 * (raw_delta_v_kmh(145, end) + raw_delta_v_kmh(147, end));
  const double v1y = -0.5 * (raw_delta_v_kmh(146, end) + raw_delta_v_kmh(148, end));
  const double v2x = 0.5 * (raw_delta_v_kmh(271, end) + raw_delta_v_kmh(273, end));
  const double v2y = -raw_delta_v_kmh(274, end);
  EXPECT_NEAR(c.vehicles[0].delta_v_B.x() * 3.6, v1x, 2.0);
  EXPECT_NEAR(c.vehicles[0].delta_v_B.y() * 3.6, v1y, 2.0);
  EXPECT_NEAR(c.vehicles[1].delta_v_B.x() * 3.6, v2x, 2.0);
  EXPECT_NEAR(c.vehicles[1].delta_v_B.y() * 3.6, v2y, 2.0);
  EXPECT_GT(std::hypot(v1x, v1y), 40.0);  // not passing because nothing moved
}

TEST_F(Nhtsa7292, MomentumBalancesWithinTenPercent) {
  const NhtsaTest t = read_nhtsa_test(header_path());
  const TestChecks c = check_channels(t);
  const PairChecks p = check_pair(t.header.test, c.vehicles[0], c.vehicles[1]);
  EXPECT_NEAR(p.momentum_ratio, 1.0, 0.1);
  EXPECT_TRUE(p.momentum_ok);
  EXPECT_TRUE(p.closing_ok);
}

}  // namespace
}  // namespace crashbench
