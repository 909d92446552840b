#include "detectors/scenes/ground_grid.hpp"

#include <limits>

#include "detectors/scenes/triangle_extraction.hpp"

namespace crashbench {
namespace {

constexpr float kEmpty = std::numeric_limits<float>::infinity();

/// Lowers every cell an edge a-b passes over to the edge's height there.
void rasterize_edge(GroundGrid& g, const Vec3& a, const Vec3& b) {
  const double len = (b - a).head<2>().norm();
  const int steps = std::max(1, static_cast<int>(std::ceil(2 * len / g.cell)));
  for (int k = 0; k <= steps; ++k) {
    const Vec3 p = a + (b - a) * (static_cast<double>(k) / steps);
    const int i = std::clamp(static_cast<int>((p.x() - g.origin_W.x()) / g.cell), 0, g.nx - 1);
    const int j = std::clamp(static_cast<int>((p.y() - g.origin_W.y()) / g.cell), 0, g.ny - 1);
    float& z = g.z[static_cast<std::size_t>(j) * g.nx + i];
    z = std::min(z, static_cast<float>(p.z()));
  }
}

/// Fills empty cells, ring by ring, with the mean of their filled 4-neighbours.
void fill_holes(GroundGrid& g) {
  bool changed = true;
  std::vector<float> next;
  while (changed) {
    changed = false;
    next = g.z;
    for (int j = 0; j < g.ny; ++j)
      for (int i = 0; i < g.nx; ++i) {
        const std::size_t c = static_cast<std::size_t>(j) * g.nx + i;
        if (g.z[c] != kEmpty) continue;
        double sum = 0;
        int n = 0;
        for (const auto& [di, dj] : {std::pair{-1, 0}, {1, 0}, {0, -1}, {0, 1}}) {
          const int ii = i + di, jj = j + dj;
          if (ii < 0 || jj < 0 || ii >= g.nx || jj >= g.ny) continue;
          const float z = g.z[static_cast<std::size_t>(jj) * g.nx + ii];
          if (z != kEmpty) sum += z, ++n;
        }
        if (n > 0) next[c] = static_cast<float>(sum / n), changed = true;
      }
    g.z.swap(next);
  }
}

}  // namespace

GroundGrid build_ground_grid(const std::vector<Triangle>& triangles, double cell) {
  GroundGrid g;
  Vec2 lo = Vec2::Constant(std::numeric_limits<double>::max()), hi = -lo;
  bool any = false;
  for (const Triangle& t : triangles) {
    if (!is_vertical(t)) continue;
    any = true;
    for (const Vec3* v : {&t.a_W, &t.b_W, &t.c_W}) lo = lo.cwiseMin(v->head<2>()), hi = hi.cwiseMax(v->head<2>());
  }
  if (!any) return g;
  const Vec2 extent = hi - lo;
  while ((extent.x() / cell + 1) * (extent.y() / cell + 1) > 4e6) cell *= 2;
  g.cell = cell;
  g.origin_W = lo;
  g.nx = static_cast<int>(extent.x() / cell) + 1;
  g.ny = static_cast<int>(extent.y() / cell) + 1;
  g.z.assign(static_cast<std::size_t>(g.nx) * g.ny, kEmpty);
  for (const Triangle& t : triangles) {
    if (!is_vertical(t)) continue;
    rasterize_edge(g, t.a_W, t.b_W);
    rasterize_edge(g, t.b_W, t.c_W);
    rasterize_edge(g, t.c_W, t.a_W);
  }
  fill_holes(g);
  return g;
}

}  // namespace crashbench
