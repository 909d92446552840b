#pragma once
// The planar rigid-body equations every planar model shares, and the parameter checks they need.
#include <cmath>
#include <string>
#include <string_view>

#include "core/error.hpp"
#include "models/dynamics/vehicle_dynamics.hpp"

namespace crashbench {

/// State derivative of a planar rigid body under a net force at the CG and a net moment about it:
/// d(X, Y, heading)/dt = (vX, vY, r), m dv_W/dt = force_W, Izz dr/dt = moment. Roll entries get zero
/// derivative (planar models leave roll alone).
/// `force_W` [N], world frame; `moment` [N m], counter-clockwise positive.
inline StateVector rigid_body_derivative(const VehicleParams& p, const StateVector& x, const Vec2& force_W,
                                         double moment) {
  StateVector dx;
  const double inverse_mass = 1 / p.mass;
  dx << x[3], x[4], x[5], force_W.x() * inverse_mass, force_W.y() * inverse_mass, moment / p.yaw_inertia, 0.0, 0.0;
  return dx;
}

/// Throws Error at `field` unless `value` is finite and > 0 (or >= 0 when `allow_zero`).
inline void require_positive(double value, std::string_view field, bool allow_zero = false) {
  const bool ok = std::isfinite(value) && (allow_zero ? value >= 0 : value > 0);
  if (!ok)
    throw Error("", std::string(field),
                std::string("expected a finite value ") + (allow_zero ? ">= 0" : "> 0") + ", got " +
                    std::to_string(value));
}

/// Mass and yaw inertia must be positive.
inline void require_rigid_body(const VehicleParams& p) {
  require_positive(p.mass, "mass");
  require_positive(p.yaw_inertia, "yaw_inertia");
}

}  // namespace crashbench
