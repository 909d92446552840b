#pragma once
// Lateral axle forces of the 4-DOF model (Zhou, Peng & Lu 2008, section 3): linear in the slip angle,
// saturating at the road adhesion times the static axle load. Body frame B (x forward, y left).
#include "core/vehicle.hpp"

namespace crashbench {

/// Lateral force of one axle, body y [N].
struct AxleForce {
  double force = 0;        ///< [N], body y
  double stiffness = 0;    ///< C/u: the force falls by this per m/s of the axle's lateral velocity
                           ///< (v + a r front, v - b r rear) while linear; 0 when saturated [N s/m]
  bool saturated = false;  ///< |C alpha| reached the adhesion limit
};

/// Front and rear axle lateral forces.
struct AxleForces {
  AxleForce front, rear;
};

/// Smallest forward speed used in slip angles, so a stopped car has finite slip [m/s].
inline constexpr double kMinSlipSpeed = 1.0;

/// Axle forces for body-frame velocity (`u` forward, `v` left) [m/s], yaw rate `r` [rad/s] and front
/// road-wheel angle `steer` [rad]: F_f = C_f (steer - (v + a r)/u), F_r = C_r (b r - v)/u, each
/// clamped to mu_R M g (other axle arm)/L, the static load. u is floored at kMinSlipSpeed.
AxleForces axle_lateral_forces(const VehicleParams& p, double u, double v, double r, double steer);

}  // namespace crashbench
