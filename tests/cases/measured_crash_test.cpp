// A case's `measured` block: read with one-line errors, and a run's velocity change over the window
// compared in the body frame at the first state, against hand calculations.
#include "cases/loading/measured_fields.hpp"
#include "cases/measured_crash.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "core/units.hpp"

namespace crashbench {
namespace {

PlanarState state(double heading_deg, Vec2 velocity, double yaw_rate = 0) {
  PlanarState s;
  s.heading = heading_deg * kDegToRad;
  s.velocity_W = velocity;
  s.yaw_rate = yaw_rate;
  return s;
}

TEST(MeasuredCrash, TheChangeIsInTheBodyFrameAtTheFirstState) {
  // Heading +Y: body x is world +Y, body y (left) is world -X.
  const std::vector<PlanarState> states = {state(90, {0, 10}), state(95, {3, -5})};
  MeasuredVehicle m;
  m.delta_v_B = {-15, 0};
  const auto c = compare_with_measured(m, states, {0.0, 0.1}, 0.1);
  ASSERT_TRUE(c);
  // dV_W = (3, -15); body x = dV_W . (0, 1) = -15, body y = dV_W . (-1, 0) = -3.
  EXPECT_NEAR(c->simulated_B.x(), -15, 1e-12);
  EXPECT_NEAR(c->simulated_B.y(), -3, 1e-12);
  EXPECT_NEAR(c->magnitude_error, std::sqrt(234.0) - 15, 1e-12);
  // From (-15, 0) to (-15, -3): cross = 45 > 0, counter-clockwise by atan(3 / 15).
  EXPECT_NEAR(c->direction_error, std::atan2(45.0, 225.0), 1e-12);
  EXPECT_FALSE(c->yaw_rate_change);  // nothing measured, nothing compared
}

TEST(MeasuredCrash, TheWindowEndsAtTheLastSampleInsideIt) {
  const std::vector<PlanarState> states = {state(0, {10, 0}, 0), state(0, {8, 0}, 0.5), state(0, {6, 1}, 1.0),
                                           state(0, {0, 0}, 2.0)};
  MeasuredVehicle m;
  m.delta_v_B = {-4, 1};
  m.yaw_rate_change = 0.8;
  // Sample times are sums of steps: 0.02 recorded as 0.020000000000000004 still belongs to a 0.02 window.
  const auto c = compare_with_measured(m, states, {0.0, 0.01, 0.020000000000000004, 0.03}, 0.02);
  ASSERT_TRUE(c);
  EXPECT_NEAR(c->simulated_B.x(), -4, 1e-12);
  EXPECT_NEAR(c->simulated_B.y(), 1, 1e-12);
  EXPECT_NEAR(c->magnitude_error, 0, 1e-12);
  EXPECT_NEAR(c->direction_error, 0, 1e-12);
  ASSERT_TRUE(c->yaw_rate_error);
  EXPECT_NEAR(*c->yaw_rate_change, 1.0, 1e-12);
  EXPECT_NEAR(*c->yaw_rate_error, 0.2, 1e-12);
}

TEST(MeasuredCrash, TooLittleRecordedIsNoComparison) {
  MeasuredVehicle m;
  EXPECT_FALSE(compare_with_measured(m, {state(0, {1, 0})}, {0.0}, 0.1));
  // The window ends before the second sample.
  EXPECT_FALSE(compare_with_measured(m, {state(0, {1, 0}), state(0, {0, 0})}, {0.0, 0.5}, 0.1));
}

std::string refusal(const nlohmann::json& measured, std::size_t vehicles = 2, double duration = 0.2) {
  try {
    parse_measured(JsonReader(measured, "case.json", "/measured"), vehicles, duration);
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

TEST(MeasuredCrash, BadBlocksAreOneLineNamingTheField) {
  const nlohmann::json vehicle = {{"delta_v_B", {-14, -4}}, {"uncertainty", 0.5}};
  const nlohmann::json good = {{"source", "test"}, {"window", 0.15}, {"vehicles", {vehicle, vehicle}}};
  EXPECT_EQ(refusal(good), "");
  nlohmann::json long_window = good;
  long_window["window"] = 0.3;
  EXPECT_NE(refusal(long_window).find("/measured/window: expected at most the case's duration"), std::string::npos);
  EXPECT_NE(refusal(good, 1).find("/measured/vehicles: expected 1 to 1 vehicles"), std::string::npos);
  nlohmann::json negative = good;
  negative["vehicles"][1]["uncertainty"] = -1;
  EXPECT_NE(refusal(negative).find("/measured/vehicles/1/uncertainty"), std::string::npos);
  nlohmann::json unknown = good;
  unknown["vehicles"][0]["delta_v"] = 1;
  EXPECT_NE(refusal(unknown).find("/measured/vehicles/0/delta_v: unknown field"), std::string::npos);
  for (const auto& message : {refusal(long_window), refusal(negative), refusal(unknown)})
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
}

}  // namespace
}  // namespace crashbench
