#pragma once
// A scene's mesh against the exact surface it stands for: the triangles of the graph's named nodes, and the
// distance from a point to a triangle, written for the tests apart from the code they check (the OpenDRIVE
// sampler has its own).
#include <osg/Group>

#include <algorithm>
#include <string_view>
#include <utility>
#include <vector>

#include "detectors/geometry/geometry.hpp"
#include "detectors/scenes/registry/scene_library.hpp"
#include "detectors/scenes/triangle_extraction.hpp"

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

/// The largest distance from any of `points` to the nearest of `triangles` [m].
inline double farthest_from(const std::vector<Vec3>& points, const std::vector<Triangle>& triangles) {
  double worst = 0;
  for (const Vec3& p : points) {
    double nearest = 1e300;
    for (const Triangle& t : triangles) nearest = std::min(nearest, distance_to_triangle(p, t));
    worst = std::max(worst, nearest);
  }
  return worst;
}

/// The triangles under the graph's top-level nodes whose name `wanted(name)` accepts.
template <class Wanted>
std::vector<Triangle> triangles_of(const Scene& scene, Wanted wanted) {
  std::vector<Triangle> out;
  osg::Group& root = *scene.graph->asGroup();
  for (unsigned i = 0; i < root.getNumChildren(); ++i)
    if (wanted(std::string_view(root.getChild(i)->getName()))) {
      const std::vector<Triangle> node = all_triangles(*root.getChild(i));
      out.insert(out.end(), node.begin(), node.end());
    }
  return out;
}

/// The triangles under the graph's node called `name`.
inline std::vector<Triangle> node_triangles(const Scene& scene, std::string_view name) {
  return triangles_of(scene, [name](std::string_view node) { return node == name; });
}

}  // namespace crashbench::testing
