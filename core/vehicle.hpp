#pragma once
// The vehicle parameters and the planar rigid-body state every model shares.
#include "core/math.hpp"
#include "core/model_parameters.hpp"

namespace crashbench {

/// The bounding rectangle Knight uses for detection, in the body frame (x forward, y left).
struct RectangleSize {
  double cg_to_front = 0;  ///< CG to front bumper [m]
  double cg_to_rear = 0;   ///< CG to rear bumper [m]
  double width = 0;        ///< body width [m]
};

/// Knight's six parameters (mass, yaw inertia, rectangle, CG height), which every model shares, and the
/// parameters the vehicle's dynamics model owns (its tyres, roll, resistance: its own struct).
struct VehicleParams {
  double mass = 0;         ///< [kg]
  double yaw_inertia = 0;  ///< about the CG [kg m^2]
  RectangleSize body;      ///< bounding rectangle at CG height
  double cg_height = 0;    ///< [m]
  ModelParameters model;   ///< read, validated and echoed by the dynamics model (VehicleDynamics)
};

/// Planar rigid-body state of the CG, world frame. The two vectors first: Vec2 is 16-byte aligned, and a
/// double between them would leave 16 bytes of padding (64 bytes instead of 48; every stored event holds four).
struct PlanarState {
  Vec2 position_W = Vec2::Zero();  ///< CG position [m]
  Vec2 velocity_W = Vec2::Zero();  ///< CG velocity [m/s]
  double heading = 0;              ///< yaw angle from X, counter-clockwise [rad]
  double yaw_rate = 0;             ///< [rad/s]

  /// Velocity of the material point at arm `rho_W` from the CG: v + r x rho [m/s].
  Vec2 point_velocity_W(const Vec2& rho_W) const { return velocity_W + yaw_rate * perp(rho_W); }
  /// CG velocity in the body frame (u forward, v left) [m/s].
  Vec2 velocity_B() const { return velocity_B(sin_cos(heading)); }
  /// The same from the heading's sine and cosine, where a caller has them already.
  Vec2 velocity_B(const SinCos& heading_sc) const { return inverse_rotation(heading_sc) * velocity_W; }
};

/// A rigid body as the response models see it: inertia and state.
struct Body {
  double mass = 0;         ///< [kg]
  double yaw_inertia = 0;  ///< [kg m^2]
  PlanarState state;

  /// Planar kinetic energy 1/2 m v.v + 1/2 Izz r^2 [J].
  double kinetic_energy() const {
    return 0.5 * mass * state.velocity_W.squaredNorm() + 0.5 * yaw_inertia * state.yaw_rate * state.yaw_rate;
  }

  /// Instant velocity change from impulse `J_W` [N s] acting at `point_W` [m]:
  /// m dV = J, Izz dr = rho x J with rho from the CG to the point.
  void apply_impulse(const Vec2& J_W, const Vec2& point_W) {
    state.velocity_W += J_W / mass;
    state.yaw_rate += cross(point_W - state.position_W, J_W) / yaw_inertia;
  }
};

}  // namespace crashbench
