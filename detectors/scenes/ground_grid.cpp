#include "detectors/scenes/ground_grid.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "detectors/scenes/triangle_extraction.hpp"

namespace crashbench {
namespace {

constexpr float kEmpty = std::numeric_limits<float>::infinity();

/// At most this many cells: the cell grows (doubling) until the walls' extent fits. Rasterising costs
/// up to 2 (nx + ny) samples per edge and filling the holes one visit per cell, so a stray vertex a
/// million kilometres out costs milliseconds, not seconds (a fuzzed file: fuzz/regressions/scene_loader).
constexpr double kMaxCells = 1e6;

/// At most this many samples along the edges in all, or 9 per vertical triangle if more: the cell grows
/// (doubling) until the edges fit, so that thousands of copies of an edge across the whole grid (a fuzzed
/// file) cost what one does. 100k samples are 200 km of edges at the default 4 m cell.
constexpr double kMaxSamples = 1e5;

/// Samples along an edge a-b: two per cell it crosses, and its ends.
int edge_steps(const Vec3& a, const Vec3& b, double cell) {
  return std::max(1, static_cast<int>(std::ceil(2 * (b - a).head<2>().norm() / cell)));
}

/// Samples along the vertical triangles' edges at cells of `cell`.
double edge_samples(const std::vector<Triangle>& triangles, double cell) {
  double total = 0;
  for (const Triangle& t : triangles)
    if (is_vertical(t)) total += edge_steps(t.a_W, t.b_W, cell) + edge_steps(t.b_W, t.c_W, cell) + edge_steps(t.c_W, t.a_W, cell) + 3;
  return total;
}

/// Lowers every cell an edge a-b passes over to the edge's height there.
void rasterize_edge(GroundGrid& g, const Vec3& a, const Vec3& b) {
  const int steps = edge_steps(a, b, g.cell);
  for (int k = 0; k <= steps; ++k) {
    const Vec3 p = a + (b - a) * (static_cast<double>(k) / steps);
    const int i = g.cell_index(p.x() - g.origin_W.x(), g.nx), j = g.cell_index(p.y() - g.origin_W.y(), g.ny);
    float& z = g.z[static_cast<std::size_t>(j) * g.nx + i];
    z = std::min(z, static_cast<float>(p.z()));
  }
}

/// Fills empty cells breadth-first from the filled ones: each takes the value of the cell that reached it.
void fill_holes(GroundGrid& g) {
  std::vector<std::size_t> queue;
  queue.reserve(g.z.size());
  for (std::size_t c = 0; c < g.z.size(); ++c)
    if (g.z[c] != kEmpty) queue.push_back(c);
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const std::size_t c = queue[head];
    const int i = static_cast<int>(c % g.nx), j = static_cast<int>(c / g.nx);
    for (const auto& [di, dj] : {std::pair{-1, 0}, {1, 0}, {0, -1}, {0, 1}}) {
      const int ii = i + di, jj = j + dj;
      if (ii < 0 || jj < 0 || ii >= g.nx || jj >= g.ny) continue;
      const std::size_t n = static_cast<std::size_t>(jj) * g.nx + ii;
      if (g.z[n] != kEmpty) continue;
      g.z[n] = g.z[c];
      queue.push_back(n);
    }
  }
}

}  // namespace

GroundGrid build_ground_grid(const std::vector<Triangle>& triangles, double cell) {
  GroundGrid g;
  Vec2 lo = Vec2::Constant(std::numeric_limits<double>::max()), hi = -lo;
  double vertical = 0;
  for (const Triangle& t : triangles) {
    if (!is_vertical(t)) continue;
    ++vertical;
    for (const Vec3* v : {&t.a_W, &t.b_W, &t.c_W}) lo = lo.cwiseMin(v->head<2>()), hi = hi.cwiseMax(v->head<2>());
  }
  if (vertical == 0) return g;
  const Vec2 extent = hi - lo;
  while ((extent.x() / cell + 1) * (extent.y() / cell + 1) > kMaxCells) cell *= 2;
  while (edge_samples(triangles, cell) > std::max(kMaxSamples, 9 * vertical)) cell *= 2;
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
