#pragma once
// Whether the footprint of a wall (a triangle's three vertices in the plane, or a segment given as a, b, b)
// meets a rectangle: separating axes, the rectangle's two and the footprint's edge normals. Exact up to
// rounding; callers that must stay conservative grow the rectangle a little.
#include <algorithm>
#include <array>
#include <cmath>

#include "core/math.hpp"
#include "detectors/geometry/geometry.hpp"

namespace crashbench {

/// Whether the polygon `v` (three points, world frame; a segment repeats an end) meets `r`.
inline bool footprint_meets(const std::array<Vec2, 3>& v_W, const OrientedRectangle& r) {
  std::array<Vec2, 3> v;
  for (int k = 0; k < 3; ++k) {
    const Vec2 d = v_W[k] - r.centre_W;
    v[k] = {r.axis_W.dot(d), cross(r.axis_W, d)};
  }
  for (int k = 0; k < 2; ++k) {
    const double half = k == 0 ? r.half_x : r.half_y;
    if (std::max({v[0][k], v[1][k], v[2][k]}) < -half || std::min({v[0][k], v[1][k], v[2][k]}) > half) return false;
  }
  for (int e = 0; e < 3; ++e) {
    const Vec2 n = perp(v[(e + 1) % 3] - v[e]);
    if (n.squaredNorm() == 0) continue;
    const double radius = std::abs(n.x()) * r.half_x + std::abs(n.y()) * r.half_y;
    const double p0 = n.dot(v[0]), p1 = n.dot(v[1]), p2 = n.dot(v[2]);
    if (std::max({p0, p1, p2}) < -radius || std::min({p0, p1, p2}) > radius) return false;
  }
  return true;
}

/// A triangle's footprint: its vertices in the plane.
inline std::array<Vec2, 3> footprint(const Triangle& t) { return {t.a_W.head<2>(), t.b_W.head<2>(), t.c_W.head<2>()}; }

/// A wall segment's footprint, as footprint_meets takes it (an end repeated).
inline std::array<Vec2, 3> footprint(const Vec2& a_W, const Vec2& b_W) { return {a_W, b_W, b_W}; }

/// The axis-aligned bounds of `r` [m, W].
inline void rectangle_box(const OrientedRectangle& r, Vec2& lo_W, Vec2& hi_W) {
  const Vec2 reach = r.half_x * r.axis_W.cwiseAbs() + r.half_y * perp(r.axis_W).cwiseAbs();
  lo_W = r.centre_W - reach;
  hi_W = r.centre_W + reach;
}

/// The axis-aligned box [lo_W, hi_W] as an OrientedRectangle.
inline OrientedRectangle as_rectangle(const Vec2& lo_W, const Vec2& hi_W) {
  return {0.5 * (lo_W + hi_W), Vec2::UnitX(), 0.5 * (hi_W.x() - lo_W.x()), 0.5 * (hi_W.y() - lo_W.y())};
}

}  // namespace crashbench
