#include <algorithm>
#include <memory>

#include "core/registry_json.hpp"
#include "core/units.hpp"
#include "models/dynamics/bicycle.hpp"
#include "models/dynamics/dugoff_dynamics.hpp"
#include "models/dynamics/four_dof_dynamics.hpp"
#include "models/dynamics/free_body.hpp"
#include "models/dynamics/vehicle_dynamics.hpp"

namespace crashbench {

StateVector to_state_vector(const PlanarState& s) {
  StateVector x = StateVector::Zero();
  x << s.position_W.x(), s.position_W.y(), s.heading, s.velocity_W.x(), s.velocity_W.y(), s.yaw_rate, 0.0, 0.0;
  return x;
}

PlanarState to_planar_state(const StateVector& x) {
  PlanarState s;
  s.position_W = {x[0], x[1]};
  s.heading = x[2];
  s.velocity_W = {x[3], x[4]};
  s.yaw_rate = x[5];
  return s;
}

GroundForceBound tyre_friction_bound(const VehicleParams& p, const TyreParams& tyres, double dt) {
  const double velocity = tyres.road_mu * kGravity * dt;
  return {velocity, velocity * p.mass * std::max(tyres.cg_to_front_axle, tyres.cg_to_rear_axle) / p.yaw_inertia};
}

void VehicleDynamics::derivatives(const VehicleBatch& batch, const BatchScratch& scratch, const StateVector* x,
                                  StateVector* dx) const {
  (void)scratch;
  for (int i = 0; i < batch.size; ++i) dx[i] = derivative(*batch.params[i], x[i], *batch.input[i]);
}

GroundForceBound VehicleDynamics::ground_force_bound(const VehicleParams& p, double dt) const {
  (void)dt;
  PlanarState sliding;
  sliding.velocity_W = {10.0, 10.0};  // 45 degrees of sideslip at heading 0
  const StateVector dx = derivative(p, to_state_vector(sliding), VehicleInput{});
  if (dx.segment<2>(3).norm() > 0)
    throw Error("", "dynamics", "dynamics model '" + std::string(name()) +
                                    "' has ground forces but does not state their bound (ground_force_bound, "
                                    "docs/plugins.md): the force-mode audit cannot tell them from the collision's");
  return {};
}

Registry<RegistryEntry<DynamicsFactory>>& dynamics_registry() {
  static const RegistryEntry<DynamicsFactory> kEntries[] = {
      {"free-body", "planar rigid body, no tyres: only the collision force and moment act", make_free_body},
      {"bicycle", "planar 3-DOF single-track, linear tyres saturated at road_mu Fz, drive at the rear axle",
       make_bicycle},
      {"four-dof", "Zhou-Peng-Lu 4-DOF: bicycle tyres plus sprung-mass roll on a roll axis (StateVector 6-7)",
       make_four_dof},
      {"dugoff", "Tongue-Moon planar car: Dugoff tyres (mu falling with speed), rolling resistance, aero drag",
       make_dugoff},
  };
  static Registry<RegistryEntry<DynamicsFactory>> registry =
      registry_with<RegistryEntry<DynamicsFactory>>("dynamics model", kEntries);
  return registry;
}

std::span<const RegistryEntry<DynamicsFactory>> dynamics_models() { return dynamics_registry().entries(); }

std::unique_ptr<VehicleDynamics> make_dynamics(const JsonReader& dynamics) {
  return make_registered(dynamics, dynamics_models(), "dynamics model", "model");
}

std::unique_ptr<VehicleDynamics> make_dynamics(std::string_view name) {
  return make_registered(name, dynamics_models(), "dynamics model", "model", "/dynamics");
}

}  // namespace crashbench
