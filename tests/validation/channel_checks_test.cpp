// The checks on a synthetic test whose answers are known in closed form: half-sine pulses of chosen
// delta-V on a rigid body's sills and CG, a pre-trigger offset, a spike, a vertical channel that does not
// integrate to zero, and two vehicles whose momentum balances with vehicle 2 at 173 deg.
#include "validation/channel_checks.hpp"

#include <gtest/gtest.h>

#include <unistd.h>

#include "core/error.hpp"
#include "tests/validation/synthetic_test.hpp"
#include "validation/vehicle_pair.hpp"
#include "tests/support/temp_folder.hpp"

namespace crashbench {
namespace {

std::string fresh(const std::string& name) {
  const auto dir = testing::fresh_temp_folder("validation-" + name);
  std::filesystem::remove_all(dir);  // the code under test makes it
  return dir.string();
}

const ChannelVerdict& verdict(const TestChecks& c, int curve) {
  for (const auto& v : c.channels)
    if (v.curve == curve) return v;
  throw std::runtime_error("no curve " + std::to_string(curve));
}

TEST(ChannelChecks, SyntheticTestGivesItsDeltaVs) {
  const testing::SyntheticTest s = testing::balanced_test();
  const NhtsaTest test = read_nhtsa_test(testing::write_synthetic_test(fresh("checks"), s));
  const TestChecks c = check_channels(test);
  // The rule ends the pulse where its 10 ms mean drops below 3 g: a little before the half-sine's end.
  EXPECT_GT(c.pulse_end, 0.9 * s.duration);
  EXPECT_LE(c.pulse_end, s.duration);
  EXPECT_TRUE(verdict(c, 101).pass) << verdict(c, 101).reasons;  // its 0.5 g offset is removed, not a fault
  EXPECT_NEAR(verdict(c, 101).offset_g, s.sill_offset_g, 1e-9);
  EXPECT_FALSE(verdict(c, 105).pass);  // the spike
  EXPECT_NE(verdict(c, 105).reasons.find("spike"), std::string::npos);
  EXPECT_FALSE(verdict(c, 107).pass);  // 3 m/s vertical
  EXPECT_NE(verdict(c, 107).reasons.find("vertical"), std::string::npos);
  EXPECT_TRUE(verdict(c, 106).pass) << verdict(c, 106).reasons;  // agrees with the sills
  ASSERT_EQ(c.vehicles.size(), 2u);
  for (std::size_t i = 0; i < 2; ++i) {
    const Vec2 want = s.vehicles[i].delta_v_B;
    EXPECT_TRUE(c.vehicles[i].valid);
    // The tail after the rule's end carries under 2 % of a half-sine's delta-V.
    EXPECT_NEAR(c.vehicles[i].delta_v_B.x(), want.x(), 0.02 * want.norm()) << i;
    EXPECT_NEAR(c.vehicles[i].delta_v_B.y(), want.y(), 0.02 * want.norm()) << i;
    ASSERT_TRUE(c.vehicles[i].has_yaw_estimate);
    EXPECT_NEAR(c.vehicles[i].sill_spacing, 1.5, 1e-12);
    EXPECT_NEAR(c.vehicles[i].yaw_rate_change, s.vehicles[i].yaw_rate_change,
                0.02 * std::abs(s.vehicles[i].yaw_rate_change)) << i;
  }
  // Vehicle 1's force comes from ahead and to its right (delta-V rearward and to the right).
  const Vec2 d = s.vehicles[0].delta_v_B;
  EXPECT_NEAR(c.vehicles[0].pdof_deg, std::atan2(-d.y(), -d.x()) * kRadToDeg * -1 + 360, 1.0);
}

TEST(ChannelChecks, MomentumBalanceChoosesTheImpactAngleReading) {
  const testing::SyntheticTest s = testing::balanced_test();
  const NhtsaTest test = read_nhtsa_test(testing::write_synthetic_test(fresh("pair"), s));
  const TestChecks c = check_channels(test);
  const PairChecks p = check_pair(test.header.test, c.vehicles[0], c.vehicles[1]);
  EXPECT_NEAR(p.heading2_deg, 173, 1e-9);
  EXPECT_NEAR(p.momentum_ratio, 1.0, 0.01);
  EXPECT_LT(p.residual, 0.01);
  EXPECT_GT(p.other_residual, 0.1);
  EXPECT_TRUE(p.momentum_ok);
  // |dV1 - dV2| = (1 + m1/m2) |dV1| against a 60 km/h closing speed.
  const double want = (1 + 1500.0 / 1200.0) * s.vehicles[0].delta_v_B.norm() / (60 / 3.6);
  EXPECT_NEAR(p.closing_ratio, want, 0.02 * want);
}

TEST(ChannelChecks, OnlyAFrontalOrARearImpactMakesAVehicleToVehicleCase) {
  // The case puts the two fronts together, or vehicle 1's front into vehicle 2's back: a side impact built
  // either way would run and be scored as what it was not.
  Ev5Header h = read_nhtsa_test(testing::write_synthetic_test(fresh("sides"), testing::balanced_test())).header;
  EXPECT_EQ(pair_impact(h), PairImpact::kFrontal);  // 12FYAW9 both
  h.vehicles[1].vdi = "09LPEW3";
  EXPECT_NE(why_no_pair_case(h).find("vehicle 2 is damaged at its left side (VDI 09LPEW3"), std::string::npos)
      << why_no_pair_case(h);
  h.vehicles[1].vdi = "06BDEW2";
  EXPECT_EQ(pair_impact(h), PairImpact::kRear);
  // Vehicle 1 struck from behind is not vehicle 1's front into vehicle 2's back.
  h.vehicles[0].vdi = "06BDEW2", h.vehicles[1].vdi = "12FDEW2";
  EXPECT_NE(why_no_pair_case(h).find("vehicle 1 is damaged at its back (VDI 06BDEW2"), std::string::npos)
      << why_no_pair_case(h);
  // Without VDIs the impact angle decides: 353 deg is 7 from head-on, 172 is 8 from straight behind, 90 is
  // a side impact.
  for (Ev5Vehicle& v : h.vehicles) v.vdi.clear();
  EXPECT_EQ(pair_impact(h), PairImpact::kFrontal);
  h.test.impact_angle_deg = 172;
  EXPECT_EQ(pair_impact(h), PairImpact::kRear);
  h.test.impact_angle_deg = 90;
  EXPECT_EQ(pair_impact(h), std::nullopt);
  EXPECT_NE(why_no_pair_case(h).find("IMPANG is 90 deg, 90 deg from head-on"), std::string::npos) << why_no_pair_case(h);
}

TEST(ChannelChecks, ChannelFileAgainstItsHeader) {
  testing::SyntheticTest s = testing::balanced_test();
  const std::string ev5 = testing::write_synthetic_test(fresh("bad"), s);
  const std::string ch = ev5.substr(0, ev5.size() - 4) + ".103";
  std::filesystem::resize_file(ch, std::filesystem::file_size(ch) / 2);  // cut mid-file
  try {
    read_nhtsa_test(ev5);
    FAIL() << "a cut channel file was read";
  } catch (const Error& e) {
    EXPECT_NE(e.file().find(".103"), std::string::npos);
    EXPECT_FALSE(e.problem().empty());
  }
  s.interval = 100e-6;  // the header's DELT no longer matches the file's spacing
  const std::string ev5b = testing::write_synthetic_test(fresh("interval"), s);
  std::ofstream(ev5b.substr(0, ev5b.size() - 4) + ".101") << "-0.020000\t0\n-0.019900\t0\n";
  EXPECT_THROW(read_nhtsa_test(ev5b), Error);
}

}  // namespace
}  // namespace crashbench
