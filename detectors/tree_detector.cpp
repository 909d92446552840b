#include "detectors/tree_detector.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include <fmt/format.h>

#include "core/error.hpp"
#include "detectors/broadphase/footprint_overlap.hpp"

namespace crashbench {
namespace {

constexpr double kMaxCells = 16e6;
constexpr double kMaxTested = 8e6;  // footprint-cell tests to build the grid, or 8 per triangle if more
constexpr int kScanCells = 16;  // up to this many cells under a rectangle, scan them instead of walking edges

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

void TreeDetector::collect_entries(const Scene& scene) {
  entries_.clear();
  for (std::size_t i = 0; i < scene.triangles.size(); ++i) {
    const Triangle& t = scene.triangles[i];
    const double zmin = std::min({t.a_W.z(), t.b_W.z(), t.c_W.z()}), zmax = std::max({t.a_W.z(), t.b_W.z(), t.c_W.z()});
    if (zmin == zmax) continue;  // horizontal: never sliced
    const Vec2 lo = t.a_W.head<2>().cwiseMin(t.b_W.head<2>()).cwiseMin(t.c_W.head<2>());
    const Vec2 hi = t.a_W.head<2>().cwiseMax(t.b_W.head<2>()).cwiseMax(t.c_W.head<2>());
    entries_.push_back({lo, hi, zmin, zmax, t, static_cast<int>(i)});
  }
}

void TreeDetector::layout_grid() {
  Vec2 lo = Vec2::Zero(), hi = Vec2::Zero();
  std::vector<double> extents;
  extents.reserve(entries_.size());
  for (std::size_t k = 0; k < entries_.size(); ++k) {
    lo = k == 0 ? entries_[k].lo_W : lo.cwiseMin(entries_[k].lo_W);
    hi = k == 0 ? entries_[k].hi_W : hi.cwiseMax(entries_[k].hi_W);
    extents.push_back((entries_[k].hi_W - entries_[k].lo_W).maxCoeff());
  }
  double median = 1.0;
  if (!extents.empty()) {
    std::nth_element(extents.begin(), extents.begin() + static_cast<std::ptrdiff_t>(extents.size() / 2), extents.end());
    median = extents[extents.size() / 2];
  }
  cell_ = cell_size_ > 0 ? cell_size_ : choose_cell(hi - lo, median);
  // Building tests each footprint against every cell of its bounds: coarser cells while that exceeds its
  // budget (a few hundred triangles spanning a whole scene would otherwise cost hours).
  const double max_tested = std::max(kMaxTested, 8.0 * static_cast<double>(entries_.size()));
  while (cell_size_ <= 0 && cells_tested(lo, cell_) > max_tested) cell_ *= 1.25;
  const Vec2 extent = hi - lo;
  if ((extent.x() / cell_ + 1) * (extent.y() / cell_ + 1) > kMaxCells)  // only a fixed cell_size can get here
    throw Error("", "/detector/cell_size", fmt::format("a {} m cell gives more than {} cells over this scene's {:.0f} x {:.0f} m; "
                                                      "expected a larger cell", cell_, kMaxCells, extent.x(), extent.y()));
  if (cell_size_ > 0 && cells_tested(lo, cell_) > max_tested)  // the loop above settled any chosen cell
    throw Error("", "/detector/cell_size", fmt::format("a {} m cell puts the triangles' footprints in more than {:.0f} cells; "
                                                      "expected a larger cell", cell_, max_tested));
  origin_W_ = lo;
  nx_ = static_cast<int>((hi.x() - lo.x()) / cell_) + 1;
  ny_ = static_cast<int>((hi.y() - lo.y()) / cell_) + 1;
}

double TreeDetector::cells_tested(const Vec2& origin_W, double cell) const {
  double total = 0;
  for (const Entry& e : entries_) {
    const Vec2 lo = ((e.lo_W - origin_W) / cell).array().floor(), hi = ((e.hi_W - origin_W) / cell).array().floor();
    total += (hi.x() - lo.x() + 1) * (hi.y() - lo.y() + 1);
  }
  return total;
}

void TreeDetector::fill_cells() {
  // Two passes (count, then fill) give the compressed cell lists: each entry in every cell its
  // footprint overlaps.
  cell_start_.assign(static_cast<std::size_t>(nx_) * ny_ + 1, 0);
  const Vec2 mm = Vec2::Constant(1e-3);
  const auto cells_of = [&](const Entry& e, auto&& visit) {
    const int i0 = cell_x(e.lo_W.x()), i1 = cell_x(e.hi_W.x()), j0 = cell_y(e.lo_W.y()), j1 = cell_y(e.hi_W.y());
    const bool one_row = i0 == i1 || j0 == j1;
    for (int j = j0; j <= j1; ++j)
      for (int i = i0; i <= i1; ++i) {
        const Vec2 lo = origin_W_ + Vec2(i, j) * cell_;
        // The cell grown by 1 mm, so that rounding never drops one.
        if (one_row || footprint_meets(footprint(e.t), as_rectangle(lo - mm, lo + Vec2::Constant(cell_) + mm)))
          visit(static_cast<std::size_t>(j) * nx_ + i);
      }
  };
  for (const Entry& e : entries_) cells_of(e, [&](std::size_t c) { ++cell_start_[c + 1]; });
  for (std::size_t c = 1; c < cell_start_.size(); ++c) cell_start_[c] += cell_start_[c - 1];
  items_.assign(cell_start_.back(), CellItem{});
  std::vector<std::uint32_t> fill(cell_start_.begin(), cell_start_.end() - 1);
  for (std::size_t k = 0; k < entries_.size(); ++k) {
    const Entry& e = entries_[k];
    const CellItem item{round_down(e.lo_W.x()), round_down(e.lo_W.y()), round_up(e.hi_W.x()), round_up(e.hi_W.y()),
                        round_down(e.zmin),     round_up(e.zmax),       static_cast<std::uint32_t>(k), 0, 0};
    cells_of(e, [&](std::size_t c) { items_[fill[c]++] = item; });
  }
}

void TreeDetector::prepare(const Scene& scene, int vehicle_count) {
  if (scene.triangles.empty()) throw Error(scene.name, "", "detector 'tree' needs collision triangles");
  surface_ = scene.surface;
  collect_entries(scene);
  layout_grid();
  fill_cells();
  build_runs();
  occupied_.build(cell_start_);
  stamp_.assign(entries_.size(), 0);
  query_ = 0;
  clear_.reset(vehicle_count);
}

// Truncation, not std::floor (a libm call without SSE4.1): they differ only below zero, where both clamp to 0.
int TreeDetector::cell_x(double x) const {
  return std::clamp(static_cast<int>((x - origin_W_.x()) / cell_), 0, nx_ - 1);
}
int TreeDetector::cell_y(double y) const {
  return std::clamp(static_cast<int>((y - origin_W_.y()) / cell_), 0, ny_ - 1);
}

void TreeDetector::take(std::uint32_t e, DetectorStats& stats) {
  if (stamp_[e] == query_) return;
  stamp_[e] = query_;
  ++stats.primitives_tested;
  set_.add_triangle(entries_[e].t, entries_[e].index);
}

void TreeDetector::visit_cell(std::size_t c, const Vec2& a, const Vec2& d, double z, DetectorStats& stats) {
  ++stats.nodes_visited;
  if (!occupied_(c)) return;
  if (visit_run(c, a, d, z, stats)) return;
  for (std::uint32_t k = cell_start_[c]; k < cell_start_[c + 1]; ++k) {
    const CellItem& it = items_[k];
    if (z <= it.zmin || z > it.zmax) continue;  // as slice_triangle decides (bounds rounded outwards)
    double t0 = 0, t1 = 1;
    if (!clip_to_slab(a.x(), d.x(), it.lo_x, it.hi_x, t0, t1) || !clip_to_slab(a.y(), d.y(), it.lo_y, it.hi_y, t0, t1))
      continue;
    take(it.entry, stats);
  }
}

void TreeDetector::scan_cells(const BoundingRectangle& rect, int i0, int i1, int j0, int j1, DetectorStats& stats) {
  if (rect.hi_W.x() < origin_W_.x() || rect.hi_W.y() < origin_W_.y()) return;
  if (rect.lo_W.x() > origin_W_.x() + nx_ * cell_ || rect.lo_W.y() > origin_W_.y() + ny_ * cell_) return;
  std::size_t pending = 0;
  for (int j = j0; j <= j1; ++j)
    for (int i = i0; i <= i1; ++i) {
      const std::size_t c = static_cast<std::size_t>(j) * nx_ + i;
      ++stats.nodes_visited;
      // Most cells under a car are empty road: the bit set stays cached, the cell arrays would not.
      if (!occupied_(c)) continue;
      if (in_run_(c)) {  // a crowded wall: let each edge find its crossings
        unseen_inside_ = true;
        take_pending(pending, stats);  // the order the cells list them in
        for (int e = 0; e < 4; ++e) {
          const Vec2& a = rect.corners_W[e];
          visit_run(c, a, rect.corners_W[(e + 1) % 4] - a, rect.z, stats);
        }
        continue;
      }
      for (std::uint32_t k = cell_start_[c]; k < cell_start_[c + 1]; ++k) {
        const CellItem& it = items_[k];
        if (rect.z <= it.zmin || rect.z > it.zmax) continue;
        if (it.lo_x > rect.hi_W.x() || it.lo_y > rect.hi_W.y() || it.hi_x < rect.lo_W.x() || it.hi_y < rect.lo_W.y())
          continue;
        // Taken a little later, in the same order: the triangles of a car's cells lie anywhere in memory,
        // and their fetches overlap while the rest of the cells are scanned.
        if (pending == kPending) take_pending(pending, stats);
        pending_[pending++] = it.entry;
        __builtin_prefetch(&stamp_[it.entry]);
        __builtin_prefetch(&entries_[it.entry].t);
        __builtin_prefetch(reinterpret_cast<const char*>(&entries_[it.entry].t) + 64);
      }
    }
  take_pending(pending, stats);
}

void TreeDetector::take_pending(std::size_t& pending, DetectorStats& stats) {
  for (std::size_t k = 0; k < pending; ++k) take(pending_[k], stats);
  pending = 0;
}

void TreeDetector::walk_edge(const Vec2& a_W, const Vec2& b_W, double z, DetectorStats& stats) {
  // Clip the edge to the grid, then step cell to cell along it (Amanatides & Woo).
  const Vec2 d = b_W - a_W;
  double t0 = 0, t1 = 1;
  const Vec2 top = origin_W_ + Vec2(nx_, ny_) * cell_;
  if (!clip_to_slab(a_W.x(), d.x(), origin_W_.x(), top.x(), t0, t1) ||
      !clip_to_slab(a_W.y(), d.y(), origin_W_.y(), top.y(), t0, t1))
    return;
  const Vec2 p = a_W + t0 * d, q = a_W + t1 * d;
  int i = cell_x(p.x()), j = cell_y(p.y());
  const int i_end = cell_x(q.x()), j_end = cell_y(q.y());
  const int si = d.x() > 0 ? 1 : -1, sj = d.y() > 0 ? 1 : -1;
  const double inf = std::numeric_limits<double>::infinity();
  const double next_x = origin_W_.x() + (i + (si > 0 ? 1 : 0)) * cell_, next_y = origin_W_.y() + (j + (sj > 0 ? 1 : 0)) * cell_;
  double t_x = d.x() != 0 ? (next_x - p.x()) / d.x() : inf, t_y = d.y() != 0 ? (next_y - p.y()) / d.y() : inf;
  const double dt_x = d.x() != 0 ? cell_ / std::abs(d.x()) : inf, dt_y = d.y() != 0 ? cell_ / std::abs(d.y()) : inf;
  const int steps = std::abs(i_end - i) + std::abs(j_end - j);
  for (int n = 0; n <= steps; ++n) {
    visit_cell(static_cast<std::size_t>(j) * nx_ + i, a_W, d, z, stats);
    if (t_x < t_y)
      t_x += dt_x, i = std::clamp(i + si, 0, nx_ - 1);
    else
      t_y += dt_y, j = std::clamp(j + sj, 0, ny_ - 1);
  }
}

bool TreeDetector::cells_near(const VehiclePose& pose, int& i0, int& i1, int& j0, int& j1) const {
  // No trigonometry: the CG's square of the rectangle's reach (at most 1.5 its reach) contains the rectangle.
  const double reach = std::max(pose.size.cg_to_front, pose.size.cg_to_rear) + 0.5 * pose.size.width;
  const Vec2& p = pose.position_W;
  i0 = cell_x(p.x() - reach), i1 = cell_x(p.x() + reach), j0 = cell_y(p.y() - reach), j1 = cell_y(p.y() + reach);
  return (i1 - i0 + 1) * (j1 - j0 + 1) <= kScanCells;  // beyond: the edges are walked; not worth it
}

void TreeDetector::prefetch_cell_lists(const VehiclePose& pose) const {
  int i0, i1, j0, j1;
  if (!cells_near(pose, i0, i1, j0, j1)) return;
  for (int j = j0; j <= j1; ++j) {
    const std::size_t c = static_cast<std::size_t>(j) * nx_ + i0;
    __builtin_prefetch(occupied_.word(c));
    __builtin_prefetch(&cell_start_[c]);
    __builtin_prefetch(in_run_.word(c));
  }
}

void TreeDetector::prefetch_items(const VehiclePose& pose) const {
  int i0, i1, j0, j1;
  if (!cells_near(pose, i0, i1, j0, j1)) return;
  for (int j = j0; j <= j1; ++j)
    for (int i = i0; i <= i1; ++i) {
      const std::size_t c = static_cast<std::size_t>(j) * nx_ + i;
      if (occupied_(c)) __builtin_prefetch(&items_[cell_start_[c]]);
    }
}

void TreeDetector::fetch_ahead(std::span<const VehiclePose> poses, std::size_t v, std::size_t slot) const {
  // Lists two cars ahead and then, once those have arrived, their items. A car with a clear box will most
  // likely skip its query: nothing to fetch for it.
  if (v + 2 < poses.size() && !clear_.holds(slot + 2)) prefetch_cell_lists(poses[v + 2]);
  if (v + 1 < poses.size() && !clear_.holds(slot + 1)) prefetch_items(poses[v + 1]);
}

bool TreeDetector::query(std::size_t v, std::size_t slot, const VehiclePose& pose, std::vector<Contact>& out,
                         DetectorStats& stats) {
  // Most cars sit well inside their boxes: the pose alone shows it, without placing the rectangle.
  if (clear_.holds(slot) && clear_.surely_covers(slot, pose, ground_under(pose, surface_.get()) + pose.cg_height))
    return true;
  const BoundingRectangle rect = bounding_rectangle(pose, surface_.get());
  if (clear_.covers(slot, rect.corners_W, rect.z)) return true;
  set_.reset(rect);
  if (++query_ == 0) std::fill(stamp_.begin(), stamp_.end(), 0), query_ = 1;
  // Only triangles crossing the rectangle's boundary count (interference.hpp). Few cells under the
  // rectangle: scan them all once; many (fine cells): walk its four edges.
  const int i0 = cell_x(rect.lo_W.x()), i1 = cell_x(rect.hi_W.x());
  const int j0 = cell_y(rect.lo_W.y()), j1 = cell_y(rect.hi_W.y());
  unseen_inside_ = (i1 - i0 + 1) * (j1 - j0 + 1) > kScanCells;
  if (!unseen_inside_)
    scan_cells(rect, i0, i1, j0, j1, stats);
  else
    for (int e = 0; e < 4; ++e) walk_edge(rect.corners_W[e], rect.corners_W[(e + 1) % 4], rect.z, stats);
  // A car that met no triangle is likely on open road: worth a box that spares the next queries.
  if (set_.empty())
    clear_.remember(slot, rect.cg_W, rect.forward_W, pose.heading, rect.front, rect.rear, rect.half_width, rect.z,
                    [this](const ClearBoxes::Proposal& p) { return triangles_meet(p); });
  set_.emit(static_cast<int>(v), out);
  return !unseen_inside_ && set_.met_nothing();
}

bool TreeDetector::triangles_meet(const ClearBoxes::Proposal& p) const {
  constexpr int kMaxBoxCells = 64;  // more (fine cells): not worth scanning, the box is not made
  Vec2 lo, hi;
  rectangle_box(p.tested, lo, hi);
  const int i0 = cell_x(lo.x()), i1 = cell_x(hi.x()), j0 = cell_y(lo.y()), j1 = cell_y(hi.y());
  if ((i1 - i0 + 1) * (j1 - j0 + 1) > kMaxBoxCells) return true;
  for (int j = j0; j <= j1; ++j)
    for (int i = i0; i <= i1; ++i) {
      const std::size_t c = static_cast<std::size_t>(j) * nx_ + i;
      if (!occupied_(c) || !box_meets_run_band(c, p.tested)) continue;
      for (std::uint32_t k = cell_start_[c]; k < cell_start_[c + 1]; ++k) {
        const CellItem& it = items_[k];
        // A plane at some z in [z_lo, z_hi] slices it (zmin < z <= zmax, as the scan decides).
        if (!(it.zmin < p.z_hi && it.zmax >= p.z_lo)) continue;
        if (it.lo_x > hi.x() || it.lo_y > hi.y() || it.hi_x < lo.x() || it.hi_y < lo.y()) continue;
        if (footprint_meets(footprint(entries_[it.entry].t), p.tested)) return true;
      }
    }
  return false;
}

nlohmann::json TreeDetector::parameters() const {
  nlohmann::json out = {{"name", name()}};
  if (cell_size_ > 0) out["cell_size"] = cell_size_;
  return out;
}

std::unique_ptr<Detector> make_tree_detector(const JsonReader& detector) {
  detector.only_keys({"name", "cell_size"});
  const auto cell = detector.find("cell_size");
  return std::make_unique<TreeDetector>(cell ? cell->number_in(0.05, 1000.0) : 0.0);
}

}  // namespace crashbench
