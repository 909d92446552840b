// The runner's fleet and control phases, each built alone from a case.
#include <gtest/gtest.h>

#include <numbers>

#include "cases/runner/control.hpp"
#include "cases/runner/fleet.hpp"
#include "cases/runner/step_threads.hpp"
#include "tests/cases/runner/phase_case.hpp"

namespace crashbench {
namespace {

using testing::wall_case;

TEST(Fleet, StartsEveryVehicleAtItsInitialStateWithItsHeldInputs) {
  Case c = wall_case({5.0, 7.0, 9.0}, 10.0);
  c.vehicles[2].drive_force = 300;
  const Fleet fleet(c);
  ASSERT_EQ(fleet.size(), 3u);
  EXPECT_EQ(fleet.x[1][0], 20.0);
  EXPECT_EQ(fleet.x[1][1], 7.0);
  EXPECT_NEAR(fleet.x[1][2], -std::numbers::pi / 2, 1e-12);
  EXPECT_NEAR(fleet.x[1][4], -10.0, 1e-12);  // heading -Y at 10 m/s
  EXPECT_EQ(fleet.input[2].drive_force, 300);
  EXPECT_EQ(fleet.poses[0].size.cg_to_front, testing::kSedanFront);
  EXPECT_EQ(fleet.params[0].mass, testing::kSedanMass);
  EXPECT_EQ(fleet.body(0, fleet.x[0]).state.velocity_W.y(), fleet.x[0][4]);
}

TEST(Control, SpeedHoldDrivesBySpeedErrorUntilItsOwnImpactCutsIt) {
  Case c = wall_case({5.0, 7.0}, 10.0);
  c.control.gain = 1000;
  c.control.cut = ControlModule::Cut::kOwnImpact;
  Fleet fleet(c);
  Control control(c);
  StepThreads threads(2);  // a vehicle a thread
  fleet.x[0][4] = fleet.x[1][4] = -8.0;  // both slowed to 8 m/s
  control.set_inputs(fleet, threads);
  EXPECT_NEAR(fleet.input[0].drive_force, 1000 * (10.0 - 8.0), 1e-9);
  Contact wall;
  wall.vehicle = 0;
  wall.other = kStaticScene;
  control.cut_after(wall, fleet);
  EXPECT_EQ(fleet.input[0].drive_force, 0.0);
  control.set_inputs(fleet, threads);
  EXPECT_EQ(fleet.input[0].drive_force, 0.0) << "cut: no more speed hold";
  EXPECT_NEAR(fleet.input[1].drive_force, 2000.0, 1e-9) << "the other vehicle's own control stays";
}

TEST(Control, TheFirstImpactCutsEveryVehicleUnderCutAfterAnyImpact) {
  Case c = wall_case({5.0, 7.0}, 10.0);
  c.control.gain = 1000;
  Fleet fleet(c);
  Control control(c);
  StepThreads threads(2);  // a vehicle a thread
  fleet.x[0][4] = fleet.x[1][4] = -8.0;
  Contact wall;
  wall.vehicle = 0;
  wall.other = kStaticScene;
  control.cut_after(wall, fleet);
  control.set_inputs(fleet, threads);
  EXPECT_EQ(fleet.input[0].drive_force, 0.0);
  EXPECT_EQ(fleet.input[1].drive_force, 0.0);
}

TEST(Control, APathHoldsTheVehicleKinematicAtItsInitialSpeed) {
  Case c = wall_case({50.0}, 10.0);
  c.control.path_curvature = 0.0;  // straight on
  Fleet fleet(c);
  Control control(c);
  ASSERT_TRUE(control.kinematic(0));
  EXPECT_FALSE(control.replayed(0));
  StateVector x = fleet.x[0];
  ASSERT_TRUE(control.move_kinematic(0, c.dt, x));
  EXPECT_NEAR(x[1], 50.0 - 10.0 * c.dt, 1e-12);
  ASSERT_TRUE(control.move_kinematic(0, 2 * c.dt, x));
  EXPECT_NEAR(x[1], 50.0 - 20.0 * c.dt, 1e-12);
  control.cut_after(Contact{}, fleet);  // vehicle 0 against the scene: the path ends
  EXPECT_FALSE(control.kinematic(0));
  EXPECT_FALSE(control.move_kinematic(0, 3 * c.dt, x));
}

}  // namespace
}  // namespace crashbench
