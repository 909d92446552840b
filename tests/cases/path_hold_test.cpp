// control.hold_path: Tongue & Moon's road-frame guidance until the first impact, then the tyres alone.
#include <gtest/gtest.h>

#include <cctype>
#include <cmath>

#include "cases/loading/case_loader.hpp"
#include "cases/runner/simulation.hpp"
#include "core/units.hpp"

namespace crashbench {
namespace {

constexpr double kRadius = 30.48, kLength = 3.048, kWidth = 1.524;  // Tongue & Moon Tables 1 and 3
constexpr double kRearSpeed = 29.1, kFrontSpeed = 24.6, kFrontArcAngle = 0.2;

/// Two Tongue & Moon cars on one left-hand circle about (0, R): the rear one at the origin heading east,
/// the slower front one `kFrontArcAngle` further round.
nlohmann::json two_cars_on_one_circle() {
  const auto car = [](double arc_angle, double speed) {
    return nlohmann::json{{"params", "tongue-moon-1995"},
                          {"position", {kRadius * std::sin(arc_angle), kRadius * (1 - std::cos(arc_angle))}},
                          {"heading_deg", arc_angle * kRadToDeg},
                          {"speed", speed}};
  };
  return {{"name", "two-cars-on-a-circle"},
          {"scene", "open-road"},
          {"response", {{"model", "brach-planar"}, {"restitution", 0.8}, {"friction", 0.0}}},
          {"application", "reset"},
          {"dynamics", "dugoff"},
          {"duration", 1.5},
          {"control", {{"hold_path", {{"turn", "left"}, {"radius", kRadius}}}}},
          {"vehicles", {car(0.0, kRearSpeed), car(kFrontArcAngle, kFrontSpeed)}}};
}

TEST(PathHold, CarsRideTheirCircleUntilTheInnerCornersMeet) {
  const RunResult r = run_case(parse_case(two_cars_on_one_circle(), "curve.json"));
  ASSERT_EQ(r.status, CaseStatus::kPassed) << r.error;
  ASSERT_FALSE(r.events.empty());
  // On one circle the two rectangles are mirror images about the bisector of their arc gap, so the
  // inner (left) corners meet first, when the arc angle between the CGs is phi with
  // tan(phi / 2) = (L / 2) / (R - W / 2); the gap closes at the speed difference.
  const double phi = 2 * std::atan(0.5 * kLength / (kRadius - 0.5 * kWidth));
  const double touch = (kFrontArcAngle - phi) * kRadius / (kRearSpeed - kFrontSpeed);
  const ImpactEvent& first = r.events.front();
  // The held path keeps to the circle within micrometres, and the sweep finds a touch within one.
  EXPECT_GE(first.time, touch - 1e-5);
  EXPECT_LE(first.time, touch + r.config.dt + 1e-12);
  // Struck on the left half of the rear car's (vehicle 0's) front face: x = L/2, W/4 < y <= W/2. (The
  // faces are 0.1 rad apart, so one step of overlap already spans a fifth of the face.)
  const PlanarState& rear = first.contact.vehicle == 0 ? first.pre_a.state : r.other_of(first)->pre.state;
  const Vec2 point_B = rotation(-rear.heading) * (first.contact.point_W - rear.position_W);
  EXPECT_NEAR(point_B.x(), 0.5 * kLength, 0.05);
  EXPECT_GT(point_B.y(), 0.25 * kWidth);
  EXPECT_LE(point_B.y(), 0.5 * kWidth + 1e-9);
  // Until then both rode the circle at their own speed, turning at speed / R.
  const Vec2 centre{0.0, kRadius};
  for (int i = 0; i < first.step; ++i)
    for (int v = 0; v < 2; ++v) {
      const PlanarState& s = r.tracks[v].states[i];
      ASSERT_NEAR((s.position_W - centre).norm(), kRadius, 1e-9) << "vehicle " << v << " sample " << i;
      ASSERT_NEAR(s.yaw_rate, s.velocity_W.norm() / kRadius, 1e-12);
    }
}

TEST(PathHold, AfterTheImpactOnlyTheTyresTurnTheCars) {
  const RunResult r = run_case(parse_case(two_cars_on_one_circle(), "curve.json"));
  ASSERT_FALSE(r.events.empty());
  // The path needed 29.1^2 / 30.48 = 2.8 g; released, no car may accelerate beyond the adhesion limit
  // (the preset has no drag and no rolling resistance, and mu only falls with speed).
  const double limit = 1.05 * kGravity, dt = r.config.dt;
  const int after = r.events.back().step + 2;
  ASSERT_LT(after + 2, static_cast<int>(r.sample_times.size()));
  for (int v = 0; v < 2; ++v) {
    const auto& states = r.tracks[v].states;
    for (std::size_t i = after; i + 1 < states.size(); ++i) {
      const Vec2 a = (states[i + 1].velocity_W - states[i - 1].velocity_W) / (2 * dt);
      ASSERT_LE(a.norm(), limit * 1.001) << "vehicle " << v << " at " << r.sample_times[i] << " s";
    }
  }
}

struct BadControl {
  const char* what;
  nlohmann::json patch;  ///< RFC 6902 operations on two_cars_on_one_circle()
  std::string pointer;   ///< the field the message must name
  std::string expected;  ///< a phrase of what was expected
};

class PathHoldBadInput : public ::testing::TestWithParam<BadControl> {};

TEST_P(PathHoldBadInput, NamesTheFieldAndWhatWasExpected) {
  const BadControl& bad = GetParam();
  try {
    parse_case(two_cars_on_one_circle().patch(bad.patch), "curve.json");
    FAIL() << "no error for " << bad.what;
  } catch (const Error& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("curve.json: " + bad.pointer + ":"), std::string::npos) << message;
    EXPECT_NE(message.find(bad.expected), std::string::npos) << message;
  }
}

/// One "add" operation (it replaces a member that is there).
nlohmann::json set(const std::string& path, nlohmann::json value) {
  return nlohmann::json::array({{{"op", "add"}, {"path", path}, {"value", std::move(value)}}});
}

nlohmann::json with_sideslip() {
  return nlohmann::json::array({{{"op", "remove"}, {"path", "/vehicles/0/speed"}},
                                {{"op", "add"}, {"path", "/vehicles/0/velocity"}, {"value", {29.0, 2.0}}}});
}

INSTANTIATE_TEST_SUITE_P(
    Control, PathHoldBadInput,
    ::testing::Values(
        BadControl{"both holds", set("/control/hold_speed_gain", 2000.0), "/control", "exactly one of"},
        BadControl{"no radius", set("/control/hold_path", {{"turn", "left"}}), "/control/hold_path",
                   "missing field 'radius'"},
        BadControl{"zero radius", set("/control/hold_path/radius", 0.0), "/control/hold_path/radius", "positive"},
        BadControl{"straight with radius", set("/control/hold_path", {{"turn", "straight"}, {"radius", 5.0}}),
                   "/control/hold_path/radius", "no radius"},
        BadControl{"unknown turn", set("/control/hold_path/turn", "around"), "/control/hold_path/turn", "left"},
        BadControl{"never cut", set("/control/cut_after", "never"), "/control/cut_after", "cannot answer"},
        BadControl{"yaw rate given", set("/vehicles/1/yaw_rate_deg_s", 31.5), "/vehicles/1/yaw_rate_deg_s",
                   "speed x path curvature"},
        BadControl{"sideslip", with_sideslip(), "/vehicles/0/velocity", "along heading_deg"}),
    [](const ::testing::TestParamInfo<BadControl>& info) {
      std::string name = info.param.what;
      for (char& ch : name)
        if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
      return name;
    });

}  // namespace
}  // namespace crashbench
