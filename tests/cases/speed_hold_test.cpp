#include <gtest/gtest.h>

#include "cases/loading/case_loader.hpp"
#include "cases/runner/simulation.hpp"

namespace crashbench {
namespace {

/// Two cars in line on the open road, the rear one faster; a third car ahead is never hit. Every car
/// has a constant extra drive force that the speed hold must cancel until the first impact.
nlohmann::json three_cars(const std::string& cut) {
  const nlohmann::json params = {{"preset", "sedan"}, {"mass", 1800.0}};
  const auto car = [&](double x, double speed) {
    return nlohmann::json{{"params", params}, {"position", {x, 0.0}}, {"heading_deg", 0}, {"speed", speed},
                          {"drive_force", 900.0}};
  };
  return {{"name", "speed-hold"},
          {"scene", "open-road"},
          {"response", {{"model", "restitution"}, {"restitution", 0.8}, {"friction", 0.0}}},
          {"application", "reset"},
          {"duration", 2.0},
          {"control", {{"hold_speed_gain", 18000.0}, {"cut_after", cut}}},
          {"vehicles", {car(0.0, 22.0), car(6.0, 20.0), car(60.0, 25.0)}}};
}

TEST(SpeedHold, HoldsSpeedUntilTheFirstImpactThenStops) {
  const RunResult r = run_case(parse_case(three_cars("any_impact"), "hold.json"));
  ASSERT_FALSE(r.events.empty());
  const int impact_sample = r.events.front().step;  // record_every = 1: sample index = step
  const auto& far_car = r.tracks[2].states;
  // Held: the proportional hold leaves a steady error of drive_force / gain = 0.05 m/s.
  EXPECT_NEAR(far_car[impact_sample - 1].velocity_W.x(), 25.0 + 900.0 / 18000.0, 5e-3);
  // Cut: the extra drive force alone now accelerates the car at F / m.
  const double dt = r.config.dt;
  const int later = impact_sample + 100;
  const double acceleration = (far_car[later].velocity_W.x() - far_car[later - 50].velocity_W.x()) / (50 * dt);
  EXPECT_NEAR(acceleration, 900.0 / 1800.0, 1e-6);
}

TEST(SpeedHold, OwnImpactCutLeavesOtherCarsHeld) {
  const RunResult r = run_case(parse_case(three_cars("own_impact"), "hold.json"));
  ASSERT_FALSE(r.events.empty());
  const auto& far_car = r.tracks[2].states;
  EXPECT_NEAR(far_car.back().velocity_W.x(), 25.0 + 900.0 / 18000.0, 5e-3);
}

TEST(SpeedHold, UnknownCutIsBadInput) {
  nlohmann::json doc = three_cars("sometimes");
  EXPECT_THROW(parse_case(doc, "hold.json"), Error);
}

}  // namespace
}  // namespace crashbench
