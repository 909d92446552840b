#pragma once
// Planar vector helpers over Eigen. World frame W: X east, Y north, yaw counter-clockwise positive.
// Body frame B: x forward, y left (ISO 8855).
#include <Eigen/Core>
#include <algorithm>
#include <utility>
#include <cmath>

#include "core/portable_trig.hpp"

namespace crashbench {

using Vec2 = Eigen::Vector2d;
using Vec3 = Eigen::Vector3d;
using Mat2 = Eigen::Matrix2d;

/// z component of the 3D cross product of two planar vectors.
inline double cross(const Vec2& a, const Vec2& b) { return a.x() * b.y() - a.y() * b.x(); }

/// z-hat x v: `v` turned a quarter turn counter-clockwise. omega x r = omega * perp(r).
inline Vec2 perp(const Vec2& v) { return {-v.y(), v.x()}; }

/// Unit vector at `angle` [rad] from the X axis: crashbench's own sine and cosine (core/portable_trig.hpp),
/// the same bits whatever the C library.
inline Vec2 unit_at(double angle) {
  const SinCos sc = sin_cos(angle);
  return {sc.cos, sc.sin};
}

/// Rotation by the angle whose sine and cosine are `angle`: takes body-frame vectors to world frame when
/// it is the heading's.
inline Mat2 rotation(const SinCos& angle) {
  Mat2 r;
  r << angle.cos, -angle.sin, angle.sin, angle.cos;
  return r;
}
/// Rotation by `angle` [rad]: rotation(sin_cos(angle)).
inline Mat2 rotation(double angle) { return rotation(sin_cos(angle)); }
/// rotation(-angle) from the sine and cosine of `angle`, bit for bit: sin_cos is odd in the sine and even in
/// the cosine to the bit (tests/core/portable_trig_test.cpp), so one sine and cosine of a heading serve
/// both ways.
inline Mat2 inverse_rotation(const SinCos& angle) { return rotation(SinCos{-angle.sin, angle.cos}); }

/// Squared distance from the origin to the segment a-b [m^2] (a point when a = b).
inline double squared_distance_from_origin(const Vec2& a, const Vec2& b) {
  const Vec2 d = b - a;
  const double length2 = d.squaredNorm();
  const double t = length2 > 0 ? std::clamp(-a.dot(d) / length2, 0.0, 1.0) : 0.0;
  return (a + t * d).squaredNorm();
}

/// Distance from p to the segment a-b [m] (to a when a = b), in the plane (Vec2) or in space (Vec3).
template <class V>
double distance_to_segment(const V& p, const V& a, const V& b) {
  const V ab = b - a;
  const double length2 = ab.squaredNorm();
  const double t = length2 > 0 ? std::clamp((p - a).dot(ab) / length2, 0.0, 1.0) : 0.0;
  return (p - (a + t * ab)).norm();
}

/// Liang-Barsky on one axis: narrows [t0, t1] to where p + t d lies in [lo, hi]; false if that is empty.
inline bool clip_to_slab(double p, double d, double lo, double hi, double& t0, double& t1) {
  if (d == 0) return p >= lo && p <= hi;
  double ta = (lo - p) / d, tb = (hi - p) / d;
  if (ta > tb) std::swap(ta, tb);
  t0 = std::max(t0, ta);
  t1 = std::min(t1, tb);
  return t0 <= t1;
}

}  // namespace crashbench
