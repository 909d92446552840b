// The 4-DOF vehicle dynamics: the bicycle model without roll, hand-eliminated roll equations, the
// steady-turn roll angle, parameter checks.
#include "models/dynamics/four_dof_dynamics.hpp"

#include <gtest/gtest.h>

#include "core/error.hpp"
#include "core/units.hpp"
#include "models/dynamics/four_dof_zhou_suv.hpp"
#include "tests/models/dynamics/test_vehicle.hpp"
#include "tests/support/tolerance.hpp"

namespace crashbench {
namespace {

using testing::near_relative;

TEST(FourDofDynamics, WithoutRollIsTheBicycle) {
  const VehicleParams p = testing::edited<FourDofParameters>(zhou_2008_suv(), [](FourDofParameters& q) { q.roll = {}; });
  const StateVector x = testing::state_from_body(0.7, {17.3, -1.1}, 0.23);
  VehicleInput u;
  u.steer = 0.04, u.drive_force = 850, u.collision_force_W = {-3100, 5200}, u.collision_moment = 2400;
  const StateVector four = FourDofDynamics().derivative(p, x, u);
  const StateVector bicycle = BicycleDynamics().derivative(testing::zhou_suv_for(BicycleDynamics()), x, u);
  for (int i = 0; i < 8; ++i) EXPECT_TRUE(near_relative(four[i], bicycle[i], 1e-12, 1e-9)) << i;
}

TEST(FourDofDynamics, RollMatchesTheEliminatedEquations) {
  // At rest with the body rolled and a leftward collision force at the CG height (no tyre forces):
  // from eqs. 11-13, r' = -Ixz p'/Izz, a_y = (F + m_R h p')/M and
  // (Ixxs - Ixz^2/Izz - (m_R h)^2/M) p' = (m_R g h - K_s) phi - D_s p - z F + m_R h F / M.
  const VehicleParams p = zhou_2008_suv();
  const RollParams& q = p.model.get<FourDofParameters>().roll;
  const double heading = 0.6, phi = 0.031, roll_rate = -0.12, force = 4200;
  StateVector x = testing::state_from_body(heading, {0.0, 0.0}, 0.0);
  x[6] = phi, x[7] = roll_rate;
  VehicleInput u;
  u.collision_force_W = rotation(heading) * Vec2{0.0, force};
  const StateVector dx = FourDofDynamics().derivative(p, x, u);
  const double mh = q.sprung_mass * q.roll_arm, z = p.cg_height - q.roll_axis_height;
  const double reduced = q.roll_inertia - q.product_xz * q.product_xz / p.yaw_inertia - mh * mh / p.mass;
  const double roll_acc = ((mh * 9.80665 - q.roll_stiffness) * phi - q.roll_damping * roll_rate - z * force +
                           mh * force / p.mass) / reduced;
  EXPECT_TRUE(near_relative(dx[7], roll_acc, 1e-12));
  EXPECT_TRUE(near_relative(dx[6], roll_rate, 1e-15));
  EXPECT_TRUE(near_relative(dx[5], -q.product_xz * roll_acc / p.yaw_inertia, 1e-12));
  const Vec2 acc_W = rotation(heading) * Vec2{0.0, (force + mh * roll_acc) / p.mass};
  EXPECT_TRUE(near_relative(Vec2(dx[3], dx[4]), acc_W, 1e-12));
}

TEST(FourDofDynamics, SteadyLeftTurnRollsTheLeftSideUp) {
  // In a steady turn p' = r' = p = 0, so eq. 13 gives phi = m_R h a_y / (K_s - m_R g h).
  const VehicleParams p = zhou_2008_suv();
  const FourDofDynamics dyn;
  VehicleInput u;
  u.steer = 0.02;
  VehicleOde ode(dyn, p, u);
  StateVector x = testing::state_from_body(0.3, {20.0, 0.0}, 0.0);
  const auto rk4 = testing::integrator_named("rk4");
  testing::run(*rk4, ode, 0.005, 1600, x);
  const StateVector dx = dyn.derivative(p, x, u);
  const double a_y = (rotation(-x[2]) * Vec2(dx[3], dx[4])).y();
  const RollParams& q = p.model.get<FourDofParameters>().roll;
  const double mh = q.sprung_mass * q.roll_arm;
  ASSERT_GT(a_y, 1.0);  // really turning left
  EXPECT_GT(x[6], 0.0);
  EXPECT_TRUE(near_relative(x[6], mh * a_y / (q.roll_stiffness - mh * 9.80665), 1e-3));
  EXPECT_NEAR(x[7], 0.0, 1e-3);  // settled (the speed still drifts down slowly)
}

TEST(FourDofDynamics, ValidateRejectsBadRollParameters) {
  const FourDofDynamics dyn;
  EXPECT_NO_THROW(dyn.validate(zhou_2008_suv()));
  const auto with_roll = [](auto change) {
    return testing::edited<FourDofParameters>(zhou_2008_suv(), [&](FourDofParameters& q) { change(q.roll); });
  };
  EXPECT_THROW(dyn.validate(with_roll([](RollParams& q) { q.roll_stiffness = -1; })), Error);
  // (m_R h)^2 / M > I_xxs
  EXPECT_THROW(dyn.validate(with_roll([](RollParams& q) { q.roll_arm = 2.0; })), Error);
}

}  // namespace
}  // namespace crashbench
