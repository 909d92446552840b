#include "detectors/broadphase/wall_grid.hpp"

#include <algorithm>
#include <cmath>

namespace crashbench {

void WallGrid::build(std::span<const Box2> walls) {
  walls_ = walls.size();
  marks_ = marks();
  if (walls.empty()) {
    nx_ = ny_ = 0;
    cell_start_.assign(1, 0);
    items_.clear();
    occupied_.build(cell_start_);
    return;
  }
  Vec2 lo = walls[0].lo, hi = walls[0].hi;
  double extent_sum = 0;
  for (const Box2& w : walls) {
    lo = lo.cwiseMin(w.lo);
    hi = hi.cwiseMax(w.hi);
    extent_sum += (w.hi - w.lo).maxCoeff();
  }
  const Vec2 span = hi - lo;
  const double count = static_cast<double>(walls.size());
  // Cells about a wall's size, but no more than about 16 cells per wall over the whole area (walls lie in
  // lines, so most cells are empty), nor more than four per wall along one axis (walls in a line).
  cell_ = std::max({extent_sum / count, std::sqrt(span.x() * span.y() / (16 * count)), span.maxCoeff() / (4 * count), 1e-9});
  origin_W_ = lo;
  // A few long diagonal walls among many short ones would each be listed in every cell of their bounds:
  // coarser cells while the lists would exceed 64 MB (3.2M entries of 20 bytes) or 16 entries per wall.
  const double max_listed = std::max(64e6 / sizeof(Item), 16 * count);
  const auto listed = [&] {
    double total = 0;
    for (const Box2& w : walls) {
      const Vec2 a = ((w.lo - lo) / cell_).array().floor(), b = ((w.hi - lo) / cell_).array().floor();
      total += (b.x() - a.x() + 1) * (b.y() - a.y() + 1);
    }
    return total;
  };
  while (listed() > max_listed) cell_ *= 1.5;
  per_metre_ = 1.0 / cell_;
  nx_ = static_cast<int>(std::floor(span.x() / cell_)) + 1;
  ny_ = static_cast<int>(std::floor(span.y() / cell_)) + 1;
  cell_start_.assign(static_cast<std::size_t>(nx_) * static_cast<std::size_t>(ny_) + 1, 0);
  // Counts per cell, then their running sums (each cell's end), then each cell filled from its end down
  // to its start, walls from the last: each cell lists its walls ascending, and each offset ends at its
  // cell's start.
  for (int pass = 0; pass < 2; ++pass) {
    if (pass == 1) {
      for (std::size_t c = 1; c < cell_start_.size(); ++c) cell_start_[c] += cell_start_[c - 1];
      items_.resize(cell_start_.back());
    }
    for (std::size_t k = walls.size(); k-- > 0;) {
      const int i0 = cell_x(walls[k].lo.x()), i1 = cell_x(walls[k].hi.x());
      const int j0 = cell_y(walls[k].lo.y()), j1 = cell_y(walls[k].hi.y());
      for (int j = j0; j <= j1; ++j)
        for (int i = i0; i <= i1; ++i) {
          const std::size_t c = static_cast<std::size_t>(j) * static_cast<std::size_t>(nx_) + static_cast<std::size_t>(i);
          if (pass == 0) ++cell_start_[c];
          else items_[--cell_start_[c]] = {round_down(walls[k].lo.x()), round_down(walls[k].lo.y()),
                                           round_up(walls[k].hi.x()), round_up(walls[k].hi.y()), static_cast<int>(k)};
        }
    }
  }
  occupied_.build(cell_start_);
}

WallGrid::Marks WallGrid::marks() const {
  Marks m;
  m.stamps_.assign(static_cast<std::size_t>(walls_), 0);
  return m;
}

void WallGrid::candidates(const Vec2& lo_W, const Vec2& hi_W, std::vector<int>& out, Marks& marks) const {
  out.clear();
  if (nx_ == 0) return;
  // Clamping puts a box beyond the grid in its border cells: only more candidates, never fewer.
  const int i0 = cell_x(lo_W.x()), i1 = cell_x(hi_W.x()), j0 = cell_y(lo_W.y()), j1 = cell_y(hi_W.y());
  std::uint32_t& query = marks.query_;
  GridVector<std::uint32_t>& stamps = marks.stamps_;
  if (++query == 0) std::fill(stamps.begin(), stamps.end(), 0), query = 1;  // the stamps wrapped round
  for (int j = j0; j <= j1; ++j)
    for (int i = i0; i <= i1; ++i) {
      const std::size_t c = static_cast<std::size_t>(j) * static_cast<std::size_t>(nx_) + static_cast<std::size_t>(i);
      if (!occupied_(c)) continue;
      for (std::uint32_t k = cell_start_[c]; k < cell_start_[c + 1]; ++k) {
        const Item& item = items_[k];
        if (item.lo_x > hi_W.x() || item.lo_y > hi_W.y() || item.hi_x < lo_W.x() || item.hi_y < lo_W.y()) continue;
        const int w = item.wall;
        if (stamps[static_cast<std::size_t>(w)] == query) continue;
        stamps[static_cast<std::size_t>(w)] = query;
        out.push_back(w);
      }
    }
  std::sort(out.begin(), out.end());  // walls in index order, as a scan of every wall gives them
}

void WallGrid::prefetch_cells(const Vec2& lo_W, const Vec2& hi_W) const {
  if (nx_ == 0) return;
  const int i0 = cell_x(lo_W.x()), j0 = cell_y(lo_W.y()), j1 = cell_y(hi_W.y());
  for (int j = j0; j <= j1; ++j) {  // a row's few cells share a line
    const std::size_t c = static_cast<std::size_t>(j) * static_cast<std::size_t>(nx_) + static_cast<std::size_t>(i0);
    __builtin_prefetch(occupied_.word(c));
    __builtin_prefetch(&cell_start_[c]);
  }
}

void WallGrid::prefetch_items(const Vec2& lo_W, const Vec2& hi_W) const {
  if (nx_ == 0) return;
  const int i0 = cell_x(lo_W.x()), i1 = cell_x(hi_W.x()), j0 = cell_y(lo_W.y()), j1 = cell_y(hi_W.y());
  for (int j = j0; j <= j1; ++j)
    for (int i = i0; i <= i1; ++i) {
      const std::size_t c = static_cast<std::size_t>(j) * static_cast<std::size_t>(nx_) + static_cast<std::size_t>(i);
      if (occupied_(c)) __builtin_prefetch(&items_[cell_start_[c]]);
    }
}

}  // namespace crashbench
