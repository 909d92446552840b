#pragma once
// Planar vector helpers over Eigen. World frame W: X east, Y north, yaw counter-clockwise positive.
// Body frame B: x forward, y left (ISO 8855).
#include <Eigen/Core>
#include <cmath>

namespace crashbench {

using Vec2 = Eigen::Vector2d;
using Vec3 = Eigen::Vector3d;
using Mat2 = Eigen::Matrix2d;

/// z component of the 3D cross product of two planar vectors.
inline double cross(const Vec2& a, const Vec2& b) { return a.x() * b.y() - a.y() * b.x(); }

/// z-hat x v: `v` turned a quarter turn counter-clockwise. omega x r = omega * perp(r).
inline Vec2 perp(const Vec2& v) { return {-v.y(), v.x()}; }

/// Unit vector at `angle` [rad] from the X axis.
inline Vec2 unit_at(double angle) { return {std::cos(angle), std::sin(angle)}; }

/// Rotation by `angle` [rad]: takes body-frame vectors to world frame when angle = heading.
inline Mat2 rotation(double angle) {
  const double c = std::cos(angle), s = std::sin(angle);
  Mat2 r;
  r << c, -s, s, c;
  return r;
}

}  // namespace crashbench
