// SurfaceQuery's cell lists (surface_query.hpp): the grid's cell size, the faces listed in each cell, and
// the crowded cells' own finer grids. The queries and the walk between faces are in surface_query.cpp, the
// rival search in surface_query_rivals.cpp.
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
  // Plain doubles: the sanitizer build pays for every Vec2 access in this loop (a fuzzed fan's build).
  const double margin = cell_margin();
  const double vx[3] = {f.a.x() - g.origin.x(), f.b.x() - g.origin.x(), f.c.x() - g.origin.x()};
  const double vy[3] = {f.a.y() - g.origin.y(), f.b.y() - g.origin.y(), f.c.y() - g.origin.y()};
  const int j0 = g.at(std::min({vy[0], vy[1], vy[2]}) - margin, g.ny);
  const int j1 = g.at(std::max({vy[0], vy[1], vy[2]}) + margin, g.ny);
  for (int j = j0; j <= j1; ++j) {
    const double band_lo = j * g.cell - margin, band_hi = (j + 1) * g.cell + margin;
    double x_lo = std::numeric_limits<double>::infinity(), x_hi = -x_lo;
    for (int e = 0; e < 3; ++e) {
      const int n = e == 2 ? 0 : e + 1;
      const double px = vx[e], py = vy[e], qx = vx[n], qy = vy[n];
      if (py >= band_lo && py <= band_hi) x_lo = std::min(x_lo, px), x_hi = std::max(x_hi, px);
      for (const double y : {band_lo, band_hi})
        if ((py < y && qy > y) || (py > y && qy < y)) {
          const double x = px + (qx - px) * ((y - py) / (qy - py));
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
    // A coarser grid's subcell of an even d is the union of four of the finer's, so its list holds theirs:
    // once a list stays too long, halving d cannot help.
    SplitOutcome outcome = SplitOutcome::kTooManyEntries;
    const bool may_split = list.size() > kCrowdedCell && !mostly_covering(i, j, list);
    for (; may_split && d >= 2; d /= 2) {
      outcome = split_cell(i, j, list, d);
      if (outcome == SplitOutcome::kSplit || (outcome == SplitOutcome::kListStaysLong && d % 2 == 0)) break;
    }
    if (outcome == SplitOutcome::kSplit)
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

SurfaceQuery::SplitOutcome SurfaceQuery::split_cell(int i, int j, std::span<const int> list, int d) {
  const GridFrame sub{grid_.origin + Vec2(i, j) * grid_.cell, grid_.cell / d, d, d};
  if (const SplitOutcome bound = split_bound(list, sub); bound != SplitOutcome::kSplit) return bound;
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
    if (2.0 * longest > listed) return SplitOutcome::kListStaysLong;
    if (total > kSplitGrowth * listed) return SplitOutcome::kTooManyEntries;
  }
  const int first = static_cast<int>(sub_start_.size()) - 1;
  for (std::size_t s = 1; s < count.size(); ++s) sub_start_.push_back(sub_start_.back() + count[s]);
  sub_items_.resize(static_cast<std::size_t>(sub_start_.back()));
  std::vector<int> fill(sub_start_.begin() + first, sub_start_.end() - 1);
  for (const int n : list)
    for_each_cell(faces_[static_cast<std::size_t>(n)], sub,
                  [&](std::size_t s) { sub_items_[static_cast<std::size_t>(fill[s]++)] = n; });
  splits_.push_back({first, d});
  return SplitOutcome::kSplit;
}

SurfaceQuery::SplitOutcome SurfaceQuery::split_bound(std::span<const int> list, const GridFrame& sub) const {
  // What for_each_cell will visit, from each face's bounds alone: a cell in each row its bounds span (the
  // face is connected); a face within one column (clamped to the grid: every row then visits that column
  // alone) in each cell of its rows there; a face inside one row's band in each cell of its columns there.
  // Lower bounds of split_cell's counts, so a split they refuse the count would refuse: a fan of 8,700
  // slivers crossing a cell, each within one column of subcells, is refused without visiting its cells.
  const double margin = cell_margin();
  const int d = sub.nx;
  std::vector<int> by_column(static_cast<std::size_t>(d * (d + 1)), 0), by_row(by_column.size(), 0);
  double total = 0;
  for (const int n : list) {
    const Face& f = faces_[static_cast<std::size_t>(n)];
    const Vec2 lo = f.a.cwiseMin(f.b).cwiseMin(f.c) - sub.origin, hi = f.a.cwiseMax(f.b).cwiseMax(f.c) - sub.origin;
    const int i0 = sub.at(lo.x() - margin, d), i1 = sub.at(hi.x() + margin, d);
    const int j0 = sub.at(lo.y() - margin, d), j1 = sub.at(hi.y() + margin, d);
    const bool in_row = j0 == j1 && lo.y() >= j0 * sub.cell - margin && hi.y() <= (j0 + 1) * sub.cell + margin;
    total += in_row ? i1 - i0 + 1 : j1 - j0 + 1;
    // Difference arrays along a column (row): +1 at its first cell, -1 past its last.
    const auto mark = [d](std::vector<int>& along, int line, int first, int last) {
      ++along[static_cast<std::size_t>(line * (d + 1) + first)];
      --along[static_cast<std::size_t>(line * (d + 1) + last + 1)];
    };
    if (i0 == i1)
      mark(by_column, i0, j0, j1);
    else if (in_row)
      mark(by_row, j0, i0, i1);
  }
  std::vector<int> longest_in(static_cast<std::size_t>(d * d), 0);
  for (int a = 0; a < d; ++a)
    for (int b = 0, column = 0, row = 0; b < d; ++b) {
      column += by_column[static_cast<std::size_t>(a * (d + 1) + b)];  // cell (a, b)
      row += by_row[static_cast<std::size_t>(a * (d + 1) + b)];        // cell (b, a)
      longest_in[static_cast<std::size_t>(b * d + a)] += column;
      longest_in[static_cast<std::size_t>(a * d + b)] += row;
    }
  const auto listed = static_cast<double>(list.size());
  if (2.0 * *std::max_element(longest_in.begin(), longest_in.end()) > listed) return SplitOutcome::kListStaysLong;
  if (total > kSplitGrowth * listed) return SplitOutcome::kTooManyEntries;
  return SplitOutcome::kSplit;
}

double SurfaceQuery::listed_entries(double stop_above) const {
  // A face meets at least one cell in each row and in each column its bounds span (it is connected): a
  // lower bound in one pass over the faces, enough to refuse a fine grid that a few long slivers crowd
  // without visiting their cells (a fuzzed fan of 58,000 slivers 5 km long: 6 of 7 grids refused so).
  double least = 0;
  for (const Face& f : faces_) {
    const Vec2 lo = f.a.cwiseMin(f.b).cwiseMin(f.c) - grid_.origin, hi = f.a.cwiseMax(f.b).cwiseMax(f.c) - grid_.origin;
    least += std::max(grid_.at(hi.x(), grid_.nx) - grid_.at(lo.x(), grid_.nx),
                      grid_.at(hi.y(), grid_.ny) - grid_.at(lo.y(), grid_.ny)) + 1;
  }
  if (least > stop_above) return least;
  double total = 0;
  for (const Face& f : faces_) {
    for_each_cell(f, grid_, [&total](std::size_t) { ++total; });
    if (total > stop_above) break;
  }
  return total;
}

}  // namespace crashbench
