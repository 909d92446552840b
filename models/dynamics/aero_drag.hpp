#pragma once
// Aerodynamic drag with an effective area (Tongue & Moon 1995, section 2.1.2, eq. 1): the frontal
// area is replaced by the car's area seen along the velocity, and the speed by |V|:
//   F = -1/2 rho C_d A_eff |V| V,   A_eff = A_f |cos beta| + A_s |sin beta|,
// beta the angle between the heading and the velocity (the projection of a box's front and side
// faces onto the plane normal to V). World frame W. The force acts at the CG (no moment).
#include "core/math.hpp"
#include "models/dynamics/resistance_params.hpp"

namespace crashbench {

/// Effective area for a car heading `heading` [rad] moving with `velocity_W` [m/s]; A_f at rest [m^2].
double effective_area(const AeroParams& p, double heading, const Vec2& velocity_W);
/// The same from the heading's sine and cosine.
double effective_area(const AeroParams& p, const SinCos& heading, const Vec2& velocity_W);

/// Drag force on the car, opposite to `velocity_W` [N], world frame. Zero at rest.
Vec2 aero_drag_W(const AeroParams& p, double heading, const Vec2& velocity_W);
/// The same from the heading's sine and cosine.
Vec2 aero_drag_W(const AeroParams& p, const SinCos& heading, const Vec2& velocity_W);

}  // namespace crashbench
