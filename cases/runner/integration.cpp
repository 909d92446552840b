#include "cases/runner/integration.hpp"

#include <algorithm>
#include <limits>

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
    constexpr std::size_t kNone = std::numeric_limits<std::size_t>::max();
    std::size_t waiting = kNone;  // an integrated vehicle waiting for a partner
    for (std::size_t v = begin; v < end; ++v) {
      fleet.input[v].springs = springs.springs(static_cast<int>(v));
      fleet.x_before[v] = fleet.x[v];
      fleet.applied_input[v] = fleet.input[v];
      if (control.move_kinematic(v, t0 + dt, fleet.x[v])) continue;
      if (waiting == kNone) {
        waiting = v;
        continue;
      }
      integrator_->step_pair(VehicleOde(*dynamics_, fleet.params[waiting], fleet.input[waiting]), fleet.x[waiting],
                             VehicleOde(*dynamics_, fleet.params[v], fleet.input[v]), fleet.x[v], t0, dt);
      waiting = kNone;
    }
    if (waiting != kNone) integrate(fleet, waiting, fleet.input[waiting], fleet.x[waiting], t0, dt);
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
