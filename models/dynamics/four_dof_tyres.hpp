#pragma once
// Lateral axle forces as the 4-DOF impact model integrates them (Zhou, Peng & Lu 2008, section 3):
// linear in the small-angle slip (v + a r)/u, saturating at road_mu times the static axle load.
// Body frame B (x forward, y left). The dynamics models use bicycle_axle_forces (exact slip angles);
// the impact model needs this form because its linear part enters the impact matrix (eqs. 15-16).
#include "models/dynamics/tyre_params.hpp"

namespace crashbench {

/// Lateral force of one axle, body y, and its linear dependence on the axle's lateral velocity.
struct LinearAxleForce {
  double force = 0;        ///< [N], body y
  double stiffness = 0;    ///< C/u: the force falls by this per m/s of the axle's lateral velocity
                           ///< (v + a r front, v - b r rear) while linear; 0 when saturated [N s/m]
  bool saturated = false;  ///< |C alpha| reached the adhesion limit
};

/// Front and rear axles.
struct LinearAxleForces {
  LinearAxleForce front, rear;
};

/// Axle forces of a car of mass `mass` [kg] on tyres `t` for body-frame velocity (`u` forward, `v`
/// left) [m/s], yaw rate `r` [rad/s] and front road-wheel angle `steer` [rad]: F_f = C_f (steer - (v + a r)/u), F_r = C_r (b r - v)/u, each
/// clamped to road_mu times the static axle load. |u| is floored at kSlipSpeedFloor (bicycle.hpp).
LinearAxleForces linear_axle_forces(double mass, const TyreParams& t, double u, double v, double r, double steer);

}  // namespace crashbench
