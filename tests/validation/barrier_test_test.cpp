// NHTSA barrier tests (validation/barrier_test.hpp): a synthetic NCAP-style frontal test, x and z
// accelerometers at the rear floor and none across, rebounding with a chosen restitution e. Its delta-V is
// -(1 + e) v by construction; the lateral one is 0 only by the test's symmetry, and only where the header
// records no lateral channel at all. Every registered response model runs on the case it makes and keeps
// the impulse along the car's axis, between stopping it and a full rebound, on Knight's straight wall.
#include "validation/barrier_test.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "cases/loading/case_loader.hpp"
#include "cases/runner/simulation.hpp"
#include "models/response/response_model.hpp"
#include "tests/support/temp_folder.hpp"
#include "tests/validation/synthetic_test.hpp"
#include "validation/test_case.hpp"

namespace crashbench {
namespace {

std::string barrier_folder(const std::string& name) {
  const auto dir = testing::fresh_temp_folder("barrier-" + name);
  std::filesystem::remove_all(dir);
  return dir.string();
}

// Appends `line` to the header's INSTRUMENTATION section (the file's end).
void add_channel(const std::string& ev5, const std::string& line) { std::ofstream(ev5, std::ios::app) << line << '\n'; }

TEST(BarrierTest, RearFloorChannelsGiveTheDeltaVWithZeroAcrossAssumedAndTheRestitution) {
  const testing::SyntheticBarrierTest s;
  const NhtsaTest test = read_nhtsa_test(testing::write_synthetic_barrier_test(barrier_folder("ncap"), s));
  ASSERT_TRUE(test.header.barrier.has_value());
  EXPECT_EQ(test.header.barrier->rigidity, "R");
  // The dummy's head channel is not the vehicle's; the engine's is, at no known site.
  std::vector<int> read;
  for (const TestChannel& c : test.channels) read.push_back(c.header.curve);
  EXPECT_EQ(read, (std::vector<int>{301, 302, 303, 304, 306}));
  EXPECT_EQ(test.channels[0].site, SensorSite::kLeftRearFloor);
  EXPECT_EQ(test.channels[1].site, SensorSite::kRightRearFloor);
  EXPECT_EQ(test.channels[4].site, SensorSite::kOther);
  const TestChecks c = check_channels(test);
  ASSERT_EQ(c.vehicles.size(), 1u);
  const VehicleDeltaV& v = c.vehicles[0];
  ASSERT_TRUE(v.valid) << v.why_none;
  EXPECT_TRUE(v.lateral_assumed_zero);
  EXPECT_NE(v.source.find("x from curve 301+302, y 0 ASSUMED"), std::string::npos) << v.source;
  const double speed = s.speed_kmh / kMpsToKmh, want = -(1 + s.e) * speed;
  // The tail after the end rule's cut carries under 2 % of a half-sine's delta-V.
  EXPECT_NEAR(v.delta_v_B.x(), want, 0.02 * std::abs(want));
  EXPECT_EQ(v.delta_v_B.y(), 0.0);
  const BarrierChecks b = check_barrier(test.header.vehicles[0], v);
  EXPECT_TRUE(b.restitution_ok);
  EXPECT_NEAR(b.restitution, s.e, 0.02 * (1 + s.e));
  EXPECT_EQ(why_no_barrier_case(test.header), "");
}

TEST(BarrierTest, ALateralChannelRecordedButUnusableIsNotTakenAsZero) {
  const std::string ev5 = testing::write_synthetic_barrier_test(barrier_folder("lateral"), {});
  // Listed, but its file is gone: the lateral delta-V is unknown, not 0.
  add_channel(ev5, "1|307|AC|NA|FLLR|YG|SEC|G'S|2800|MFG: SYNTHETIC|01/JAN/2020|800|1|0.0|-500|2999|100|AM|P|LEFT Y");
  const NhtsaTest test = read_nhtsa_test(ev5);
  EXPECT_EQ(test.missing_curves, std::vector<int>{307});
  const TestChecks checks = check_channels(test);
  const VehicleDeltaV& v = checks.vehicles.at(0);
  EXPECT_FALSE(v.valid);
  EXPECT_EQ(v.why_none, "no passing lateral channel");
}

TEST(BarrierTest, OnlyATestStraightIntoARigidBarrierMakesACaseOrAssumesZeroAcross) {
  testing::SyntheticBarrierTest angled;
  angled.impact_angle_deg = 30;
  const NhtsaTest a = read_nhtsa_test(testing::write_synthetic_barrier_test(barrier_folder("angled"), angled));
  const TestChecks checks = check_channels(a);
  const VehicleDeltaV& v = checks.vehicles.at(0);
  EXPECT_FALSE(v.valid);
  EXPECT_NE(v.why_none.find("no lateral channel recorded"), std::string::npos) << v.why_none;
  EXPECT_NE(why_no_barrier_case(a.header).find("IMPANG 30 deg"), std::string::npos) << why_no_barrier_case(a.header);
  testing::SyntheticBarrierTest soft;
  soft.rigidity = "D";
  const NhtsaTest d = read_nhtsa_test(testing::write_synthetic_barrier_test(barrier_folder("soft"), soft));
  EXPECT_NE(why_no_barrier_case(d.header).find("barrier rigidity 'D'"), std::string::npos);
  EXPECT_THROW(barrier_case(d, check_channels(d), {{"model", "brach-planar"}}), Error);
}

TEST(BarrierTest, EveryModelKeepsTheImpulseAlongTheCarBetweenStoppingItAndAFullRebound) {
  const NhtsaTest test = read_nhtsa_test(testing::write_synthetic_barrier_test(barrier_folder("models"), {}));
  const TestChecks checks = check_channels(test);
  const double speed = test.header.vehicles[0].speed;
  for (const auto& entry : response_models()) {
    const nlohmann::json doc = barrier_case(test, checks, {{"model", entry.name}});
    const RunResult run = run_case(parse_case(doc, "barrier.json"));
    ASSERT_NE(run.status, CaseStatus::kError) << entry.name << ": " << run.error;
    ASSERT_EQ(run.tracks.size(), 1u);
    EXPECT_GE(run.impacts, 1) << entry.name;
    // The car heads along world -y into the wall, centred, so its body x is world -y.
    const auto& states = run.tracks[0].states;
    const Vec2 dv = states.back().velocity_W - states.front().velocity_W;
    EXPECT_NEAR(dv.x(), 0.0, 1e-9 * speed) << entry.name;
    EXPECT_NEAR(states.back().yaw_rate, 0.0, 1e-9) << entry.name;
    EXPECT_GE(dv.y(), speed * (1 - 1e-9)) << entry.name;
    EXPECT_LE(dv.y(), 2 * speed * (1 + 1e-9)) << entry.name;
  }
}

}  // namespace
}  // namespace crashbench
