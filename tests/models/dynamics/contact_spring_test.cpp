// The contact spring the runner hands a vehicle's ODE for a force answer, checked by hand.
#include "models/dynamics/contact_spring.hpp"

#include <gtest/gtest.h>

#include "models/dynamics/vehicle_dynamics.hpp"

namespace crashbench {
namespace {

/// A car at (2, 1) heading 30 deg, moving (-3, 0.5) m/s with yaw rate 0.2 rad/s.
StateVector car() {
  StateVector x = StateVector::Zero();
  x << 2.0, 1.0, 0.5235987755982988, -3.0, 0.5, 0.2, 0.0, 0.0;
  return x;
}

ContactSpring wall_spring(const StateVector& x, double depth) {
  // A wall whose face is `depth` beyond the car's contact point along +X, the normal towards the car.
  ContactSpring s;
  s.arm_B = {1.5, -0.4};
  const Vec2 point = Vec2(x[0], x[1]) + rotation(x[2]) * s.arm_B;
  s.normal_W = {1.0, 0.0};
  s.surface_W = point + depth * s.normal_W;
  s.stiffness = 2.0e5;
  s.damping = 3.0e3;
  s.t0 = 1.0;
  return s;
}

TEST(ContactSpring, SpringAndDamperAlongTheNormalByHand) {
  const StateVector x = car();
  const ContactSpring s = wall_spring(x, 0.05);
  const SpringLoad load = spring_load(s, x, 1.0);
  // Point velocity = v + r perp(arm_W); the depth grows at -n . v_point.
  const Vec2 arm_W = rotation(x[2]) * s.arm_B;
  const double v_point_x = -3.0 + 0.2 * (-arm_W.y());
  const double expected = 2.0e5 * 0.05 + 3.0e3 * (-v_point_x);
  EXPECT_NEAR(load.depth, 0.05, 1e-12);
  EXPECT_NEAR(load.force_W.x(), expected, 1e-6 * expected);
  EXPECT_EQ(load.force_W.y(), 0.0);
  EXPECT_NEAR(load.moment, arm_W.x() * 0.0 - arm_W.y() * expected, 1e-6 * expected);
}

TEST(ContactSpring, NeverPullsAndNothingOnceSeparated) {
  StateVector x = car();
  x[3] = 40.0;  // leaving the wall fast: k d + c d_dot < 0
  EXPECT_EQ(spring_load(wall_spring(x, 0.01), x, 1.0).force_W, Vec2::Zero());
  const StateVector y = car();
  EXPECT_EQ(spring_load(wall_spring(y, -0.02), y, 1.0).force_W, Vec2::Zero());
}

TEST(ContactSpring, TheObstaclesPointMovesOverTheStepAndFrictionFollowsTheNormalForce) {
  const StateVector x = car();
  ContactSpring s = wall_spring(x, 0.05);
  s.surface_velocity_W = {2.0, 0.0};
  s.friction_W = {0.0, -1.0};
  s.friction_ratio = 0.4;
  s.damping = 0;
  // 0.01 s later the obstacle's point has come 0.02 m further in (the car's state is the same here).
  const SpringLoad load = spring_load(s, x, 1.01);
  EXPECT_NEAR(load.depth, 0.07, 1e-12);
  EXPECT_NEAR(load.force_W.x(), 2.0e5 * 0.07, 1e-6);
  EXPECT_NEAR(load.force_W.y(), -0.4 * 2.0e5 * 0.07, 1e-6);
}

}  // namespace
}  // namespace crashbench
