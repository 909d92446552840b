#include "models/response/contact_mechanics.hpp"

#include <algorithm>
#include <cmath>

namespace crashbench {

Mat2 inverse_effective_mass(const Body& body, const Vec2& rho_W) {
  // A point's velocity changes by J/m + dr perp(rho) with dr = (rho x J)/Izz = perp(rho).J / Izz.
  const Vec2 p = perp(rho_W);
  return Mat2::Identity() / body.mass + (p * p.transpose()) / body.yaw_inertia;
}

Mat2 inverse_effective_mass(const Body& a, const Body* b, const Vec2& point_W) {
  Mat2 k = inverse_effective_mass(a, point_W - a.state.position_W);
  if (b != nullptr) k += inverse_effective_mass(*b, point_W - b->state.position_W);
  return k;
}

Vec2 relative_point_velocity(const Body& a, const Body* b, const Vec2& point_W) {
  Vec2 v = a.state.point_velocity_W(point_W - a.state.position_W);
  if (b != nullptr) v -= b->state.point_velocity_W(point_W - b->state.position_W);
  return v;
}

Vec2 tangent_opposing_sliding(const Vec2& velocity_W, const Vec2& normal_W) {
  const Vec2 sliding = velocity_W - normal_W.dot(velocity_W) * normal_W;
  const double speed = sliding.norm();
  if (!(speed > 1e-12 * velocity_W.norm())) return Vec2::Zero();
  return -sliding / speed;
}

double angle_of_attack(double heading, const Vec2& normal_W) {
  // asin(|x.n|) written as atan2(|x.n|, |x x n|): the same angle, accurate near head-on too.
  const Vec2 x = unit_at(heading);
  return std::atan2(std::abs(x.dot(normal_W)), std::abs(cross(x, normal_W)));
}

ContactKinematics contact_kinematics(const Body& a, const Body* b, const Contact& c) {
  ContactKinematics k;
  k.normal_W = c.normal_W;
  k.K_W = inverse_effective_mass(a, b, c.point_W);
  k.v_rel_W = relative_point_velocity(a, b, c.point_W);
  k.v_normal = c.normal_W.dot(k.v_rel_W);
  return k;
}

namespace {
bool valid_body(const Body& body) {
  return body.mass > 0 && body.yaw_inertia > 0 && std::isfinite(body.mass) && std::isfinite(body.yaw_inertia);
}
}  // namespace

bool has_valid_inertia(const Body& a, const Body* b) { return valid_body(a) && (b == nullptr || valid_body(*b)); }

bool solve_2x2(const Mat2& K, const Vec2& rhs, Vec2& x) {
  const double det = K(0, 0) * K(1, 1) - K(0, 1) * K(1, 0);
  const double scale = K.cwiseAbs().maxCoeff();
  if (!std::isfinite(det) || !(std::abs(det) > 1e-14 * scale * scale)) return false;
  // Cramer's rule: exact for 2x2 and allocation-free.
  x = Vec2(K(1, 1) * rhs.x() - K(0, 1) * rhs.y(), K(0, 0) * rhs.y() - K(1, 0) * rhs.x()) / det;
  return true;
}

}  // namespace crashbench
