#pragma once
// A mid-size car with general (unequal, non-round) parameters, and a small stepping helper.
#include <functional>

#include "models/dynamics/vehicle_dynamics.hpp"
#include "models/dynamics/vehicle_ode.hpp"
#include "models/integrators/integrator.hpp"

namespace crashbench::testing {

inline VehicleParams test_car() {
  VehicleParams p;
  p.mass = 1430.0;
  p.yaw_inertia = 2210.0;
  p.body = {3.71, 1.02, 1.78};
  p.cg_height = 0.54;
  p.tyres.cg_to_front_axle = 1.13;
  p.tyres.cg_to_rear_axle = 1.52;
  p.tyres.cornering_stiffness_front = 87000.0;
  p.tyres.cornering_stiffness_rear = 98000.0;
  p.tyres.road_mu = 0.82;
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
