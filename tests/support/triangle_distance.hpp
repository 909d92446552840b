#pragma once
// The distance from a point to a triangle, written for the tests apart from the code they check (the OpenDRIVE
// sampler has its own), to hold a mesh to the exact surface it stands for.
#include <algorithm>
#include <utility>

#include "detectors/geometry/geometry.hpp"

namespace crashbench::testing {

/// Distance from p to triangle t [m]: to its plane where p's projection lies inside it, else to its edges.
inline double distance_to_triangle(const Vec3& p, const Triangle& t) {
  const Vec3 ab = t.b_W - t.a_W, ac = t.c_W - t.a_W, n = ab.cross(ac).normalized();
  const Vec3 q = p - n.dot(p - t.a_W) * n;
  const auto inside = [&](const Vec3& a, const Vec3& b) { return (b - a).cross(q - a).dot(n) >= 0; };
  if (inside(t.a_W, t.b_W) && inside(t.b_W, t.c_W) && inside(t.c_W, t.a_W)) return (p - q).norm();
  double best = 1e300;
  for (const auto& [a, b] : {std::pair{t.a_W, t.b_W}, {t.b_W, t.c_W}, {t.c_W, t.a_W}}) {
    const double f = std::clamp((p - a).dot(b - a) / (b - a).squaredNorm(), 0.0, 1.0);
    best = std::min(best, (p - (a + f * (b - a))).norm());
  }
  return best;
}

}  // namespace crashbench::testing
