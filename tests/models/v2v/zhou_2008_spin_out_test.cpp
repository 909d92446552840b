// After the Table 2 impact the target "spins out and skids sideways ... eventually with a lateral
// acceleration of approximately 0.7 g" (Zhou, Peng & Lu 2008, section 5): the 4-DOF impact result
// handed to the 4-DOF dynamics (roll in StateVector entries 6-7) and integrated for 1.5 s.
#include <gtest/gtest.h>

#include <cmath>

#include "models/dynamics/four_dof_dynamics.hpp"
#include "models/dynamics/vehicle_ode.hpp"
#include "models/response/four_dof_impact.hpp"
#include "tests/models/dynamics/test_vehicle.hpp"
#include "testkit/zhou_2008_case.hpp"

namespace crashbench {
namespace {

TEST(Zhou2008SpinOut, SkidsAtTheRoadAdhesionLimit) {
  const auto z = testing::zhou_2008_case();
  const FourDofBody t{&z.suv, z.target.state, {}, 0.0}, b{&z.suv, z.bullet.state, {}, 0.0};
  const FourDofImpactResult r = four_dof_impact(t, &b, z.contact, {});
  ASSERT_EQ(r.status, ResolutionStatus::kOk);
  StateVector x = to_state_vector(to_planar(z.target.state, r.a));
  x[6] = r.a.roll.roll, x[7] = r.a.roll.roll_rate;
  const FourDofDynamics dyn;
  VehicleOde ode(dyn, z.suv);
  const auto rk4 = testing::integrator_named("rk4");
  testing::run(*rk4, ode, 0.002, 750, x);
  // Still sliding after 1.5 s: both axles saturated, so the horizontal acceleration of the vehicle
  // reference point is mu_R g (the axle limits add up to mu_R M g) up to the roll coupling.
  const StateVector dx = dyn.derivative(z.suv, x, {});
  const double accel = std::hypot(dx[3], dx[4]);
  EXPECT_NEAR(accel / 9.80665, 0.70, 0.03);
  EXPECT_LT(x[5], 0.0);                    // still yawing clockwise
  EXPECT_GT(std::hypot(x[3], x[4]), 15.0);  // sliding, not stopped
  EXPECT_LT(std::abs(x[6]), 0.2);           // the roll stays bounded
}

}  // namespace
}  // namespace crashbench
