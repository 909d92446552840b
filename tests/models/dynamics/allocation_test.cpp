// Every integrator x dynamics pair steps through VehicleOde without allocating.
#include <gtest/gtest.h>

#include <vector>

#include "models/dynamics/four_dof_zhou_suv.hpp"
#include "tests/models/dynamics/test_vehicle.hpp"
#include "testkit/counting_allocator.hpp"

namespace crashbench {
namespace {

TEST(DynamicsAllocation, CountingAllocatorSeesAnAllocation) {
  testing::AllocationScope scope;
  std::vector<double> v(16);
  EXPECT_GE(scope.allocations(), 1);
}

TEST(DynamicsAllocation, StepsAllocateNothing) {
  // The SUV has roll, so four-dof runs its roll solve too; the others do not read the roll parameters.
  ASSERT_GT(zhou_2008_suv().model.get<FourDofParameters>().roll.sprung_mass, 0.0);
  for (const auto& dyn : dynamics_models()) {
    const auto dynamics = make_dynamics(dyn.name);
    const VehicleParams p = testing::zhou_suv_for(*dynamics);
    for (const auto& method : integrators()) {
      const auto integrator = method.make();
      VehicleOde ode(*dynamics, p);
      StateVector x = testing::state_from_body(0.5, {19.0, 0.7}, 0.2);
      VehicleInput in;
      in.collision_force_W = {-2000.0, 1500.0};
      testing::AllocationScope scope;
      for (int i = 0; i < 500; ++i) {
        in.steer = 0.001 * (i % 40);
        in.drive_force = 10.0 * (i % 7);
        ode.set_input(in);
        integrator->step(ode, i * 0.005, 0.005, x);
      }
      EXPECT_EQ(scope.allocations(), 0) << dyn.name << " x " << method.name;
      EXPECT_TRUE(x.allFinite());
    }
  }
}

TEST(DynamicsRegistry, EveryEntryMakesTheModelItNames) {
  ASSERT_FALSE(dynamics_models().empty());
  for (const auto& entry : dynamics_models()) {
    EXPECT_FALSE(entry.summary.empty()) << entry.name;
    EXPECT_EQ(make_dynamics(entry.name)->name(), entry.name);
  }
  EXPECT_THROW(find_entry(dynamics_models(), "unicycle", "dynamics"), Error);
}

}  // namespace
}  // namespace crashbench
