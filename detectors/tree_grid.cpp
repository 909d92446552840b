#include "detectors/tree_grid.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "core/error.hpp"
#include "detectors/broadphase/float_bounds.hpp"
#include "detectors/broadphase/footprint_overlap.hpp"

namespace crashbench {
namespace {

constexpr double kMaxCells = 16e6;
constexpr double kMaxTested = 8e6;  // footprint-cell tests to build the grid, or 8 per triangle if more

/// Cell edge: sqrt(400 m x median footprint extent) between 0.5 and 4 m - short enough that a cell holds
/// few fine triangles (crowded ones are sorted into runs), long enough that walking a 5 m edge visits few
/// cells - enlarged to stay under kMaxCells cells. (The 1M-triangle fine track: 2.9 m cells, 330 ns per
/// step against 441 ns with the earlier 100 m / 2.5 m; detect_bench, quiet machine.) A case's
/// `cell_size` option replaces this choice.
double choose_cell(const Vec2& extent, double median_extent) {
  double cell = std::clamp(std::sqrt(400.0 * median_extent), 0.5, 4.0);
  while ((extent.x() / cell + 1) * (extent.y() / cell + 1) > kMaxCells) cell *= 1.25;
  return cell;
}

}  // namespace

TreeGrid::TreeGrid(const Scene& built_for, double cell_option) : scene(&built_for), cell_size(cell_option) {
  collect_entries();
  layout_grid();
  fill_cells();
  order_by_height();
  build_runs();
  occupied.build(cell_start);
}

void TreeGrid::collect_entries() {
  entries.clear();
  for (std::size_t i = 0; i < scene->triangles.size(); ++i) {
    const Triangle& t = scene->triangles[i];
    const double zmin = std::min({t.a_W.z(), t.b_W.z(), t.c_W.z()}), zmax = std::max({t.a_W.z(), t.b_W.z(), t.c_W.z()});
    if (zmin == zmax) continue;  // horizontal: never sliced
    const Vec2 lo = t.a_W.head<2>().cwiseMin(t.b_W.head<2>()).cwiseMin(t.c_W.head<2>());
    const Vec2 hi = t.a_W.head<2>().cwiseMax(t.b_W.head<2>()).cwiseMax(t.c_W.head<2>());
    entries.push_back({lo, hi, zmin, zmax, t, static_cast<int>(i)});
  }
}

void TreeGrid::layout_grid() {
  Vec2 lo = Vec2::Zero(), hi = Vec2::Zero();
  std::vector<double> extents;
  extents.reserve(entries.size());
  for (std::size_t k = 0; k < entries.size(); ++k) {
    lo = k == 0 ? entries[k].lo_W : lo.cwiseMin(entries[k].lo_W);
    hi = k == 0 ? entries[k].hi_W : hi.cwiseMax(entries[k].hi_W);
    extents.push_back((entries[k].hi_W - entries[k].lo_W).maxCoeff());
  }
  double median = 1.0;
  if (!extents.empty()) {
    std::nth_element(extents.begin(), extents.begin() + static_cast<std::ptrdiff_t>(extents.size() / 2), extents.end());
    median = extents[extents.size() / 2];
  }
  cell = cell_size > 0 ? cell_size : choose_cell(hi - lo, median);
  // Building tests each footprint against every cell of its bounds: coarser cells while that exceeds its
  // budget (a few hundred triangles spanning a whole scene would otherwise cost hours).
  const double max_tested = std::max(kMaxTested, 8.0 * static_cast<double>(entries.size()));
  while (cell_size <= 0 && cells_tested(lo, cell) > max_tested) cell *= 1.25;
  const Vec2 extent = hi - lo;
  if ((extent.x() / cell + 1) * (extent.y() / cell + 1) > kMaxCells)  // only a fixed cell_size can get here
    throw Error("", "/detector/cell_size", fmt::format("a {} m cell gives more than {} cells over this scene's {:.0f} x {:.0f} m; "
                                                      "expected a larger cell", cell, kMaxCells, extent.x(), extent.y()));
  if (cell_size > 0 && cells_tested(lo, cell) > max_tested)  // the loop above settled any chosen cell
    throw Error("", "/detector/cell_size", fmt::format("a {} m cell puts the triangles' footprints in more than {:.0f} cells; "
                                                      "expected a larger cell", cell, max_tested));
  origin_W = lo;
  per_metre = 1.0 / cell;
  nx = static_cast<int>((hi.x() - lo.x()) / cell) + 1;
  ny = static_cast<int>((hi.y() - lo.y()) / cell) + 1;
}

double TreeGrid::cells_tested(const Vec2& origin, double edge) const {
  double total = 0;
  for (const Entry& e : entries) {
    const Vec2 lo = ((e.lo_W - origin) / edge).array().floor(), hi = ((e.hi_W - origin) / edge).array().floor();
    total += (hi.x() - lo.x() + 1) * (hi.y() - lo.y() + 1);
  }
  return total;
}

void TreeGrid::fill_cells() {
  // Two passes (count, then fill) give the compressed cell lists: each entry in every cell its
  // footprint overlaps.
  cell_start.assign(static_cast<std::size_t>(nx) * ny + 1, 0);
  const Vec2 mm = Vec2::Constant(1e-3);
  const auto cells_of = [&](const Entry& e, auto&& visit) {
    const int i0 = cell_x(e.lo_W.x()), i1 = cell_x(e.hi_W.x()), j0 = cell_y(e.lo_W.y()), j1 = cell_y(e.hi_W.y());
    const bool one_row = i0 == i1 || j0 == j1;
    for (int j = j0; j <= j1; ++j)
      for (int i = i0; i <= i1; ++i) {
        const Vec2 lo = origin_W + Vec2(i, j) * cell;
        // The cell grown by 1 mm, so that rounding never drops one.
        if (one_row || footprint_meets(footprint(e.t), as_rectangle(lo - mm, lo + Vec2::Constant(cell) + mm)))
          visit(static_cast<std::size_t>(j) * nx + i);
      }
  };
  for (const Entry& e : entries) cells_of(e, [&](std::size_t c) { ++cell_start[c + 1]; });
  for (std::size_t c = 1; c < cell_start.size(); ++c) cell_start[c] += cell_start[c - 1];
  items.assign(cell_start.back(), CellItem{});
  std::vector<std::uint32_t> fill(cell_start.begin(), cell_start.end() - 1);
  for (std::size_t k = 0; k < entries.size(); ++k) {
    const Entry& e = entries[k];
    const CellItem item{round_down(e.lo_W.x()), round_down(e.lo_W.y()), round_up(e.hi_W.x()), round_up(e.hi_W.y()),
                        round_down(e.zmin),     round_up(e.zmax),       static_cast<std::uint32_t>(k), 0, 0};
    cells_of(e, [&](std::size_t c) { items[fill[c]++] = item; });
  }
}

void TreeGrid::order_by_height() {
  // The entry breaks ties: the same grid, item for item, on every platform (std::sort is not stable).
  const auto higher = [](const CellItem& x, const CellItem& y) {
    return x.zmax != y.zmax ? x.zmax > y.zmax : x.entry < y.entry;
  };
  for (std::size_t c = 0; c + 1 < cell_start.size(); ++c)
    std::sort(items.begin() + cell_start[c], items.begin() + cell_start[c + 1], higher);
}

}  // namespace crashbench
