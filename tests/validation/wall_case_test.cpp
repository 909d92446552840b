// IIHS rows as cases (validation/wall_case.hpp): the runner, given the wall contact and brach-planar with
// the row's parameters, reproduces the forward model's velocity change and yaw rate under every reading of
// the unconfirmed columns (the tyres add a few mm/s over the case's one short step); and the loader's
// rules for a wall contact.
#include "validation/wall_case.hpp"

#include <gtest/gtest.h>

#include "cases/loading/case_loader.hpp"
#include "cases/reconstruction.hpp"
#include "cases/runner/simulation.hpp"
#include "tests/support/error_message.hpp"

namespace crashbench {
namespace {

IihsRow synthetic_row() {
  IihsRow r;
  r.test_id = "synthetic";
  r.vehicle = "sedan";
  r.e = 0.15, r.mu_percent = 85;
  r.d = 1.3, r.phi_deg = 28, r.gamma_deg = 75, r.speed = 17.0;
  r.dvx = 12, r.dvy = 3.5, r.omega_deg_s = 110;
  return r;
}

TEST(WallCase, TheRunnerReproducesTheForwardModelUnderEveryReading) {
  const WallVehicle car{1500, 2600, "synthetic"};
  const IihsRow r = synthetic_row();
  for (const WallReading& reading : all_readings()) {
    const WallOutcome forward = wall_impact(r, reading, car.mass, car.yaw_inertia, r.e, r.mu_percent);
    ASSERT_TRUE(forward.ok) << reading.name();
    const RunResult run = run_case(parse_case(wall_case(r, reading, car), "wall.json"));
    ASSERT_EQ(run.status, CaseStatus::kPassed) << reading.name() << ": " << run.error;
    ASSERT_EQ(run.tracks.size(), 1u);
    const std::vector<PlanarState>& states = run.tracks[0].states;
    ASSERT_GE(states.size(), 2u);
    // The car heads along +x, so its body frame at impact is the world's.
    const Vec2 delta_v = states.back().velocity_W - states.front().velocity_W;
    EXPECT_NEAR(delta_v.x(), forward.delta_v_B.x(), 0.01) << reading.name();
    EXPECT_NEAR(delta_v.y(), forward.delta_v_B.y(), 0.01) << reading.name();
    EXPECT_NEAR(states.back().yaw_rate - states.front().yaw_rate, forward.yaw_rate, 0.01) << reading.name();
  }
}

TEST(WallCase, AWallContactTakesAWorldAngleAndNoOtherVehicle) {
  const WallVehicle car{1500, 2600, "synthetic"};
  nlohmann::json doc = wall_case(synthetic_row(), all_readings().front(), car);
  doc["contact"]["normal"] = "other_heading";
  EXPECT_NE(testing::error_message([&] { parse_case(doc, "wall.json"); }).find("a wall contact (no 'other') has no other heading"),
            std::string::npos);
  doc = wall_case(synthetic_row(), all_readings().front(), car);
  doc["contact"]["place_other_front"] = true;
  EXPECT_NE(testing::error_message([&] { parse_case(doc, "wall.json"); }).find("no other vehicle to place"),
            std::string::npos);
  // A reconstruction needs two vehicles in contact, not one and a wall.
  doc = wall_case(synthetic_row(), all_readings().front(), car);
  doc["vehicles"].push_back(doc["vehicles"][0]);
  doc["vehicles"][1]["position"] = {0.0, 10.0};
  EXPECT_NE(testing::error_message([&] { reconstruct(parse_case(doc, "wall.json")); }).find("not with a wall"),
            std::string::npos);
}

}  // namespace
}  // namespace crashbench
