#include "detectors/tree_detector.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include <fmt/format.h>

#include "core/error.hpp"
#include "detectors/broadphase/footprint_overlap.hpp"
#include "detectors/scenes/scene_builds.hpp"

namespace crashbench {
namespace {

constexpr int kScanCells = 16;  // up to this many cells under a rectangle, scan them instead of walking edges

}  // namespace

void TreeDetector::prepare(const Scene& scene, int vehicle_count) {
  if (scene.triangles.empty()) throw Error(scene.name, "", "detector 'tree' needs collision triangles");
  // On a scene that keeps its builds, the grid of the last case with this cell_size, or of another thread.
  use_grid(kept_or_made<TreeGrid>(scene, fmt::format("tree|{:a}", cell_size_),
                                  [&] { return std::make_shared<const TreeGrid>(scene, cell_size_); }),
           scene, vehicle_count);
}

void TreeDetector::prepare_as(const Detector& prepared, const Scene& scene, int vehicle_count) {
  const auto* tree = dynamic_cast<const TreeDetector*>(&prepared);
  if (!tree || !tree->grid_ || tree->grid_->scene != &scene || tree->cell_size_ != cell_size_)
    return prepare(scene, vehicle_count);
  use_grid(tree->grid_, scene, vehicle_count);
}

void TreeDetector::use_grid(std::shared_ptr<const TreeGrid> grid, const Scene& scene, int vehicle_count) {
  grid_ = std::move(grid);
  surface_ = scene.surface;
  stamp_.assign(grid_->entries.size(), 0);
  query_ = 0;
  clear_.reset(vehicle_count);
  near_.reset(vehicle_count);
}

void TreeDetector::take(std::uint32_t e, DetectorStats& stats) {
  const TreeGrid& g = *grid_;
  if (stamp_[e] == query_) return;
  stamp_[e] = query_;
  ++stats.primitives_tested;
  set_.add_triangle(g.entries[e].t, g.entries[e].index);
}

void TreeDetector::visit_cell(std::size_t c, const Vec2& a, const Vec2& d, double z, DetectorStats& stats) {
  const TreeGrid& g = *grid_;
  ++stats.nodes_visited;
  if (!g.occupied(c)) return;
  if (visit_run(c, a, d, z, stats)) return;
  for (std::uint32_t k = g.cell_start[c]; k < g.cell_start[c + 1]; ++k) {
    const TreeGrid::CellItem& it = g.items[k];
    // As slice_triangle decides (bounds rounded outwards); a plane above it is above every later item.
    if (z > it.zmax) break;
    if (z <= it.zmin) continue;
    double t0 = 0, t1 = 1;
    if (!clip_to_slab(a.x(), d.x(), it.lo_x, it.hi_x, t0, t1) || !clip_to_slab(a.y(), d.y(), it.lo_y, it.hi_y, t0, t1))
      continue;
    take(it.entry, stats);
  }
}

void TreeDetector::scan_cells(const BoundingRectangle& rect, int i0, int i1, int j0, int j1, DetectorStats& stats) {
  const TreeGrid& g = *grid_;
  if (rect.hi_W.x() < g.origin_W.x() || rect.hi_W.y() < g.origin_W.y()) return;
  if (rect.lo_W.x() > g.origin_W.x() + g.nx * g.cell || rect.lo_W.y() > g.origin_W.y() + g.ny * g.cell) return;
  std::size_t pending = 0;
  for (int j = j0; j <= j1; ++j)
    for (int i = i0; i <= i1; ++i) {
      const std::size_t c = static_cast<std::size_t>(j) * g.nx + i;
      ++stats.nodes_visited;
      // Most cells under a car are empty road: the bit set stays cached, the cell arrays would not.
      if (!g.occupied(c)) continue;
      if (g.in_run(c)) {  // a crowded wall: let each edge find its crossings
        scan_run(c, rect, pending, stats);
        continue;
      }
      for (std::uint32_t k = g.cell_start[c]; k < g.cell_start[c + 1]; ++k) {
        const TreeGrid::CellItem& it = g.items[k];
        if (rect.z > it.zmax) break;  // and above every later item: highest first
        if (rect.z <= it.zmin) continue;
        if (it.lo_x > rect.hi_W.x() || it.lo_y > rect.hi_W.y() || it.hi_x < rect.lo_W.x() || it.hi_y < rect.lo_W.y())
          continue;
        // Taken a little later, in the same order: the triangles of a car's cells lie anywhere in memory,
        // and their fetches overlap while the rest of the cells are scanned.
        if (pending == kPending) take_pending(pending, stats);
        pending_[pending++] = it.entry;
        __builtin_prefetch(&stamp_[it.entry]);
        __builtin_prefetch(&g.entries[it.entry].t);
        __builtin_prefetch(reinterpret_cast<const char*>(&g.entries[it.entry].t) + 64);
      }
    }
  take_pending(pending, stats);
}

void TreeDetector::take_pending(std::size_t& pending, DetectorStats& stats) {
  for (std::size_t k = 0; k < pending; ++k) take(pending_[k], stats);
  pending = 0;
}

void TreeDetector::walk_edge(const Vec2& a_W, const Vec2& b_W, double z, DetectorStats& stats) {
  const TreeGrid& g = *grid_;
  // Clip the edge to the grid, then step cell to cell along it (Amanatides & Woo).
  const Vec2 d = b_W - a_W;
  double t0 = 0, t1 = 1;
  const Vec2 top = g.origin_W + Vec2(g.nx, g.ny) * g.cell;
  if (!clip_to_slab(a_W.x(), d.x(), g.origin_W.x(), top.x(), t0, t1) ||
      !clip_to_slab(a_W.y(), d.y(), g.origin_W.y(), top.y(), t0, t1))
    return;
  const Vec2 p = a_W + t0 * d, q = a_W + t1 * d;
  int i = g.cell_x(p.x()), j = g.cell_y(p.y());
  const int i_end = g.cell_x(q.x()), j_end = g.cell_y(q.y());
  const int si = d.x() > 0 ? 1 : -1, sj = d.y() > 0 ? 1 : -1;
  const double inf = std::numeric_limits<double>::infinity();
  const double next_x = g.origin_W.x() + (i + (si > 0 ? 1 : 0)) * g.cell;
  const double next_y = g.origin_W.y() + (j + (sj > 0 ? 1 : 0)) * g.cell;
  double t_x = d.x() != 0 ? (next_x - p.x()) / d.x() : inf, t_y = d.y() != 0 ? (next_y - p.y()) / d.y() : inf;
  const double dt_x = d.x() != 0 ? g.cell / std::abs(d.x()) : inf, dt_y = d.y() != 0 ? g.cell / std::abs(d.y()) : inf;
  const int steps = std::abs(i_end - i) + std::abs(j_end - j);
  for (int n = 0; n <= steps; ++n) {
    visit_cell(static_cast<std::size_t>(j) * g.nx + i, a_W, d, z, stats);
    if (t_x < t_y)
      t_x += dt_x, i = std::clamp(i + si, 0, g.nx - 1);
    else
      t_y += dt_y, j = std::clamp(j + sj, 0, g.ny - 1);
  }
}

bool TreeDetector::cells_near(const VehiclePose& pose, int& i0, int& i1, int& j0, int& j1) const {
  const TreeGrid& g = *grid_;
  // No trigonometry: the CG's square of the rectangle's reach (at most 1.5 its reach) contains the rectangle.
  const double reach = std::max(pose.size.cg_to_front, pose.size.cg_to_rear) + 0.5 * pose.size.width;
  const Vec2& p = pose.position_W;
  i0 = g.cell_x(p.x() - reach), i1 = g.cell_x(p.x() + reach);
  j0 = g.cell_y(p.y() - reach), j1 = g.cell_y(p.y() + reach);
  return (i1 - i0 + 1) * (j1 - j0 + 1) <= kScanCells;  // beyond: the edges are walked; not worth it
}

void TreeDetector::prefetch_cell_lists(const VehiclePose& pose) const {
  const TreeGrid& g = *grid_;
  int i0, i1, j0, j1;
  if (!cells_near(pose, i0, i1, j0, j1)) return;
  for (int j = j0; j <= j1; ++j) {
    const std::size_t c = static_cast<std::size_t>(j) * g.nx + i0;
    __builtin_prefetch(g.occupied.word(c));
    __builtin_prefetch(&g.cell_start[c]);
    __builtin_prefetch(g.in_run.word(c));
  }
}

void TreeDetector::prefetch_items(const VehiclePose& pose) const {
  const TreeGrid& g = *grid_;
  int i0, i1, j0, j1;
  if (!cells_near(pose, i0, i1, j0, j1)) return;
  for (int j = j0; j <= j1; ++j)
    for (int i = i0; i <= i1; ++i) {
      const std::size_t c = static_cast<std::size_t>(j) * g.nx + i;
      if (g.occupied(c)) __builtin_prefetch(&g.items[g.cell_start[c]]);
    }
}

void TreeDetector::fetch_ahead(std::span<const VehiclePose> poses, std::size_t v, std::size_t slot) const {
  // Lists two cars ahead and then, once those have arrived, their items. A car with a clear box will most
  // likely skip its query: nothing to fetch for it. One whose near box spared a query will likely test
  // that box's triangles alone: those are fetched instead.
  if (v + 2 < poses.size() && !clear_.holds(slot + 2)) {
    if (near_.has_spared(slot + 2))
      __builtin_prefetch(&near_.items(slot + 2));
    else
      prefetch_cell_lists(poses[v + 2]);
  }
  if (v + 1 < poses.size() && !clear_.holds(slot + 1)) {
    if (near_.has_spared(slot + 1))
      prefetch_near_triangles(near_.items(slot + 1));
    else
      prefetch_items(poses[v + 1]);
  }
}

void TreeDetector::prefetch_near_triangles(const NearBoxes::Items& near) const {
  const TreeGrid& g = *grid_;
  for (std::uint32_t k = 0; k < near.count; ++k) {
    const auto* t = reinterpret_cast<const char*>(&g.entries[near.entry[k]].t);
    __builtin_prefetch(t);
    __builtin_prefetch(t + 64);
  }
}

bool TreeDetector::query(std::size_t v, std::size_t slot, const VehiclePose& pose, std::vector<Contact>& out,
                         DetectorStats& stats) {
  // Most cars sit well inside their boxes: the pose alone shows it, without placing the rectangle.
  if (clear_.holds(slot) && clear_.surely_covers(slot, pose, ground_under(pose, surface_.get()) + pose.cg_height))
    return true;
  const BoundingRectangle rect = bounding_rectangle(pose, surface_.get());
  if (clear_.covers(slot, rect.corners_W, rect.z)) return true;
  if (const NearBoxes::Items* near = near_.covering(slot, rect.corners_W, rect.z))
    return query_near(v, *near, rect, out, stats);
  scan(rect, stats);
  // A car that met no triangle is likely on open road: worth a box that spares the next queries. One
  // beside a barrier is worth a box that lists the barrier's few triangles.
  if (set_.empty())
    clear_.remember(slot, rect.cg_W, rect.forward_W, pose.heading, rect.front, rect.rear, rect.half_width, rect.z,
                    [this](const ClearBoxes::Proposal& p) { return triangles_meet(p); });
  if (!clear_.holds(slot))
    near_.remember(slot, rect.cg_W, rect.forward_W, pose.heading, rect.front, rect.rear, rect.half_width, rect.z,
                   [this](const ClearBoxes::Proposal& p, NearBoxes::Items& items) { return list_triangles(p, items); });
  set_.emit(static_cast<int>(v), out);
  return !unseen_inside_ && set_.met_nothing();
}

bool TreeDetector::query_reading(std::size_t v, std::size_t slot, const VehiclePose& pose, std::vector<Contact>& out,
                                 DetectorStats& stats) {
  const BoundingRectangle rect = bounding_rectangle(pose, surface_.get());
  if (clear_.contains(slot, rect.corners_W, rect.z)) return true;
  if (const NearBoxes::Items* near = near_.holding(slot, rect.corners_W, rect.z))
    return query_near(v, *near, rect, out, stats);
  scan(rect, stats);
  set_.emit(static_cast<int>(v), out);
  return !unseen_inside_ && set_.met_nothing();
}

void TreeDetector::scan(const BoundingRectangle& rect, DetectorStats& stats) {
  const TreeGrid& g = *grid_;
  set_.reset(rect);
  if (++query_ == 0) std::fill(stamp_.begin(), stamp_.end(), 0), query_ = 1;
  // Only triangles crossing the rectangle's boundary count (interference.hpp). Few cells under the
  // rectangle: scan them all once; many (fine cells): walk its four edges.
  const int i0 = g.cell_x(rect.lo_W.x()), i1 = g.cell_x(rect.hi_W.x());
  const int j0 = g.cell_y(rect.lo_W.y()), j1 = g.cell_y(rect.hi_W.y());
  unseen_inside_ = (i1 - i0 + 1) * (j1 - j0 + 1) > kScanCells;
  if (!unseen_inside_)
    scan_cells(rect, i0, i1, j0, j1, stats);
  else
    for (int e = 0; e < 4; ++e) walk_edge(rect.corners_W[e], rect.corners_W[(e + 1) % 4], rect.z, stats);
}

bool TreeDetector::query_near(std::size_t v, const NearBoxes::Items& near, const BoundingRectangle& rect,
                              std::vector<Contact>& out, DetectorStats& stats) {
  const TreeGrid& g = *grid_;
  set_.reset(rect);
  for (std::uint32_t k = 0; k < near.count; ++k) {
    const TreeGrid::Entry& e = g.entries[near.entry[k]];
    // The box's other triangles (the next panels of its barrier) lie beyond the rectangle's bounds.
    if (e.lo_W.x() > rect.hi_W.x() || e.lo_W.y() > rect.hi_W.y() || e.hi_W.x() < rect.lo_W.x() ||
        e.hi_W.y() < rect.lo_W.y())
      continue;
    ++stats.primitives_tested;
    set_.add_triangle(e.t, e.index);
  }
  set_.emit(static_cast<int>(v), out);
  return set_.met_nothing();  // every triangle that could meet it was tested
}

template <class Visit, class Visited>
bool TreeDetector::for_each_triangle_in(const ClearBoxes::Proposal& p, Visit&& visit, Visited&& visited) const {
  const TreeGrid& g = *grid_;
  constexpr int kMaxBoxCells = 64;  // more (fine cells): not worth scanning, the box is not made
  Vec2 lo, hi;
  rectangle_box(p.tested, lo, hi);
  const int i0 = g.cell_x(lo.x()), i1 = g.cell_x(hi.x()), j0 = g.cell_y(lo.y()), j1 = g.cell_y(hi.y());
  if ((i1 - i0 + 1) * (j1 - j0 + 1) > kMaxBoxCells) return false;
  for (int j = j0; j <= j1; ++j)
    for (int i = i0; i <= i1; ++i) {
      const std::size_t c = static_cast<std::size_t>(j) * g.nx + i;
      if (!g.occupied(c) || !box_meets_run_band(c, p.tested)) continue;
      const bool by_height = !g.in_run(c);  // a run's items are by s_lo
      for (std::uint32_t k = g.cell_start[c]; k < g.cell_start[c + 1]; ++k) {
        const TreeGrid::CellItem& it = g.items[k];
        // A plane at some z in [z_lo, z_hi] slices it (zmin < z <= zmax, as the scan decides); in a cell by
        // height, the items after one below z_lo lie lower still.
        if (!(it.zmax >= p.z_lo)) {
          if (by_height) break;
          continue;
        }
        if (!(it.zmin < p.z_hi)) continue;
        if (it.lo_x > hi.x() || it.lo_y > hi.y() || it.hi_x < lo.x() || it.hi_y < lo.y()) continue;
        if (visited(it.entry)) continue;  // from another cell: its footprint test is not repeated
        if (footprint_meets(footprint(g.entries[it.entry].t), p.tested) && !visit(it.entry)) return false;
      }
    }
  return true;
}

bool TreeDetector::triangles_meet(const ClearBoxes::Proposal& p) const {
  return !for_each_triangle_in(p, [](std::uint32_t) { return false; }, [](std::uint32_t) { return false; });
}

bool TreeDetector::list_triangles(const ClearBoxes::Proposal& p, NearBoxes::Items& items) const {
  items.count = 0;
  return for_each_triangle_in(
      p, [&items](std::uint32_t e) { return items.add(e); }, [&items](std::uint32_t e) { return items.lists(e); });
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
