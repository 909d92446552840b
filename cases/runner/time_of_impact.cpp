#include "cases/runner/time_of_impact.hpp"

namespace crashbench {

StateVector state_at(const StateVector& before, const StateVector& after, double f, bool pose_only) {
  if (f >= 1) return after;
  StateVector x = before + f * (after - before);
  if (pose_only) x.tail(x.size() - 3) = after.tail(after.size() - 3);
  return x;
}

bool approaching(const Body& a, const Body* b, const Contact& c) {
  const auto point_velocity = [&](const Body& body) -> Vec2 {
    return body.state.velocity_W + body.state.yaw_rate * perp(c.point_W - body.state.position_W);
  };
  Vec2 relative = point_velocity(a);
  if (b) relative -= point_velocity(*b);
  return relative.dot(c.normal_W) < -kClosingSpeed;
}

}  // namespace crashbench
