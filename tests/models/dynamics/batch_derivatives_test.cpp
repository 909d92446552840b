// Every dynamics model x integrator: vehicles stepped together (VehicleOdeBatch, Integrator::step_batch,
// the runner's path) get the bits each gets stepped alone (VehicleOde, Integrator::step), whatever their
// neighbours in the batch; among them states that take the rarer paths of a vectorised model (heading
// zero or beyond the portable sine's range, a tyre sliding beyond 45 deg, a car reversing), and batches
// with and without an input with a contact spring (which steps its batch one by one). Batches of every
// size take a vectorised model's eight-, four-, two- and one-lane paths, as wide as the CPU goes;
// tests/CMakeLists.txt runs this file again with CRASHBENCH_VECTOR_WIDTH=2 and 4, for the narrower paths
// on a wider machine.
#include <gtest/gtest.h>

#include <array>
#include <string>
#include <vector>

#include "tests/models/dynamics/test_vehicle.hpp"

namespace crashbench {
namespace {

struct Vehicle {
  StateVector x;
  VehicleInput input;
};

/// Nine vehicles, each unlike the others; the one with index 4 leans on a contact spring.
std::vector<Vehicle> fleet(const ContactSpring& spring) {
  const double headings[] = {0.0, 0.4, -2.9, 3e6, 1.2, -0.05, 2.2, 0.0, 5.5};
  const Vec2 body_velocities[] = {{19.0, 0.7}, {25.0, -1.1}, {3.0, 4.5},  {12.0, 0.2}, {-6.0, 0.9},
                                  {0.4, -2.5}, {30.0, 0.0},  {0.0, 0.0}, {8.0, -9.0}};
  std::vector<Vehicle> v;
  for (int i = 0; i < 9; ++i) {
    Vehicle car{testing::state_from_body(headings[i], body_velocities[i], 0.3 - 0.07 * i, {1.5 * i, -0.8 * i}), {}};
    car.input.steer = 0.02 * (i % 4) - 0.03;
    car.input.drive_force = 150.0 * (i % 3);
    car.input.collision_force_W = {i == 2 ? -2200.0 : 0.0, i == 6 ? 900.0 : 0.0};
    car.input.collision_moment = i == 2 ? 340.0 : 0.0;
    if (i == 4) car.input.springs = {&spring, 1};
    v.push_back(car);
  }
  return v;
}

/// The last `n` of `cars` stepped four times as one batch and each alone: the same bits.
void expect_batch_steps_as_alone(const VehicleDynamics& dynamics, const VehicleParams& p, const Integrator& integrator,
                                 const std::vector<Vehicle>& cars, std::size_t n, const std::string& what) {
  // A window ending at the last car: each size puts other cars side by side in the lanes.
  const auto car = [&](std::size_t i) -> const Vehicle& { return cars[cars.size() - n + i]; };
  std::array<StateVector, kOdeBatchSize> alone, together;
  VehicleOdeBatch batch(dynamics);
  for (std::size_t i = 0; i < n; ++i) {
    alone[i] = together[i] = car(i).x;
    batch.add(p, car(i).input);
  }
  for (int step = 0; step < 4; ++step) {
    const double t = 0.1 + 0.005 * step;
    for (std::size_t i = 0; i < n; ++i) integrator.step(VehicleOde(dynamics, p, car(i).input), t, 0.005, alone[i]);
    integrator.step_batch(batch, t, 0.005, together.data());
  }
  for (std::size_t i = 0; i < n; ++i) {
    const std::string where = what + ", vehicle " + std::to_string(i) + " of " + std::to_string(n);
    EXPECT_EQ(together[i], alone[i]) << where;
    EXPECT_TRUE(alone[i].allFinite()) << where;
    EXPECT_NE(alone[i], car(i).x) << where << ": it moved";
  }
}

TEST(BatchDerivatives, EveryVehicleOfABatchGetsTheBitsOfItsOwnStep) {
  ContactSpring spring;
  spring.arm_B = {1.9, 0.6};
  spring.surface_W = {7.4, -2.6};
  spring.normal_W = {-0.6, 0.8};
  spring.stiffness = 4e5;
  spring.damping = 2e3;
  spring.t0 = 0.1;
  std::vector<Vehicle> without_spring = fleet(spring);
  without_spring[4].input.springs = {};
  for (const auto& model : dynamics_models()) {
    const auto dynamics = make_dynamics(model.name);
    const VehicleParams p = testing::zhou_suv_for(*dynamics);
    for (const auto& method : integrators()) {
      const auto integrator = method.make();
      const std::string what = std::string(model.name) + " x " + std::string(method.name);
      for (std::size_t n = 1; n <= kOdeBatchSize; ++n) {
        expect_batch_steps_as_alone(*dynamics, p, *integrator, fleet(spring), n, what + " (a spring in batches of 5+)");
        expect_batch_steps_as_alone(*dynamics, p, *integrator, without_spring, n, what);
      }
    }
  }
}

}  // namespace
}  // namespace crashbench
