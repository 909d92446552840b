#include "cases/runner/integration.hpp"

#include <algorithm>
#include <array>

#include "core/json_reader.hpp"
#include "core/units.hpp"
#include "models/dynamics/vehicle_ode.hpp"

namespace crashbench {

Integration::Integration(const Case& c)
    : integrator_(find_entry(integrators(), c.integrator, "integrator").make()),
      dynamics_(make_dynamics(JsonReader(c.dynamics_params, c.source_file, "/dynamics"))) {
  for (const VehicleSetup& v : c.vehicles) dynamics_->validate(v.params);
}

void Integration::step(Fleet& fleet, Control& control, const ContinuingContacts& springs, StepThreads& threads,
                       double t0, double dt) const {
  threads.for_ranges(fleet.size(), [&](int, std::size_t begin, std::size_t end) {
    VehicleOdeBatch batch(*dynamics_);
    std::array<std::size_t, kOdeBatchSize> members;
    std::array<StateVector, kOdeBatchSize> x;
    // The batch's states are copied in and out: a kinematic vehicle may sit between its members.
    const auto step_batch = [&] {
      for (int i = 0; i < batch.size(); ++i) x[i] = fleet.x[members[i]];
      integrator_->step_batch(batch, t0, dt, x.data());
      for (int i = 0; i < batch.size(); ++i) fleet.x[members[i]] = x[i];
      batch.clear();
    };
    for (std::size_t v = begin; v < end; ++v) {
      fleet.input[v].springs = springs.springs(static_cast<int>(v));
      fleet.x_before[v] = fleet.x[v];
      fleet.applied_input[v] = fleet.input[v];
      if (control.move_kinematic(v, t0 + dt, fleet.x[v])) continue;
      members[batch.size()] = v;
      batch.add(fleet.params[v], fleet.input[v]);
      if (batch.full()) step_batch();
    }
    if (batch.size() > 0) step_batch();
  });
}

void Integration::integrate(const Fleet& fleet, std::size_t v, const VehicleInput& input, StateVector& x, double t0,
                            double h) const {
  integrator_->step(VehicleOde(*dynamics_, fleet.params[v], input), t0, h, x);
}

Eigen::Vector3d Integration::collision_dv(const Fleet& fleet, std::size_t v, double t0, double dt,
                                          Eigen::Vector3d& held) const {
  const VehicleInput& used = fleet.applied_input[v];
  VehicleInput without = used;
  without.collision_force_W.setZero();
  without.collision_moment = 0;
  without.springs = {};
  StateVector shadow = fleet.x_before[v];
  integrator_->step(VehicleOde(*dynamics_, fleet.params[v], without), t0, dt, shadow);
  const VehicleParams& p = fleet.params[v];
  held = {used.collision_force_W.x() * dt / p.mass, used.collision_force_W.y() * dt / p.mass,
          used.collision_moment * dt / p.yaw_inertia};
  return velocities(fleet.x[v]) - velocities(shadow);
}

/// Within one step the ground forces change a body's velocity and yaw rate by at most the dynamics
/// model's bound with and without the collision force alike, so the two steps differ by at most twice it.
std::vector<Eigen::Vector2d> Integration::tyre_allowance(const Fleet& fleet, double dt) const {
  std::vector<Eigen::Vector2d> out(fleet.size(), Eigen::Vector2d::Zero());
  for (std::size_t v = 0; v < fleet.size(); ++v) {
    const GroundForceBound bound = dynamics_->ground_force_bound(fleet.params[v], dt);
    out[v] = {2.0 * bound.velocity, 2.0 * bound.yaw_rate};
  }
  return out;
}

}  // namespace crashbench
