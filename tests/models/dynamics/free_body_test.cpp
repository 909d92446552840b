// free-body: impulse-momentum exactness under a constant collision force and moment, straight-line
// coasting without one.
#include <gtest/gtest.h>

#include "models/dynamics/free_body.hpp"
#include "tests/models/dynamics/test_vehicle.hpp"
#include "tests/support/registries.hpp"
#include "tests/support/tolerance.hpp"

namespace crashbench {
namespace {

using testing::near_relative;

class FreeBodyTest : public ::testing::TestWithParam<std::string> {};

TEST_P(FreeBodyTest, ConstantForceAndMomentGiveExactlyFdtAndMdt) {
  const VehicleParams p = testing::test_car();
  const FreeBodyDynamics dynamics;
  VehicleInput u;
  u.collision_force_W = {-48000.0, 23500.0};
  u.collision_moment = 17300.0;
  u.steer = 0.2;           // ignored without tyres
  u.drive_force = 3000.0;  // ignored without tyres
  VehicleOde ode(dynamics, p, u);
  const double dt = 0.005;
  const StateVector x0 = testing::state_from_body(0.6, {22.0, -1.5}, 0.31);
  StateVector x = x0;
  testing::integrator_named(GetParam())->step(ode, 0.0, dt, x);

  const Vec2 momentum_change = p.mass * Vec2(x[3] - x0[3], x[4] - x0[4]);
  EXPECT_TRUE(near_relative(momentum_change, u.collision_force_W * dt, 1e-12, 0.0));
  EXPECT_TRUE(near_relative(p.yaw_inertia * (x[5] - x0[5]), u.collision_moment * dt, 1e-12, 0.0));
}

TEST_P(FreeBodyTest, WithoutForceMovesInAStraightLineAtConstantSpeed) {
  const VehicleParams p = testing::test_car();
  const FreeBodyDynamics dynamics;
  VehicleOde ode(dynamics, p);
  const double dt = 0.005;
  const int steps = 2000;
  const StateVector x0 = testing::state_from_body(-2.3, {17.5, 2.25}, -0.42);
  StateVector x = x0;
  testing::run(*testing::integrator_named(GetParam()), ode, dt, steps, x);

  const double t = dt * steps;
  const Vec2 v0(x0[3], x0[4]);
  EXPECT_TRUE(near_relative(Vec2(x[0], x[1]), Vec2(x0[0], x0[1]) + v0 * t, 1e-12));
  EXPECT_EQ(Vec2(x[3], x[4]), v0);  // a zero slope adds exactly nothing
  EXPECT_EQ(x[5], x0[5]);
  EXPECT_TRUE(near_relative(x[2], x0[2] + x0[5] * t, 1e-12));
}

INSTANTIATE_TEST_SUITE_P(Registered, FreeBodyTest, ::testing::ValuesIn(testing::integrator_names()),
                         [](const auto& info) { return testing::test_name(info.param); });

TEST(FreeBody, SecondOrderIntegratorsMoveTheCgByHalfADtSquaredUnderConstantForce) {
  const VehicleParams p = testing::test_car();
  const FreeBodyDynamics dynamics;
  VehicleInput u;
  u.collision_force_W = {31000.0, -12000.0};
  u.collision_moment = -9100.0;
  VehicleOde ode(dynamics, p, u);
  const double dt = 0.005;
  const StateVector x0 = testing::state_from_body(1.1, {-8.0, 3.0}, 0.9);
  for (const auto& entry : integrators()) {
    const auto integrator = entry.make();
    if (integrator->order() < 2) continue;  // exact for constant acceleration only from second order
    const std::string_view name = entry.name;
    StateVector x = x0;
    integrator->step(ode, 0.0, dt, x);
    const Vec2 accel = u.collision_force_W / p.mass;
    const Vec2 moved = Vec2(x[0] - x0[0], x[1] - x0[1]);
    EXPECT_TRUE(near_relative(moved, Vec2(x0[3], x0[4]) * dt + 0.5 * accel * dt * dt, 1e-12, 0.0)) << name;
    const double turned = x[2] - x0[2];
    EXPECT_TRUE(near_relative(turned, x0[5] * dt + 0.5 * u.collision_moment / p.yaw_inertia * dt * dt, 1e-12, 0.0))
        << name;
  }
}

TEST(FreeBody, ValidateNeedsPositiveMassAndInertia) {
  const FreeBodyDynamics dynamics;
  VehicleParams p = testing::test_car();
  EXPECT_NO_THROW(dynamics.validate(p));
  p.yaw_inertia = 0.0;
  EXPECT_THROW(dynamics.validate(p), Error);
  p = testing::test_car();
  p.mass = -1.0;
  EXPECT_THROW(dynamics.validate(p), Error);
}

}  // namespace
}  // namespace crashbench
