// A vehicle following a path (cases/driving/path_follower.hpp) around a circle, with every dynamics model that
// steers: once settled it stays within the cross-track error the geometry of pure pursuit and the
// model's understeer allow, at the set speed; bad paths and options are refused with one clear error.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <cmath>
#include <fstream>
#include <numbers>

#include "cases/driving/path_follower.hpp"
#include "cases/loading/case_loader.hpp"
#include "cases/loading/vehicle_presets.hpp"
#include "cases/runner/simulation.hpp"
#include "testkit/counting_allocator.hpp"
#include "tests/support/error_message.hpp"
#include "tests/support/registries.hpp"
#include "tests/support/temp_folder.hpp"

namespace crashbench {
namespace {

constexpr double kCircleRadius = 60, kFollowSpeed = 15, kFollowLookahead = 8;  // [m], [m/s], [m]

/// A closed circle of radius kCircleRadius about the origin, counter-clockwise from (R, 0), a point every 2 m.
std::filesystem::path write_circle(const std::filesystem::path& dir) {
  const int n = static_cast<int>(std::ceil(2 * std::numbers::pi * kCircleRadius / 2.0));
  std::ofstream out(dir / "circle.csv");
  out << "x,y\n";
  for (int i = 0; i <= n; ++i) {
    const double a = 2 * std::numbers::pi * (i % n) / n;
    out << fmt::format("{},{}\n", kCircleRadius * std::cos(a), kCircleRadius * std::sin(a));
  }
  return dir / "circle.csv";
}

nlohmann::json circle_case(const std::string& dynamics, const nlohmann::json& follow) {
  return {{"name", "follow-circle"}, {"scene", "open-road"}, {"dynamics", dynamics},
          {"response", {{"model", "restitution"}}}, {"duration", 30.0},
          {"vehicles", {{{"params", "sedan"}, {"follow", follow}}}}};
}

/// Whether `dynamics` can run the sedan with steering (free-body has no tyres; some models need more params).
bool steers_the_sedan(const std::string& dynamics) {
  const auto model = make_dynamics(dynamics);
  try {
    model->validate(preset_vehicle("sedan", *model));
  } catch (const Error&) {
    return false;
  }
  return model->steers() && model->axles(preset_vehicle("sedan", *model));
}

TEST(PathFollower, StaysOnACircleWithinTheSteadyStateOffsetOfPurePursuit) {
  const auto dir = testing::temp_folder("path-follower");
  const nlohmann::json follow = {{"path", write_circle(dir).string()}, {"speed", kFollowSpeed}, {"lookahead", kFollowLookahead}};
  // By hand, steady state with linear tyres (sedan: a = 1.15 m, b = 1.45 m, L = 2.6 m, C_f = 80 kN/rad,
  // C_r = 90 kN/rad), lateral acceleration a_y = v^2/R. The rear axle slides out at alpha_r = m a_y a / (L C_r),
  // so the heading points alpha_r inside its path, and the steer exceeds L/R by K a_y, K = m/L (b/C_f - a/C_r)
  // the understeer gradient. Pure pursuit steers atan(2 L y / d^2) for a pursued point y to the left of the
  // heading at distance d; on a circle of radius R + e through a point of the path d ahead,
  // y = e + d^2/(2R) - alpha_r d, so e = K a_y d^2 / (2L) + alpha_r d. The CG, b ahead of the rear axle and
  // turned alpha_r inwards, lies b^2/(2R) - b alpha_r further out.
  const double mass = 1500, a = 1.15, b = 1.45, wheelbase = a + b, cf = 80000, cr = 90000;
  const double understeer = mass / wheelbase * (b / cf - a / cr);
  const double lateral = kFollowSpeed * kFollowSpeed / kCircleRadius;
  const double alpha_rear = mass * lateral * a / (wheelbase * cr);
  const double d = kFollowLookahead;
  const double rear_offset = understeer * lateral * d * d / (2 * wheelbase) + alpha_rear * d;
  const double expected = rear_offset + b * b / (2 * kCircleRadius) - b * alpha_rear;
  int models = 0;
  for (const std::string& dynamics : testing::dynamics_names()) {
    if (!steers_the_sedan(dynamics)) continue;
    Simulation sim(parse_case(circle_case(dynamics, follow), (dir / "case.json").string()));
    const PathFollower reference(*sim.result().config.vehicles[0].follow, mass, {a, b});
    const testing::AllocationScope scope;
    while (sim.steps_done() < 200) sim.step();
    EXPECT_EQ(scope.allocations(), 0) << dynamics;
    const RunResult r = sim.run();
    double worst = 0, slowest = kFollowSpeed, fastest = kFollowSpeed;
    for (std::size_t i = 0; i < r.sample_times.size(); ++i) {
      if (r.sample_times[i] < 10.0) continue;  // settled: several lookahead times after the start
      const PlanarState& s = r.tracks[0].states[i];
      worst = std::max(worst, reference.distance_to_path(s.position_W));
      slowest = std::min(slowest, s.velocity_B().x());
      fastest = std::max(fastest, s.velocity_B().x());
    }
    // Within 5 cm of the hand value (its small-angle steps, the 2 m chords, the speed held 0.4 % low).
    EXPECT_NEAR(worst, expected, 0.05) << dynamics;
    EXPECT_GT(slowest, kFollowSpeed - 0.5) << dynamics;
    EXPECT_LT(fastest, kFollowSpeed + 0.5) << dynamics;
    // Round the circle and beyond (its start again): 30 s at 15 m/s is 450 m, more than the 377 m lap.
    const Vec2 end = r.tracks[0].states.back().position_W;
    EXPECT_NEAR(std::atan2(end.y(), end.x()), std::remainder(450.0 / kCircleRadius, 2 * std::numbers::pi), 0.1) << dynamics;
    ++models;
  }
  EXPECT_GE(models, 2) << "dynamics models that steer the sedan";
}

TEST(PathFollower, TheLookaheadGrowsWithTheForwardSpeed) {
  // A straight path along X; the rear axle 1 m right of it, heading along X at 20 m/s. Pursued D m ahead,
  // the point lies at (D, 1) in the body frame from the rear axle: delta = atan(2 L / (D^2 + 1)).
  const AxlePositions axles{1.15, 1.45};  // the sedan's
  const double wheelbase = axles.cg_to_front + axles.cg_to_rear;
  FollowSpec spec;
  spec.points_W = {{-100, 0}, {1000, 0}};
  spec.speeds = {20, 20};
  spec.lookahead = 2;
  PlanarState s;
  s.position_W = {axles.cg_to_rear, -1};
  s.velocity_W = {20, 0};
  const auto steer = [&](double lookahead_time) {
    spec.lookahead_time = lookahead_time;
    PathFollower follower(spec, 1500, axles);
    VehicleInput input;
    follower.drive(s, input);
    return input.steer;
  };
  EXPECT_NEAR(steer(0), std::atan(2 * wheelbase / (2.0 * 2.0 + 1)), 1e-12);    // the fixed 2 m
  EXPECT_NEAR(steer(0.5), std::atan(2 * wheelbase / (10.0 * 10.0 + 1)), 1e-12);  // 0.5 s at 20 m/s
  EXPECT_NEAR(steer(0.05), steer(0), 1e-12);  // 1 m at 20 m/s: the 2 m floor holds
}

TEST(PathFollower, RefusesBadPathsAndOptionsNamingTheFileAndField) {
  const auto dir = testing::temp_folder("path-follower-bad");
  std::ofstream(dir / "one.csv") << "x,y\n1,2\n1,2\n";
  std::ofstream(dir / "nan.csv") << "t,x,y,heading_deg\n0,0,0,0\n1,nan,0,0\n";
  std::ofstream(dir / "header.csv") << "a,b\n0,0\n1,0\n";
  std::ofstream(dir / "short.csv") << "x,y\n0,0\n1\n";
  std::ofstream(dir / "ok.csv") << "x,y\n0,0\n100,0\n";
  const auto refused = [&](const nlohmann::json& follow, const std::string& dynamics = "bicycle") {
    return testing::error_message([&] { parse_case(circle_case(dynamics, follow), (dir / "case.json").string()); });
  };
  const nlohmann::json ok = {{"path", "ok.csv"}, {"speed", 10}, {"lookahead", 5}};
  EXPECT_EQ(refused(ok), "");
  EXPECT_NE(refused({{"path", "missing.csv"}, {"speed", 10}, {"lookahead", 5}}).find("missing.csv"), std::string::npos);
  const std::string one = refused({{"path", "one.csv"}, {"speed", 10}, {"lookahead", 5}});
  EXPECT_NE(one.find("one.csv"), std::string::npos) << one;
  EXPECT_NE(one.find("at least two distinct points"), std::string::npos) << one;
  const std::string nan = refused({{"path", "nan.csv"}, {"speed", 10}, {"lookahead", 5}});
  EXPECT_NE(nan.find("line 3"), std::string::npos) << nan;
  EXPECT_NE(nan.find("column 'x'"), std::string::npos) << nan;
  EXPECT_NE(refused({{"path", "header.csv"}, {"speed", 10}, {"lookahead", 5}}).find("columns x and y"), std::string::npos);
  EXPECT_NE(refused({{"path", "short.csv"}, {"speed", 10}, {"lookahead", 5}}).find("line 3"), std::string::npos);
  nlohmann::json bad = ok;
  bad["lookahead"] = -1;
  EXPECT_NE(refused(bad).find("/vehicles/0/follow/lookahead"), std::string::npos) << refused(bad);
  bad = ok;
  bad["speed"] = -5;
  EXPECT_NE(refused(bad).find("/vehicles/0/follow/speed"), std::string::npos) << refused(bad);
  bad = ok;
  bad["max_lateral_accel"] = 0;
  EXPECT_NE(refused(bad).find("/vehicles/0/follow/max_lateral_accel"), std::string::npos) << refused(bad);
  for (const double t : {0.0, 11.0, -1.0}) {
    bad = ok;
    bad["lookahead_time"] = t;
    EXPECT_NE(refused(bad).find("/vehicles/0/follow/lookahead_time"), std::string::npos) << refused(bad);
  }
  bad = ok;
  bad.erase("lookahead");
  EXPECT_NE(refused(bad).find("lookahead"), std::string::npos) << refused(bad);
  EXPECT_NE(refused(ok, "free-body").find("does not steer"), std::string::npos);
  nlohmann::json doc = circle_case("bicycle", ok);
  doc["vehicles"][0]["speed"] = 3;
  EXPECT_NE(testing::error_message([&] { parse_case(doc, (dir / "case.json").string()); }).find("/vehicles/0/speed"),
            std::string::npos);
}

}  // namespace
}  // namespace crashbench
