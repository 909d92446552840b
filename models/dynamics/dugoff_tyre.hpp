#pragma once
// Dugoff's tyre model (Dugoff, Fancher & Segel 1969) reduced to the plane as Tongue & Moon (1995,
// section 2.1.3) use it: combined longitudinal (braking) slip and slip angle, no camber, friction
// falling with speed mu = mu_nom (1 - A_s |V|) (their eq. 2). Tyre frame: x along the wheel, y left.
//
//   lambda = mu F_z (1 - s) / (2 sqrt((C_s s)^2 + (C_a tan a)^2))
//   f(lambda) = lambda (2 - lambda) if lambda < 1, else 1
//   F_x = -C_s s / (1 - s) f(lambda),   F_y = -C_a tan a / (1 - s) f(lambda)
//
// The forces oppose the slip. For lambda < 1 they are evaluated as mu F_z (2 - lambda) / (2 D) times
// (C_s s, C_a tan a), D the square root above, which stays finite for a locked wheel (s = 1).
// |F| <= mu F_z always (<= mu F_z / 2 while lambda >= 1).

namespace crashbench {

/// One tyre's Dugoff parameters.
struct DugoffParams {
  double cornering_stiffness = 0;     ///< C_a [N/rad]
  double longitudinal_stiffness = 0;  ///< C_s [N] (per unit slip)
  double nominal_mu = 0;              ///< mu_nom [-]
  double speed_reduction = 0;         ///< A_s [s/m]; Tongue & Moon give 0.00335 without a unit
};

/// Tyre-frame force [N].
struct DugoffForce {
  double longitudinal = 0;  ///< along the wheel, x [N]
  double lateral = 0;       ///< y, left [N]
};

/// Road friction at ground speed `speed` [m/s]: mu_nom (1 - A_s |speed|), never below 0 [-].
double dugoff_friction(const DugoffParams& p, double speed);

/// Forces for normal load `normal_load` [N] >= 0, slip angle `slip_angle` [rad] (positive when the
/// contact patch slides to the wheel's left; |a| < pi/2), braking slip `slip` in [0, 1] [-] and
/// ground speed `speed` [m/s]. Zero slip gives zero force, never NaN.
DugoffForce dugoff_tyre(const DugoffParams& p, double normal_load, double slip_angle, double slip, double speed);

}  // namespace crashbench
