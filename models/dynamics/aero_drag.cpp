#include "models/dynamics/aero_drag.hpp"

#include <cmath>

namespace crashbench {

double effective_area(const AeroParams& p, double heading, const Vec2& velocity_W) {
  return effective_area(p, sin_cos(heading), velocity_W);
}

double effective_area(const AeroParams& p, const SinCos& heading, const Vec2& velocity_W) {
  const double speed = velocity_W.norm();
  if (!(speed > 0)) return p.frontal_area;
  // |cos beta| and |sin beta| from the velocity's components along and across the heading.
  const Vec2 along{heading.cos, heading.sin};
  const double c = std::abs(along.dot(velocity_W)) / speed, s = std::abs(cross(along, velocity_W)) / speed;
  return p.frontal_area * c + p.side_area * s;
}

Vec2 aero_drag_W(const AeroParams& p, double heading, const Vec2& velocity_W) {
  return aero_drag_W(p, sin_cos(heading), velocity_W);
}

Vec2 aero_drag_W(const AeroParams& p, const SinCos& heading, const Vec2& velocity_W) {
  const double speed = velocity_W.norm();
  if (!(speed > 0)) return Vec2::Zero();
  return -0.5 * p.air_density * p.drag_coefficient * effective_area(p, heading, velocity_W) * speed * velocity_W;
}

}  // namespace crashbench
