#pragma once
// Binds a dynamics model, its parameters and the current input into an OdeSystem, so the runner can
// call `integrator.step(ode, t, dt, x)`, or several vehicles into an OdeBatch for step_batch. Live on
// the stack; building and stepping allocate nothing.
#include "models/dynamics/vehicle_dynamics.hpp"

namespace crashbench {

/// The derivative of a vehicle of parameters `p` with input `u` at `x`: the model's, with the loads of
/// the input's contact springs at (`t` [s], `x`) added to its collision force and moment.
inline StateVector vehicle_derivative(const VehicleDynamics& dynamics, const VehicleParams& p, const VehicleInput& u,
                                      double t, const StateVector& x) {
  if (u.springs.empty()) return dynamics.derivative(p, x, u);
  VehicleInput loaded = u;
  for (const ContactSpring& s : u.springs) {
    const SpringLoad load = spring_load(s, x, t);
    loaded.collision_force_W += load.force_W;
    loaded.collision_moment += load.moment;
  }
  return dynamics.derivative(p, x, loaded);
}

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
    return vehicle_derivative(*dynamics_, *params_, input_, t, x);
  }

 private:
  const VehicleDynamics* dynamics_;
  const VehicleParams* params_;
  VehicleInput input_;
};

/// Up to kOdeBatchSize vehicles of one dynamics model as an OdeBatch: each one's parameters and input
/// referenced (they must outlive the batch), in the order add() was called.
class VehicleOdeBatch final : public OdeBatch {
 public:
  explicit VehicleOdeBatch(const VehicleDynamics& dynamics) : dynamics_(&dynamics) {}

  bool full() const { return batch_.size == kOdeBatchSize; }
  void clear() {
    batch_.size = 0;
    springs_ = false;
    prepared_ = false;
  }
  /// Adds a vehicle; the batch must not be full.
  void add(const VehicleParams& p, const VehicleInput& u) {
    batch_.params[batch_.size] = &p;
    batch_.input[batch_.size++] = &u;
    springs_ = springs_ || !u.springs.empty();
    prepared_ = false;
  }

  int size() const override { return batch_.size; }
  /// The model's batch when no input has springs (their loads depend on each stage's t and x), prepared
  /// at the first stage.
  void derivatives(double t, const StateVector* x, StateVector* dx) const override {
    if (!springs_) {
      if (!prepared_) dynamics_->prepare(batch_, scratch_);
      prepared_ = true;
      return dynamics_->derivatives(batch_, scratch_, x, dx);
    }
    for (int i = 0; i < batch_.size; ++i) dx[i] = derivative(i, t, x[i]);
  }
  StateVector derivative(int i, double t, const StateVector& x) const override {
    return vehicle_derivative(*dynamics_, *batch_.params[i], *batch_.input[i], t, x);
  }
  /// The model's whole RK4 step when no input has springs (t matters to them alone) and it has one.
  bool rk4_step(double t, double dt, StateVector* x) const override {
    (void)t;
    if (springs_) return false;
    if (!prepared_) dynamics_->prepare(batch_, scratch_);
    prepared_ = true;
    return dynamics_->rk4_step(batch_, scratch_, dt, x);
  }

 private:
  const VehicleDynamics* dynamics_;
  VehicleBatch batch_;
  bool springs_ = false;
  // What the model prepared for the batch as it stands (cleared by add and clear).
  mutable BatchScratch scratch_;
  mutable bool prepared_ = false;
};

}  // namespace crashbench
