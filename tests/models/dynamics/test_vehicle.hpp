#pragma once
// A mid-size car with general (unequal, non-round) parameters, and a small stepping helper.
#include <functional>

#include "models/dynamics/bicycle.hpp"
#include "models/dynamics/four_dof_dynamics.hpp"
#include "models/dynamics/four_dof_zhou_suv.hpp"
#include "models/dynamics/vehicle_dynamics.hpp"
#include "models/dynamics/vehicle_ode.hpp"
#include "models/integrators/integrator.hpp"

namespace crashbench::testing {

inline TyreParams test_tyres() { return {1.13, 1.52, 87000.0, 98000.0, 0.82}; }

/// `p` with its own parameters read by `model` from `keys` (as in a vehicle's `params`).
inline VehicleParams read_by(const VehicleDynamics& model, VehicleParams p, const nlohmann::json& keys) {
  model.read_vehicle_parameters(JsonReader(keys, "test", ""), false, p);
  return p;
}

/// The test car as `model` reads it: the test tyres, and `more` keys (roll, resistance) for the models
/// that read them.
inline VehicleParams test_car(const VehicleDynamics& model, const nlohmann::json& more = nlohmann::json::object()) {
  VehicleParams p;
  p.mass = 1430.0;
  p.yaw_inertia = 2210.0;
  p.body = {3.71, 1.02, 1.78};
  p.cg_height = 0.54;
  nlohmann::json keys = tyre_json(test_tyres());
  keys.update(more);
  return read_by(model, p, keys);
}

/// The test car as the bicycle model's.
inline VehicleParams test_car() { return test_car(BicycleDynamics()); }

/// Zhou's SUV (four-dof's own vehicle) as `model` reads its keys: the tyres for every single-track model,
/// the roll for four-dof.
inline VehicleParams zhou_suv_for(const VehicleDynamics& model) {
  VehicleParams p = zhou_2008_suv();
  const nlohmann::json keys = FourDofDynamics().vehicle_parameters(p);
  p.model = {};
  return read_by(model, p, keys);
}

/// `p` with its `Parameters` (which it must hold) changed by `change`.
template <class Parameters, class Change>
VehicleParams edited(VehicleParams p, Change change) {
  Parameters q = p.model.get<Parameters>();
  change(q);
  p.model.emplace(q);
  return p;
}

inline std::unique_ptr<Integrator> integrator_named(std::string_view name) {
  return find_entry(integrators(), name, "integrator").make();
}
inline std::unique_ptr<VehicleDynamics> dynamics_named(std::string_view name) {
  return make_dynamics(name);
}

/// World-frame state from heading [rad], body velocity (u, v) [m/s] and yaw rate [rad/s], at (X, Y).
inline StateVector state_from_body(double heading, const Vec2& v_B, double yaw_rate, const Vec2& pos_W = {3.2, -1.4}) {
  PlanarState s;
  s.position_W = pos_W;
  s.heading = heading;
  s.velocity_W = rotation(heading) * v_B;
  s.yaw_rate = yaw_rate;
  return to_state_vector(s);
}

/// Runs `steps` steps of `dt` [s]; `each` sees the state after every step (may change the input).
inline void run(const Integrator& integrator, VehicleOde& ode, double dt, int steps, StateVector& x,
                const std::function<void(const StateVector&, VehicleOde&)>& each = {}) {
  for (int i = 0; i < steps; ++i) {
    integrator.step(ode, i * dt, dt, x);
    if (each) each(x, ode);
  }
}

}  // namespace crashbench::testing
