// Runs: the tree detector's cells crowded with a finely cut wall, sorted along the wall so that an edge
// finds the triangles it may cross by binary search instead of testing all of them.
#include <algorithm>
#include <array>
#include <limits>

#include "detectors/tree_detector.hpp"

namespace crashbench {
namespace {

constexpr std::uint32_t kRunMinItems = 12;  // fewer items: a linear scan is as quick

/// Unit direction of the longest horizontal edge of `t`, or zero.
Vec2 main_direction(const Triangle& t) {
  const Vec2 e[3] = {(t.b_W - t.a_W).head<2>(), (t.c_W - t.b_W).head<2>(), (t.a_W - t.c_W).head<2>()};
  const Vec2& longest = *std::max_element(e, e + 3, [](const Vec2& x, const Vec2& y) { return x.norm() < y.norm(); });
  return longest.norm() > 0 ? Vec2(longest.normalized()) : Vec2::Zero();
}

}  // namespace

void TreeGrid::build_runs() {
  runs.clear();
  run_keys.assign(items.size(), 0.0f);
  run_of_cell.assign(static_cast<std::size_t>(nx) * ny, kNoRun);
  for (std::size_t c = 0; c + 1 < cell_start.size(); ++c) {
    const std::uint32_t first = cell_start[c], last = cell_start[c + 1];
    if (last - first < kRunMinItems) continue;
    Run run;
    run.dir = main_direction(entries[items[first].entry].t);
    if (run.dir.isZero()) continue;
    const Vec2 n = perp(run.dir);
    run.p_lo = std::numeric_limits<double>::max(), run.p_hi = -run.p_lo;
    for (std::uint32_t k = first; k < last; ++k) {
      const Triangle& t = entries[items[k].entry].t;
      double s_lo = std::numeric_limits<double>::max(), s_hi = -s_lo;
      for (const Vec3* v : {&t.a_W, &t.b_W, &t.c_W}) {
        const double s = run.dir.dot(v->head<2>()), p = n.dot(v->head<2>());
        s_lo = std::min(s_lo, s), s_hi = std::max(s_hi, s);
        run.p_lo = std::min(run.p_lo, p), run.p_hi = std::max(run.p_hi, p);
      }
      items[k].s_lo = round_down(s_lo), items[k].s_hi = round_up(s_hi);
    }
    if (run.p_hi - run.p_lo > 0.25 * cell) continue;  // not one thin wall: keep the linear scan
    const auto begin = items.begin() + first, end = items.begin() + last;
    std::sort(begin, end, [](const CellItem& x, const CellItem& y) { return x.s_lo < y.s_lo; });
    // A separate array of running maxima: the binary search touches few cache lines.
    float running = -std::numeric_limits<float>::infinity();
    for (std::uint32_t k = first; k < last; ++k) run_keys[k] = running = std::max(running, items[k].s_hi);
    run_of_cell[c] = static_cast<std::uint32_t>(runs.size());
    runs.push_back(run);
  }
  in_run.build(run_of_cell.size(), [&](std::size_t c) { return run_of_cell[c] != kNoRun; });
}

bool TreeDetector::box_meets_run_band(std::size_t c, const OrientedRectangle& box) const {
  const TreeGrid& g = *grid_;
  const std::uint32_t r = g.run_of(c);
  if (r == TreeGrid::kNoRun) return true;  // not a run: its items may lie anywhere in the cell
  // The box's extent across the run: its centre's, give or take its half sides projected on the normal.
  const TreeGrid::Run& run = g.runs[r];
  const Vec2 n = perp(run.dir);
  const double centre = n.dot(box.centre_W);
  const double reach = std::abs(n.dot(box.axis_W)) * box.half_x + std::abs(cross(box.axis_W, n)) * box.half_y + 1e-9;
  return centre + reach >= run.p_lo && centre - reach <= run.p_hi;
}

bool TreeDetector::visit_run(std::size_t c, const Vec2& a, const Vec2& d, double z, DetectorStats& stats) {
  const TreeGrid& g = *grid_;
  const std::uint32_t r = g.run_of(c);
  if (r == TreeGrid::kNoRun) return false;
  const TreeGrid::Run& run = g.runs[r];
  const Vec2 n = perp(run.dir);
  cross_run(c, run, a, d, n.dot(a), n.dot(d), z, stats);
  return true;
}

void TreeDetector::scan_run(std::size_t c, const BoundingRectangle& rect, std::size_t& pending, DetectorStats& stats) {
  const TreeGrid& g = *grid_;
  const TreeGrid::Run& run = g.runs[g.run_of_cell[c]];
  const Vec2 n = perp(run.dir);
  std::array<double, 4> across;
  for (int k = 0; k < 4; ++k) across[k] = n.dot(rect.corners_W[k]);
  const auto [lo, hi] = std::minmax_element(across.begin(), across.end());
  if (*hi < run.p_lo || *lo > run.p_hi) return;  // one test instead of four edges' clipping
  unseen_inside_ = true;
  take_pending(pending, stats);  // the order the cells list them in
  for (int e = 0; e < 4; ++e) {
    const int f = (e + 1) % 4;
    const Vec2& a = rect.corners_W[e];
    cross_run(c, run, a, rect.corners_W[f] - a, across[e], across[f] - across[e], rect.z, stats);
  }
}

void TreeDetector::cross_run(std::size_t c, const TreeGrid::Run& run, const Vec2& a, const Vec2& d, double across_a,
                             double across_d, double z, DetectorStats& stats) {
  const TreeGrid& g = *grid_;
  // The part of the edge inside the band, and its extent [s0, s1] along the run.
  double t0 = 0, t1 = 1;
  if (!clip_to_slab(across_a, across_d, run.p_lo, run.p_hi, t0, t1)) return;
  const double sa = run.dir.dot(a + t0 * d), sb = run.dir.dot(a + t1 * d);
  const double s0 = std::min(sa, sb), s1 = std::max(sa, sb);
  const auto keys = g.run_keys.begin();
  const auto found =
      std::partition_point(keys + g.cell_start[c], keys + g.cell_start[c + 1], [s0](float m) { return m < s0; });
  const auto end = g.items.begin() + g.cell_start[c + 1];
  for (auto it = g.items.begin() + (found - keys); it != end && it->s_lo <= s1; ++it) {
    if (it->s_hi < s0 || z <= it->zmin || z > it->zmax) continue;
    double u0 = 0, u1 = 1;
    if (!clip_to_slab(a.x(), d.x(), it->lo_x, it->hi_x, u0, u1) || !clip_to_slab(a.y(), d.y(), it->lo_y, it->hi_y, u0, u1))
      continue;
    take(it->entry, stats);
  }
}

}  // namespace crashbench
