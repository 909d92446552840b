#include "detectors/scenes/ground_grid.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <span>

#include <Eigen/Eigenvalues>

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

/// Samples along an edge a-b: two per cell it crosses, and its ends. A double: an edge a stray vertex
/// makes 1e20 m long has more than an int holds before the spacing grows (a fuzzed file).
double edge_steps(const Vec3& a, const Vec3& b, double cell) {
  return std::max(1.0, std::ceil(2 * (b - a).head<2>().norm() / cell));
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
  const int steps = static_cast<int>(edge_steps(a, b, g.cell));  // within kMaxSamples once the spacing fits
  for (int k = 0; k <= steps; ++k) {
    const Vec3 p = a + (b - a) * (static_cast<double>(k) / steps);
    const int i = g.cell_index(p.x() - g.origin_W.x(), g.nx), j = g.cell_index(p.y() - g.origin_W.y(), g.ny);
    float& z = g.z[static_cast<std::size_t>(j) * g.nx + i];
    z = std::min(z, static_cast<float>(p.z()));
  }
}

/// Fills empty cells breadth-first from the filled ones: each takes the value of the cell that reached it.
/// With planes, a cell next to a filled one continues that cell's plane (a car whose CG is there can
/// reach the wall across the border); cells farther out, which reach no wall, are level.
void fill_holes(GroundGrid& g) {
  std::vector<std::size_t> queue;
  queue.reserve(g.z.size());
  for (std::size_t c = 0; c < g.z.size(); ++c)
    if (g.z[c] != kEmpty) queue.push_back(c);
  const std::size_t filled = queue.size();
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const std::size_t c = queue[head];
    const int i = static_cast<int>(c % g.nx), j = static_cast<int>(c / g.nx);
    for (const auto& [di, dj] : {std::pair{-1, 0}, {1, 0}, {0, -1}, {0, 1}}) {
      const int ii = i + di, jj = j + dj;
      if (ii < 0 || jj < 0 || ii >= g.nx || jj >= g.ny) continue;
      const std::size_t n = static_cast<std::size_t>(jj) * g.nx + ii;
      if (g.z[n] != kEmpty) continue;
      g.z[n] = g.z[c];
      if (!g.slope.empty() && head < filled) {
        g.slope[n] = g.slope[c];
        g.z[n] += static_cast<float>(g.cell * (di * g.slope[c][0] + dj * g.slope[c][1]));
      }
      queue.push_back(n);
    }
  }
}

/// Calls visit(p_W, z) at points along the bottom of vertical triangle `t` (its lower boundary seen from
/// the side), two per `spacing` of its footprint and at its ends, where the footprint's Y lies in [y0, y1].
template <class Visit>
void bottom_samples(const Triangle& t, double spacing, double y0, double y1, Visit&& visit) {
  // The footprint is (nearly) a segment: between the two vertices farthest apart in plan.
  std::array<Vec3, 3> v{t.a_W, t.b_W, t.c_W};
  const auto plan = [&](int a, int b) { return (v[b] - v[a]).head<2>().squaredNorm(); };
  if (plan(0, 1) >= plan(1, 2) && plan(0, 1) >= plan(0, 2)) std::swap(v[1], v[2]);
  else if (plan(1, 2) >= plan(0, 2)) std::swap(v[0], v[1]);
  // Now v[0]-v[2] spans the footprint and v[1] lies between them in plan.
  const Vec2 a = v[0].head<2>(), d = v[2].head<2>() - a;
  const double length2 = d.squaredNorm();
  const double u1 = length2 > 0 ? std::clamp((v[1].head<2>() - a).dot(d) / length2, 0.0, 1.0) : 0.0;
  const auto line = [](double u, double u0, double z0, double u_end, double z_end) {
    return u_end > u0 ? z0 + (z_end - z0) * (u - u0) / (u_end - u0) : std::min(z0, z_end);
  };
  const int steps = static_cast<int>(edge_steps(v[0], v[2], spacing));
  // Only the samples in the rows' band: a long footprint crossing many bands is sampled once in all.
  int k0 = 0, k1 = steps;
  if (d.y() != 0) {
    const double ua = (y0 - a.y()) / d.y(), ub = (y1 - a.y()) / d.y();
    k0 = std::max(0, static_cast<int>(std::floor(std::min(ua, ub) * steps)));
    k1 = std::min(steps, static_cast<int>(std::ceil(std::max(ua, ub) * steps)));
  }
  for (int k = k0; k <= k1; ++k) {
    const double u = static_cast<double>(k) / steps;
    const double across = line(u, 0, v[0].z(), 1, v[2].z());
    const double via = u <= u1 ? line(u, 0, v[0].z(), u1, v[1].z()) : line(u, u1, v[1].z(), 1, v[2].z());
    visit(a + u * d, std::min(across, via));
  }
}

/// Sums of one cell's samples, relative to the cell's centre, for its least-squares plane.
struct PlaneSums {
  double n = 0, x = 0, y = 0, z = 0, xx = 0, xy = 0, yy = 0, xz = 0, yz = 0;
  void add(const Vec2& d, double h) {
    n += 1, x += d.x(), y += d.y(), z += h;
    xx += d.x() * d.x(), xy += d.x() * d.y(), yy += d.y() * d.y(), xz += d.x() * h, yz += d.y() * h;
  }
};

/// The least-squares slope of a cell's samples, along the directions they spread over at least an eighth
/// of the cell (the barriers of one road, a few metres apart, give no slope across the road: level there).
Vec2 fitted_slope(const PlaneSums& s, double cell) {
  if (s.n < 3) return Vec2::Zero();
  const Vec2 mean(s.x / s.n, s.y / s.n);
  Eigen::Matrix2d spread;
  spread << s.xx / s.n - mean.x() * mean.x(), s.xy / s.n - mean.x() * mean.y(), s.xy / s.n - mean.x() * mean.y(),
      s.yy / s.n - mean.y() * mean.y();
  const Vec2 with_z(s.xz / s.n - mean.x() * s.z / s.n, s.yz / s.n - mean.y() * s.z / s.n);
  const Eigen::SelfAdjointEigenSolver<Eigen::Matrix2d> axes(spread);
  Vec2 slope = Vec2::Zero();
  for (int k = 0; k < 2; ++k) {
    const double variance = axes.eigenvalues()[k];
    if (!(variance >= (cell / 8) * (cell / 8))) continue;
    const Vec2 axis = axes.eigenvectors().col(k);
    slope += axis * (axis.dot(with_z) / variance);
  }
  return slope;
}

/// Bins along a cell's edge (fit_planes): at most this many, so that a cell's bins cost what its few
/// hundred samples do ...
constexpr int kMostBinsPerEdge = 16;
/// ... and none finer than this [m].
constexpr double kFinestBin = 1.0;

/// The lowest wall bottom in one fine bin, and where it is.
struct BinLow {
  float z = kEmpty, x = 0, y = 0;
};

/// Each cell's plane: the walls' feet are the lowest bottom in each fine bin (a sixteenth of the cell, a
/// metre at least: the lower of a panel's two triangles wins over the upper one's diagonal, and the foot
/// keeps where it is); the cell's least-squares plane through them (fitted_slope), lowered until every
/// one lies on or above it. One row of cells at a time, with the vertical triangles listed by the rows
/// their footprints span, and only the cells the row's samples fall in.
void fit_planes(GroundGrid& g, const std::vector<Triangle>& triangles, double spacing) {
  const auto row_of = [&](double y) { return g.cell_index(y - g.origin_W.y(), g.ny); };
  std::vector<int> start(static_cast<std::size_t>(g.ny) + 1, 0), listed;
  const auto rows_of = [&](const Triangle& t, auto&& each) {
    const int r0 = row_of(std::min({t.a_W.y(), t.b_W.y(), t.c_W.y()})),
              r1 = row_of(std::max({t.a_W.y(), t.b_W.y(), t.c_W.y()}));
    for (int r = r0; r <= r1; ++r) each(r);
  };
  for (const Triangle& t : triangles)
    if (is_vertical(t)) rows_of(t, [&](int r) { ++start[r + 1]; });
  for (int r = 0; r < g.ny; ++r) start[r + 1] += start[r];
  listed.resize(static_cast<std::size_t>(start.back()));
  std::vector<int> fill(start.begin(), start.end() - 1);
  for (std::size_t k = 0; k < triangles.size(); ++k)
    if (is_vertical(triangles[k])) rows_of(triangles[k], [&](int r) { listed[fill[r]++] = static_cast<int>(k); });

  int per = 1;
  while (2 * per <= kMostBinsPerEdge && g.cell / (2 * per) >= std::max(kFinestBin, spacing / 8)) per *= 2;
  const double bin = g.cell / per;
  const std::size_t bins_per_cell = static_cast<std::size_t>(per) * per;
  std::vector<BinLow> bins;      // the touched cells' bins, cell after cell
  std::vector<int> slot(static_cast<std::size_t>(g.nx), -1);  // per cell of the row: its place in `touched`
  std::vector<int> touched;      // cells of the row the samples fall in
  g.slope.assign(g.z.size(), {0.0f, 0.0f});
  for (int j = 0; j < g.ny; ++j) {
    const double y0 = g.origin_W.y() + j * g.cell;
    for (int k = start[j]; k < start[j + 1]; ++k)
      bottom_samples(triangles[listed[k]], bin, y0, y0 + g.cell, [&](const Vec2& p, double h) {
        if (row_of(p.y()) != j) return;
        const int i = g.cell_index(p.x() - g.origin_W.x(), g.nx);
        if (slot[i] < 0) {
          slot[i] = static_cast<int>(touched.size());
          touched.push_back(i);
          bins.resize(bins.size() + bins_per_cell);
        }
        const int bx = std::clamp(static_cast<int>((p.x() - g.origin_W.x() - i * g.cell) / bin), 0, per - 1);
        const int by = std::clamp(static_cast<int>((p.y() - y0) / bin), 0, per - 1);
        BinLow& low = bins[slot[i] * bins_per_cell + static_cast<std::size_t>(by) * per + bx];
        if (h < low.z) low = {static_cast<float>(h), static_cast<float>(p.x()), static_cast<float>(p.y())};
      });
    for (const int i : touched) {
      const std::span<const BinLow> cell_bins(&bins[slot[i] * bins_per_cell], bins_per_cell);
      const Vec2 centre = g.origin_W + g.cell * Vec2(i + 0.5, j + 0.5);
      PlaneSums sums;
      for (const BinLow& b : cell_bins)
        if (b.z != kEmpty) sums.add(Vec2(b.x, b.y) - centre, b.z);
      const Vec2 slope = fitted_slope(sums, g.cell);
      double lowest = std::numeric_limits<double>::infinity();
      for (const BinLow& b : cell_bins)
        if (b.z != kEmpty) lowest = std::min(lowest, b.z - slope.dot(Vec2(b.x, b.y) - centre));
      const std::size_t c = static_cast<std::size_t>(j) * g.nx + i;
      g.z[c] = static_cast<float>(lowest);
      g.slope[c] = {static_cast<float>(slope.x()), static_cast<float>(slope.y())};
      slot[i] = -1;
    }
    touched.clear();
    bins.clear();
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
  double spacing = cell;  // of the samples along the walls
  while (edge_samples(triangles, spacing) > std::max(kMaxSamples, 9 * vertical)) spacing *= 2;
  cell = spacing;
  while ((extent.x() / cell + 1) * (extent.y() / cell + 1) > kMaxCells) cell *= 2;
  g.cell = cell;
  g.origin_W = lo;
  g.nx = static_cast<int>(extent.x() / cell) + 1;
  g.ny = static_cast<int>(extent.y() / cell) + 1;
  g.z.assign(static_cast<std::size_t>(g.nx) * g.ny, kEmpty);
  if (cell > spacing) {
    // Cells coarser than the samples: a level cell would be the lowest foot over its whole width.
    fit_planes(g, triangles, spacing);
  } else {
    for (const Triangle& t : triangles) {
      if (!is_vertical(t)) continue;
      rasterize_edge(g, t.a_W, t.b_W);
      rasterize_edge(g, t.b_W, t.c_W);
      rasterize_edge(g, t.c_W, t.a_W);
    }
  }
  fill_holes(g);
  return g;
}

}  // namespace crashbench
