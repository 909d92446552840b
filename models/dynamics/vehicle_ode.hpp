#pragma once
// Binds a dynamics model, its parameters and the current input into an OdeSystem, so the runner can
// call `integrator.step(ode, t, dt, x)`. Lives on the stack; building and stepping allocate nothing.
#include "models/dynamics/vehicle_dynamics.hpp"

namespace crashbench {

class VehicleOde final : public OdeSystem {
 public:
  /// `dynamics` and `params` are referenced, not copied: they must outlive this object.
  VehicleOde(const VehicleDynamics& dynamics, const VehicleParams& params, const VehicleInput& input = {})
      : dynamics_(&dynamics), params_(&params), input_(input) {}

  /// The input held constant over the next step(s); set it before each step.
  void set_input(const VehicleInput& input) { input_ = input; }
  const VehicleInput& input() const { return input_; }
  const VehicleDynamics& dynamics() const { return *dynamics_; }
  const VehicleParams& params() const { return *params_; }

  /// The model's derivative at `x`; `t` [s] matters only to the input's contact springs (the rest of
  /// the input is piecewise constant).
  StateVector derivative(double t, const StateVector& x) const override {
    if (input_.springs.empty()) return dynamics_->derivative(*params_, x, input_);
    VehicleInput loaded = input_;
    for (const ContactSpring& s : input_.springs) {
      const SpringLoad load = spring_load(s, x, t);
      loaded.collision_force_W += load.force_W;
      loaded.collision_moment += load.moment;
    }
    return dynamics_->derivative(*params_, x, loaded);
  }

 private:
  const VehicleDynamics* dynamics_;
  const VehicleParams* params_;
  VehicleInput input_;
};

}  // namespace crashbench
