#include "models/dynamics/contact_spring.hpp"

#include <algorithm>

namespace crashbench {

SpringLoad spring_load(const ContactSpring& s, const StateVector& x, double t) {
  const Vec2 position_W(x[0], x[1]), velocity_W(x[3], x[4]);
  const Vec2 arm_W = rotation(x[2]) * s.arm_B;
  const Vec2 point_W = position_W + arm_W;
  const Vec2 point_velocity_W = velocity_W + x[5] * perp(arm_W);
  const Vec2 surface_W = s.surface_W + (t - s.t0) * s.surface_velocity_W;
  SpringLoad load;
  load.depth = s.normal_W.dot(surface_W - point_W);
  if (!(load.depth > 0)) return load;
  const double depth_rate = s.normal_W.dot(s.surface_velocity_W - point_velocity_W);
  // A penalty force pushes only: a fast-separating damper would otherwise pull the bodies together.
  const double normal = std::max(0.0, s.stiffness * load.depth + s.damping * depth_rate);
  load.force_W = normal * (s.normal_W + s.friction_ratio * s.friction_W);
  load.moment = cross(arm_W, load.force_W);
  return load;
}

}  // namespace crashbench
