// bicycle: straight running, steady-state cornering against the linear single-track gain (forwards
// and in reverse), a sideways slide that stops, and a stopped car that stays stopped.
#include <gtest/gtest.h>

#include <cmath>

#include "core/units.hpp"
#include "models/dynamics/bicycle.hpp"
#include "tests/models/dynamics/test_vehicle.hpp"
#include "tests/support/registries.hpp"
#include "tests/support/tolerance.hpp"

namespace crashbench {
namespace {

using testing::near_relative;

constexpr double kDt = 0.005;  // Knight's step [s]

class BicycleEachIntegrator : public ::testing::TestWithParam<std::string> {};

TEST_P(BicycleEachIntegrator, StraightRunningKeepsSpeedAndHeadingAndDriveForceAccelerates) {
  const VehicleParams p = testing::test_car();
  const BicycleDynamics dynamics;
  VehicleInput in;
  in.drive_force = 2300.0;
  VehicleOde ode(dynamics, p, in);
  const double heading = 0.7, u0 = 24.0, t = 4.0;
  const StateVector x0 = testing::state_from_body(heading, {u0, 0.0}, 0.0);
  StateVector x = x0;
  testing::run(*testing::integrator_named(GetParam()), ode, kDt, static_cast<int>(t / kDt), x);

  // Constant acceleration F/m along the heading: u = u0 + F t / m, s = u0 t + F t^2 / (2m).
  const double accel = in.drive_force / p.mass;
  const PlanarState s = to_planar_state(x);
  EXPECT_TRUE(near_relative(s.velocity_B(), Vec2(u0 + accel * t, 0.0), 1e-9));
  EXPECT_TRUE(near_relative(s.heading, heading, 1e-12));
  EXPECT_NEAR(s.yaw_rate, 0.0, 1e-12);
  // First order lags by half a dt of travel under constant acceleration; second order and above are exact.
  const double distance = u0 * t + (testing::integrator_named(GetParam())->order() == 1 ? 0.5 * accel * t * (t - kDt)
                                                                                        : 0.5 * accel * t * t);
  EXPECT_TRUE(near_relative(s.position_W, Vec2(x0[0], x0[1]) + distance * unit_at(heading), 1e-9));
}

TEST_P(BicycleEachIntegrator, SidewaysSlideDeceleratesAtMuGThenStopsWithoutChatter) {
  const VehicleParams p = testing::test_car();
  const BicycleDynamics dynamics;
  VehicleOde ode(dynamics, p);
  const double v0 = 9.0, mu_g = 0.82 * kGravity;
  StateVector x = testing::state_from_body(0.4, {0.0, v0}, 0.0);
  const auto integrator = testing::integrator_named(GetParam());

  // Both axles saturated: F = mu m g along -y_B, and the moments a mu m g b/L and b mu m g a/L cancel.
  const double t_half = 0.5;
  testing::run(*integrator, ode, kDt, static_cast<int>(t_half / kDt), x);
  EXPECT_TRUE(near_relative(to_planar_state(x).velocity_B(), Vec2(0.0, v0 - mu_g * t_half), 1e-9));

  // Each axle force opposes its axle's sliding, so kinetic energy never grows.
  const auto energy = [&](const StateVector& y) {
    return 0.5 * p.mass * (y[3] * y[3] + y[4] * y[4]) + 0.5 * p.yaw_inertia * y[5] * y[5];
  };
  double previous_energy = energy(x);
  int energy_increases = 0;
  testing::run(*integrator, ode, kDt, static_cast<int>((v0 / mu_g + 1.0) / kDt), x,
               [&](const StateVector& y, VehicleOde&) {
                 energy_increases += energy(y) > previous_energy * (1 + 1e-12);
                 previous_energy = energy(y);
                 EXPECT_GE(to_planar_state(y).velocity_B().y(), 0.0) << "the slide reversed: chatter";
               });
  EXPECT_EQ(energy_increases, 0);
  // The axles leave saturation a step apart (unequal loads and stiffnesses): the brief yaw this causes
  // leaves a free-rolling residue along body x, which nothing in this model resists.
  const PlanarState s = to_planar_state(x);
  EXPECT_LT(std::abs(s.velocity_B().y()), 1e-9);
  EXPECT_LT(s.velocity_W.norm(), 1e-4);
  EXPECT_NEAR(s.yaw_rate, 0.0, 1e-9);
  // Distance: v0^2 / (2 mu g) while saturated, plus a few cm of linear-range tail.
  const double slid = (s.position_W - Vec2(3.2, -1.4)).norm();
  EXPECT_GT(slid, v0 * v0 / (2 * mu_g) - 0.01);
  EXPECT_LT(slid, v0 * v0 / (2 * mu_g) + 0.05);
}

TEST_P(BicycleEachIntegrator, StoppedCarStaysExactlyStopped) {
  const VehicleParams p = testing::test_car();
  const BicycleDynamics dynamics;
  VehicleInput in;
  in.steer = 0.3;
  VehicleOde ode(dynamics, p, in);
  const StateVector x0 = testing::state_from_body(1.1, {0.0, 0.0}, 0.0);
  StateVector x = x0;
  testing::run(*testing::integrator_named(GetParam()), ode, kDt, 2000, x);
  EXPECT_EQ(x, x0);
}

TEST_P(BicycleEachIntegrator, CreepingCarSettlesWithoutChatter) {
  const VehicleParams p = testing::test_car();
  const BicycleDynamics dynamics;
  VehicleOde ode(dynamics, p);
  StateVector x = testing::state_from_body(-0.6, {0.0, 0.04}, -0.03);
  // Two real decaying modes: each of v and r may cross zero at most once; chatter flips every step.
  int v_flips = 0, r_flips = 0;
  double v_prev = 0.04, r_prev = -0.03;
  testing::run(*testing::integrator_named(GetParam()), ode, kDt, 400, x, [&](const StateVector& y, VehicleOde&) {
    const PlanarState s = to_planar_state(y);
    v_flips += s.velocity_B().y() * v_prev < 0;
    r_flips += s.yaw_rate * r_prev < 0;
    v_prev = s.velocity_B().y();
    r_prev = s.yaw_rate;
  });
  EXPECT_LE(v_flips, 1);
  EXPECT_LE(r_flips, 1);
  EXPECT_LT(std::abs(v_prev) + std::abs(r_prev), 1e-9);
}

INSTANTIATE_TEST_SUITE_P(Registered, BicycleEachIntegrator, ::testing::ValuesIn(testing::integrator_names()),
                         [](const auto& info) { return testing::test_name(info.param); });

TEST(BicycleLowSpeed, RateIsTheLargestEigenvalueOfTheStandstillJacobian) {
  // Finite-difference Jacobian of (dvY/dt, dr/dt) in (vY, r) at rest, heading 0 (world = body).
  const VehicleParams p = testing::test_car();
  const BicycleDynamics dynamics;
  const double h = 1e-6;
  Mat2 jacobian;
  for (int j = 0; j < 2; ++j) {
    StateVector x = StateVector::Zero();
    x[j == 0 ? 4 : 5] = h;
    const StateVector d = dynamics.derivative(p, x, {});
    jacobian(0, j) = d[4] / h;
    jacobian(1, j) = d[5] / h;
  }
  const double half_trace = 0.5 * jacobian.trace();
  const double largest = -half_trace + std::sqrt(half_trace * half_trace - (jacobian(0, 0) * jacobian(1, 1) - jacobian(0, 1) * jacobian(1, 0)));
  EXPECT_TRUE(near_relative(bicycle_low_speed_rate(p, testing::test_tyres()), largest, 1e-6));
  EXPECT_LT(bicycle_low_speed_rate(p, testing::test_tyres()) * kDt, 1.0) << "the chatter tests above assume this";
}

TEST(BicycleLowSpeed, EulerAlternatesWhenDtExceedsOneOverTheRate) {
  // The chatter metric can fail: with the slip floor at 0.5 m/s the damper is twice as stiff.
  const VehicleParams p = testing::test_car();
  const BicycleDynamics stiff(0.5);
  ASSERT_GT(bicycle_low_speed_rate(p, testing::test_tyres(), 0.5) * kDt, 1.0);
  ASSERT_LT(bicycle_low_speed_rate(p, testing::test_tyres(), 0.5) * kDt, 2.0) << "stable but alternating";
  VehicleOde ode(stiff, p);
  StateVector x = testing::state_from_body(0.0, {0.0, 0.002}, 0.0);
  int flips = 0;
  double previous = 0.002;
  testing::run(*testing::integrator_named("euler"), ode, kDt, 20, x, [&](const StateVector& y, VehicleOde&) {
    flips += y[4] * previous < 0;
    previous = y[4];
  });
  EXPECT_GT(flips, 5);
}

/// Steady-state yaw-rate gain of the linear single-track model at body speed u (either sign), derived
/// in docs/dynamics.md: r / delta = u / (L + sign(u) K u^2), K = m (b C_r - a C_f) / (L C_f C_r).
double linear_yaw_rate_gain(double u) {
  const double m = 1430.0, a = 1.13, b = 1.52, cf = 87000.0, cr = 98000.0, L = a + b;
  const double k_us = m * (b * cr - a * cf) / (L * cf * cr);
  return u / (L + (u > 0 ? 1.0 : -1.0) * k_us * u * u);
}

class BicycleCornering : public ::testing::TestWithParam<double> {};

TEST_P(BicycleCornering, SteadyYawRateMatchesTheLinearSingleTrackGain) {
  const VehicleParams p = testing::test_car();
  const BicycleDynamics dynamics;
  const double u_target = GetParam(), steer = 0.012;
  VehicleInput in;
  in.steer = steer;
  VehicleOde ode(dynamics, p, in);
  StateVector x = testing::state_from_body(0.3, {u_target, 0.0}, 0.0);
  // A proportional speed controller on the drive force holds u against the front tyre's drag.
  int step = 0;
  double r_earlier = 0;
  testing::run(*testing::integrator_named("rk4"), ode, kDt, 3000, x, [&](const StateVector& y, VehicleOde& o) {
    VehicleInput next = o.input();
    next.drive_force = p.mass * 2.0 * (u_target - to_planar_state(y).velocity_B().x());
    o.set_input(next);
    if (++step == 2800) r_earlier = y[5];
  });
  EXPECT_TRUE(near_relative(x[5], r_earlier, 1e-5)) << "not steady yet";
  const double u = to_planar_state(x).velocity_B().x();
  EXPECT_TRUE(near_relative(u, u_target, 1e-3));
  EXPECT_TRUE(near_relative(x[5] / steer, linear_yaw_rate_gain(u), 3e-3));
}

INSTANTIATE_TEST_SUITE_P(ForwardAndReverse, BicycleCornering, ::testing::Values(-6.0, -3.0, 8.0, 18.0, 30.0));

}  // namespace
}  // namespace crashbench
