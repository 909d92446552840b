// SurfaceQuery's cell lists (surface_query.hpp): the grid's cell size, the faces listed in each cell, and
// the crowded cells' own finer grids. The queries and the walk between faces are in surface_query.cpp.
#include "detectors/scenes/surface_query.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <limits>
#include <vector>

namespace crashbench {

void SurfaceQuery::list_faces(const Vec2& lo, const Vec2& hi, std::vector<double>& footprints) {
  // Cells the median footprint's side, within 1..32 m: on a real track the road's small faces set it, not
  // the terrain's large ones (a mean-sized cell lists 20-120 faces under a car, this one 4-6). Coarser while
  // there would be more than kMaxCells cells or kMaxListed entries (a few faces spanning the whole scene
  // would otherwise be listed in millions of cells each).
  auto median = footprints.begin() + static_cast<std::ptrdiff_t>(footprints.size() / 2);
  std::nth_element(footprints.begin(), median, footprints.end());
  GridFrame& g = grid_;
  g.cell = std::clamp(0.5 * std::sqrt(*median), 1.0, 32.0);
  const Vec2 extent = hi - lo;
  g.origin = lo;
  const double max_listed = std::max(kMaxListed, 4.0 * static_cast<double>(faces_.size()));
  for (;; g.cell *= 2) {
    if ((extent.x() / g.cell + 1) * (extent.y() / g.cell + 1) > kMaxCells) continue;
    g.nx = static_cast<int>(extent.x() / g.cell) + 1;
    g.ny = static_cast<int>(extent.y() / g.cell) + 1;
    if (listed_entries(max_listed) <= max_listed) break;
  }
  // Two passes over each face's cells: count, then fill (CSR).
  cell_start_.assign(static_cast<std::size_t>(g.nx) * g.ny + 1, 0);
  for (const Face& f : faces_) for_each_cell(f, g, [&](std::size_t k) { ++cell_start_[k + 1]; });
  for (std::size_t k = 1; k < cell_start_.size(); ++k) cell_start_[k] += cell_start_[k - 1];
  items_.resize(static_cast<std::size_t>(cell_start_.back()));
  std::vector<int> fill(cell_start_.begin(), cell_start_.end() - 1);
  for (std::size_t n = 0; n < faces_.size(); ++n)
    for_each_cell(faces_[n], g,
                  [&](std::size_t k) { items_[static_cast<std::size_t>(fill[k]++)] = static_cast<int>(n); });
  split_crowded_cells();
}

template <class Visit>
void SurfaceQuery::for_each_cell(const Face& f, const GridFrame& g, Visit visit) const {
  // Row by row: the footprint's X extent within the row's band, widened by a margin far above the rounding
  // of a query's cell index and of covers()' edge tolerance, so that a face covering a point is always
  // listed in the point's cell. A long diagonal road strip meets a few cells per row, not its bounds' many.
  // A subcell's grid keeps its cell's margin.
  const double margin = 1e-6 * std::max(1.0, grid_.cell);
  const Vec2 v[3] = {f.a - g.origin, f.b - g.origin, f.c - g.origin};
  const int j0 = g.at(std::min({v[0].y(), v[1].y(), v[2].y()}) - margin, g.ny);
  const int j1 = g.at(std::max({v[0].y(), v[1].y(), v[2].y()}) + margin, g.ny);
  for (int j = j0; j <= j1; ++j) {
    const double band_lo = j * g.cell - margin, band_hi = (j + 1) * g.cell + margin;
    double x_lo = std::numeric_limits<double>::infinity(), x_hi = -x_lo;
    for (int e = 0; e < 3; ++e) {
      const Vec2 &p = v[e], &q = v[(e + 1) % 3];
      if (p.y() >= band_lo && p.y() <= band_hi) x_lo = std::min(x_lo, p.x()), x_hi = std::max(x_hi, p.x());
      for (const double y : {band_lo, band_hi})
        if ((p.y() < y && q.y() > y) || (p.y() > y && q.y() < y)) {
          const double x = p.x() + (q.x() - p.x()) * ((y - p.y()) / (q.y() - p.y()));
          x_lo = std::min(x_lo, x), x_hi = std::max(x_hi, x);
        }
    }
    if (!(x_lo <= x_hi)) continue;
    for (int i = g.at(x_lo - margin, g.nx), last = g.at(x_hi + margin, g.nx); i <= last; ++i)
      visit(static_cast<std::size_t>(j) * g.nx + i);
  }
}

void SurfaceQuery::split_crowded_cells() {
  bool crowded = false;
  for (std::size_t k = 0; k + 1 < cell_start_.size() && !crowded; ++k)
    crowded = static_cast<std::size_t>(cell_start_[k + 1] - cell_start_[k]) > kCrowdedCell;
  if (!crowded) return;
  std::vector<int> kept;
  kept.reserve(items_.size());
  std::vector<int> start(1, 0);
  start.reserve(cell_start_.size());
  const auto nx = static_cast<std::size_t>(grid_.nx);
  for (std::size_t k = 0; k + 1 < cell_start_.size(); ++k) {
    const std::span<const int> list(items_.data() + cell_start_[k], items_.data() + cell_start_[k + 1]);
    const int i = static_cast<int>(k % nx), j = static_cast<int>(k / nx);
    // About four faces a subcell were they points; halved while the split does not pay.
    int d = std::min(kMaxSplit, static_cast<int>(std::ceil(std::sqrt(static_cast<double>(list.size()) / 4))));
    bool split = false;
    const bool may_split = list.size() > kCrowdedCell && !mostly_covering(i, j, list);
    for (; may_split && d >= 2 && !split; d /= 2) split = split_cell(i, j, list, d);
    if (split)
      kept.push_back(~static_cast<int>(splits_.size() - 1));
    else
      kept.insert(kept.end(), list.begin(), list.end());
    start.push_back(static_cast<int>(kept.size()));
  }
  items_.swap(kept);
  cell_start_.swap(start);
}

bool SurfaceQuery::mostly_covering(int i, int j, std::span<const int> list) const {
  // A face covering the cell's four corners covers the cell (both are convex), so every split lists it in
  // every subcell. Were covers()' tolerance ever to accept a corner just outside, only time is lost.
  const Vec2 lo = grid_.origin + Vec2(i, j) * grid_.cell, hi = lo + Vec2::Constant(grid_.cell);
  const Vec2 corners[4] = {lo, Vec2(hi.x(), lo.y()), Vec2(lo.x(), hi.y()), hi};
  std::size_t covering = 0, left = list.size();
  for (const int f : list) {
    const Face& face = faces_[static_cast<std::size_t>(f)];
    covering += std::all_of(std::begin(corners), std::end(corners), [&](const Vec2& c) { return covers(face, c); });
    --left;
    if (2 * covering > list.size()) return true;
    if (2 * (covering + left) <= list.size()) return false;
  }
  return false;
}

bool SurfaceQuery::split_cell(int i, int j, std::span<const int> list, int d) {
  const GridFrame sub{grid_.origin + Vec2(i, j) * grid_.cell, grid_.cell / d, d, d};
  std::vector<int> count(static_cast<std::size_t>(d) * d + 1, 0);
  const auto listed = static_cast<double>(list.size());
  int longest = 0;
  double total = 0;
  // The count stops once the split cannot pay: faces spanning the cell (a fuzzed file's span the scene)
  // would otherwise cost d x d entries each at every d tried in every crowded cell.
  for (const int f : list) {
    for_each_cell(faces_[static_cast<std::size_t>(f)], sub, [&](std::size_t s) {
      longest = std::max(longest, ++count[s + 1]);
      ++total;
    });
    if (2.0 * longest > listed || total > kSplitGrowth * listed) return false;
  }
  const int first = static_cast<int>(sub_start_.size()) - 1;
  for (std::size_t s = 1; s < count.size(); ++s) sub_start_.push_back(sub_start_.back() + count[s]);
  sub_items_.resize(static_cast<std::size_t>(sub_start_.back()));
  std::vector<int> fill(sub_start_.begin() + first, sub_start_.end() - 1);
  for (const int n : list)
    for_each_cell(faces_[static_cast<std::size_t>(n)], sub,
                  [&](std::size_t s) { sub_items_[static_cast<std::size_t>(fill[s]++)] = n; });
  splits_.push_back({first, d});
  return true;
}

double SurfaceQuery::listed_entries(double stop_above) const {
  double total = 0;
  for (const Face& f : faces_) {
    for_each_cell(f, grid_, [&total](std::size_t) { ++total; });
    if (total > stop_above) break;
  }
  return total;
}

}  // namespace crashbench
