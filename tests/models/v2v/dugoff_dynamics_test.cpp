// The Tongue & Moon planar car with Dugoff tyres, rolling resistance and aero drag.
#include "models/dynamics/dugoff_dynamics.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "core/units.hpp"
#include "tests/models/dynamics/test_vehicle.hpp"
#include "tests/support/tolerance.hpp"

namespace crashbench {
namespace {

using testing::near_relative;

const DugoffVehicleExtras kExtras{0.00335};

TEST(DugoffDynamics, CoastingSlowsByDragAndRollingResistance) {
  const VehicleParams p = testing::test_car(
      DugoffDynamics(), {{"resistance", {{"rolling", 0.012}, {"drag_coefficient", 0.42}, {"frontal_area", 2.1},
                                         {"side_area", 4.6}}}});
  const double heading = -0.35, v = 26.8;
  const StateVector x = testing::state_from_body(heading, {v, 0.0}, 0.0);
  const StateVector dx = DugoffDynamics(kExtras).derivative(p, x, {});
  const double decel = (0.012 * p.mass * 9.80665 + 0.5 * 1.225 * 0.42 * 2.1 * v * v) / p.mass;
  EXPECT_TRUE(near_relative(Vec2(dx[3], dx[4]), -decel * unit_at(heading), 1e-12));
  EXPECT_NEAR(dx[5], 0.0, 1e-12);
}

TEST(DugoffDynamics, SmallSlipIsTheLinearTyreWithTangent) {
  // lambda >= 1 on every tyre: each axle gives -C tan(alpha), alpha in the wheel's frame.
  const VehicleParams p = testing::test_car();
  const TyreParams t = testing::test_tyres();
  const double u = 22.0, v = 0.05, r = 0.01, steer = 0.003;
  const StateVector x = testing::state_from_body(0.8, {u, v}, r);
  const DugoffAxleForces f = dugoff_axle_forces(p.mass, t, kExtras, to_planar_state(x), steer);
  const Vec2 front_wheel = rotation(-steer) * Vec2{u, v + t.cg_to_front_axle * r};
  const double alpha_f = std::atan2(front_wheel.y(), front_wheel.x());
  const double alpha_r = std::atan2(v - t.cg_to_rear_axle * r, u);
  const double mu = 0.82 * (1 - 0.00335 * std::hypot(u, v));
  ASSERT_GE(mu * 0.25 * p.mass * 9.80665 / (t.cornering_stiffness_front * std::abs(std::tan(alpha_f))), 1.0);
  EXPECT_TRUE(near_relative(f.front, -t.cornering_stiffness_front * std::tan(alpha_f), 1e-12));
  EXPECT_TRUE(near_relative(f.rear, -t.cornering_stiffness_rear * std::tan(alpha_r), 1e-12));
}

TEST(DugoffDynamics, SlidingSidewaysIsBoundedByFriction) {
  const VehicleParams p = testing::test_car();
  const StateVector x = testing::state_from_body(0.2, {18.0, -6.5}, 1.1);
  const DugoffAxleForces f = dugoff_axle_forces(p.mass, testing::test_tyres(), kExtras, to_planar_state(x), 0.0);
  const double mu = 0.82 * (1 - 0.00335 * std::hypot(18.0, 6.5));
  // m g b / L and m g a / L by hand: a = 1.13 m, b = 1.52 m.
  const AxleLoads loads{p.mass * 9.80665 * 1.52 / 2.65, p.mass * 9.80665 * 1.13 / 2.65};
  EXPECT_LE(std::abs(f.front), mu * loads.front * (1 + 1e-12));
  EXPECT_LE(std::abs(f.rear), mu * loads.rear * (1 + 1e-12));
  EXPECT_GT(std::abs(f.rear), 0.5 * mu * loads.rear);  // saturating, not vanishing
  EXPECT_GT(f.rear, 0.0);                               // sliding right, pushed left
}

TEST(DugoffDynamics, RegisteredAndValidated) {
  const auto dyn = testing::dynamics_named("dugoff");
  EXPECT_EQ(dyn->name(), "dugoff");
  EXPECT_NO_THROW(dyn->validate(testing::test_car(*dyn)));
  const VehicleParams rolling_backwards = testing::edited<DugoffModelParameters>(
      testing::test_car(*dyn), [](DugoffModelParameters& q) { q.resistance.rolling = -0.01; });
  EXPECT_THROW(dyn->validate(rolling_backwards), Error);
}

}  // namespace
}  // namespace crashbench
