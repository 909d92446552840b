#include "cases/checks/tunnelling_check.hpp"

#include <algorithm>
#include <array>
#include <cassert>
#include <cmath>
#include <limits>

#include "detectors/broadphase/analytic_rectangles.hpp"
#include "detectors/broadphase/footprint_overlap.hpp"
#include "detectors/scenes/interference.hpp"
#include "detectors/scenes/scene_builds.hpp"

namespace crashbench {
namespace {

/// True if segments p0-p1 and a-b cross with p0 and p1 strictly on opposite sides of the line a-b.
bool crosses(const Vec2& p0, const Vec2& p1, const Vec2& a, const Vec2& b) {
  const double s0 = cross(b - a, p0 - a), s1 = cross(b - a, p1 - a);
  if (!(s0 * s1 < 0)) return false;
  const double t0 = cross(p1 - p0, a - p0), t1 = cross(p1 - p0, b - p0);
  return t0 * t1 <= 0;
}

Vec2 cg(const StateVector& x) { return {x[0], x[1]}; }

/// How far a vehicle's clear box reaches around the path that found it [m]: small enough to fit between a
/// car's CG and the barrier it scrapes (half a car's width).
constexpr double kClearMargin = 0.5;
/// How far a clear box reaches on along a moving car's path: 40 more steps like the last, at most 8 m (a
/// car at 25 m/s keeps its box for about 40 steps of 5 ms on open road) [-, m]. The box lies along the
/// path, so it reaches that far down a lane, even a diagonal one, without meeting the lane's barriers:
/// traffic's 10,000 cars renew 185,000 boxes in 4 s where a box of the world's axes reaching 2 m renewed
/// 601,000 (docs/scale.md).
constexpr double kAheadSteps = 40;
constexpr double kAheadMax = 8.0;
/// How far a swept box may move before the vehicle pairs are looked up in a grid again [m]
/// (BoxPairs::find_coherent; traffic, 10,000 cars: one step in 7, 0.4 candidates per car).
constexpr double kPairsMargin = 1.0;

/// The boxes a vehicle's slot is offered for its path from p0 to p1 (TunnellingCheck::find_candidates), for
/// walls at any height: along the path (the world's x axis for a car at rest), from kClearMargin behind p0
/// to kClearMargin beyond the path's reach ahead, kClearMargin either side; the second reaches no further
/// than p1, so it lies inside the first.
std::array<ClearBoxes::Proposal, 2> renewal_boxes(const Vec2& p0, const Vec2& p1) {
  constexpr double kInfinity = std::numeric_limits<double>::infinity();
  const Vec2 step = p1 - p0;
  const double length = step.norm();
  const Vec2 axis = length > 0 ? Vec2(step / length) : Vec2::UnitX();
  const double ahead = std::min(kAheadSteps * length, kAheadMax);
  const auto reaching = [&](double beyond_p1) {
    const OrientedRectangle box{0.5 * (p0 + p1 + beyond_p1 * axis), axis, 0.5 * (length + beyond_p1) + kClearMargin,
                                kClearMargin};
    return ClearBoxes::propose(box, -kInfinity, kInfinity);
  };
  return {reaching(ahead), reaching(0)};
}

}  // namespace

TunnellingCheck::SceneWalls::SceneWalls(const Scene& source) : scene(&source), triangles(source.triangles) {
  // The triangles, where the scene has them, are the walls as they stand; its analytic walls then add
  // nothing, and where they were derived from the triangles (a file scene) they have lost their height:
  // a gantry's footprint lies across the road.
  for (std::size_t i = 0; source.triangles.empty() && i < source.walls.size(); ++i) {
    const Vec2 &a = source.walls[i].a_W, &b = source.walls[i].b_W;
    walls.push_back({footprint(a, b), a.cwiseMin(b), a.cwiseMax(b), -1, 0, 0, static_cast<int>(i)});
  }
  for (std::size_t i = 0; i < source.triangles.size(); ++i) {
    const Triangle& t = source.triangles[i];
    const double z_lo = std::min({t.a_W.z(), t.b_W.z(), t.c_W.z()});
    const double z_hi = std::max({t.a_W.z(), t.b_W.z(), t.c_W.z()});
    if (!(z_hi > z_lo)) continue;  // flat: no horizontal plane cuts it in a line
    const Vec2 lo = t.a_W.head<2>().cwiseMin(t.b_W.head<2>()).cwiseMin(t.c_W.head<2>());
    const Vec2 hi = t.a_W.head<2>().cwiseMax(t.b_W.head<2>()).cwiseMax(t.c_W.head<2>());
    walls.push_back({footprint(t), lo, hi, static_cast<int>(i), z_lo, z_hi, static_cast<int>(source.walls.size() + i)});
  }
  std::sort(walls.begin(), walls.end(), [](const Wall& a, const Wall& b) { return a.lo_W.x() < b.lo_W.x(); });
  std::vector<Box2> boxes;
  for (const Wall& w : walls) boxes.push_back({w.lo_W, w.hi_W});
  grid.build(boxes);
}

TunnellingCheck::TunnellingCheck(const Scene& scene, std::span<const VehicleSetup> vehicles, int threads) {
  const std::size_t n = vehicles.size();
  surface_ = scene.surface;
  for (const VehicleSetup& v : vehicles) {
    const RectangleSize& s = v.params.body;
    centre_lines_.push_back({Vec2(-s.cg_to_rear, 0), Vec2(s.cg_to_front, 0), Vec2(0, -0.5 * s.width), Vec2(0, 0.5 * s.width)});
    reach_.push_back(std::hypot(std::max(s.cg_to_front, s.cg_to_rear), 0.5 * s.width));
  }
  // Built once per scene where the scene keeps its builds (every case of a matrix on it reads one copy).
  walls_ = kept_or_made<SceneWalls>(scene, "no_tunnelling walls",
                                    [&] { return std::make_shared<const SceneWalls>(scene); });
  ranges_.resize(static_cast<std::size_t>(std::max(threads, 1)));
  for (Range& range : ranges_) {
    range.candidates.reserve(walls_->walls.size());
    range.marks = walls_->grid.marks();
  }
  clear_.reset(static_cast<int>(n));
  near_.reset(static_cast<int>(n));
  swept_.resize(n);
  pairs_.reserve(static_cast<int>(n), std::max(threads, 1));
  to_start_frame_.resize(n);
  turned_at_.assign(n, -1);
  crossed_.resize(n);
  start_ground_.assign(n, std::numeric_limits<double>::quiet_NaN());
}

void TunnellingCheck::find_candidates(std::size_t vehicle, const Vec2& p0, const Vec2& p1, Range& range) {
  // Two boxes to offer (renewal_boxes), the second inside the first: the path's box reaching on along it
  // (kAheadSteps more such steps, at most kAheadMax) grown by the margin, then the path's own box grown
  // by it. A box counts as clear only if no wall's footprint meets it (the walls' own footprints, not
  // their boxes: a diagonal barrier's box covers the road beside it). The walls whose boxes meet the
  // first are fetched once: the path's walls are among them, and a wall ahead of the one that met the
  // first box, in their order, met neither.
  const Vec2 lo = p0.cwiseMin(p1), hi = p0.cwiseMax(p1);
  const std::array<ClearBoxes::Proposal, 2> boxes = renewal_boxes(p0, p1);
  bool fetched = false;
  const auto fetch_first_box = [&] {
    if (fetched) return;
    Vec2 query_lo, query_hi;
    rectangle_box(boxes[0].tested, query_lo, query_hi);
    walls_->grid.candidates(query_lo, query_hi, range.candidates, range.marks);
    fetched = true;
  };
  std::size_t first_met = 0;
  clear_.remember(vehicle, boxes, 0.0, [&](const ClearBoxes::Proposal& box) {
    fetch_first_box();
    for (; first_met < range.candidates.size(); ++first_met) {
      const Wall& wall = walls_->walls[static_cast<std::size_t>(range.candidates[first_met])];
      if (footprint_meets(wall.foot_W, box.tested)) return true;
    }
    return false;
  });
  // Where no box is clear (a car scraping a barrier), the first box that lists few walls is kept with them
  // (ascending, as the grid gives them): a later path inside it is tested against those alone.
  if (!clear_.holds(vehicle))
    near_.remember(vehicle, p1, boxes, 0.0, [&](const ClearBoxes::Proposal& box, NearBoxes::Items& items) {
      fetch_first_box();
      items.count = 0;
      for (const int i : range.candidates)
        if (footprint_meets(walls_->walls[static_cast<std::size_t>(i)].foot_W, box.tested) &&
            !items.add(static_cast<std::uint32_t>(i)))
          return false;
      return true;
    });
  // A slot waiting after its boxes met a wall offers none: the path's walls only.
  if (!fetched) walls_->grid.candidates(lo, hi, range.candidates, range.marks);
}

bool TunnellingCheck::cross_walls(int vehicle, const Vec2& p0, const Vec2& p1, std::span<const Level> levels,
                                  double time, Range& range, std::vector<Tunnelling>& out) {
  const auto slot = static_cast<std::size_t>(vehicle);
  if (clear_.covers(slot, std::array{p0, p1}, 0.0)) return false;  // the band is every height
  // The walls that may cross the path, ascending: a near box's, or the grid's.
  if (const NearBoxes::Items* near = near_.covering(slot, std::array{p0, p1}, 0.0)) {
    range.candidates.assign(near->entry.begin(), near->entry.begin() + near->count);  // reserved: no allocation
    ++range.near_listed;
  } else {
    find_candidates(slot, p0, p1, range);
  }
  const Vec2 lo = p0.cwiseMin(p1), hi = p0.cwiseMax(p1);
  const SceneWalls& scene_walls = *walls_;
  for (const int i : range.candidates) {
    const Wall& w = scene_walls.walls[static_cast<std::size_t>(i)];
    if (w.hi_W.x() < lo.x() || w.lo_W.x() > hi.x() || w.lo_W.y() > hi.y() || w.hi_W.y() < lo.y()) continue;
    for (const Level& level : levels) {
      Vec2 a = w.foot_W[0], b = w.foot_W[1];  // an analytic wall's ends; a triangle's are its cut
      const bool cut = w.triangle < 0 || (level.z >= w.z_lo && level.z <= w.z_hi && level.band.reaches(w.z_lo, w.z_hi) &&
                                           slice_triangle(scene_walls.triangles[w.triangle], level.z, a, b));
      if (!cut || !crosses(p0, p1, a, b)) continue;
      out.push_back({time, vehicle, kStaticScene, w.feature, {a, b}});
      return true;
    }
  }
  return false;
}

long long TunnellingCheck::near_listed() const {
  long long n = 0;
  for (const Range& range : ranges_) n += range.near_listed;
  return n;
}

void TunnellingCheck::check(std::span<const StateVector> before, std::span<const StateVector> after,
                            std::span<const VehiclePose> poses, double time, std::vector<Tunnelling>& out,
                            VehicleRanges* threads) {
  const auto split = static_cast<std::size_t>(threads ? threads->size() : 1);
  assert(split <= ranges_.size());
  for (std::size_t t = 0; t < split; ++t) ranges_[t].found.clear();
  // In chunks: a vehicle that leaves its box costs a grid query, one inside it almost nothing.
  constexpr std::size_t kChunk = 512;
  for_chunks(threads, after.size(), kChunk, [&](int thread, std::size_t begin, std::size_t end) {
    Range& range = ranges_[static_cast<std::size_t>(thread)];
    check_walls(before, after, poses, time, begin, end, range, range.found);
    if (after.size() > 1) sweep_boxes(before, after, begin, end);
  });
  // Each vehicle's first crossing (one at most) in vehicle order, as on one thread.
  const auto first = static_cast<std::ptrdiff_t>(out.size());
  for (std::size_t t = 0; t < split; ++t) out.insert(out.end(), ranges_[t].found.begin(), ranges_[t].found.end());
  std::sort(out.begin() + first, out.end(), [](const Tunnelling& a, const Tunnelling& b) { return a.vehicle < b.vehicle; });
  checked_ += static_cast<long long>(after.size());
  if (after.size() > 1) cross_vehicles(before, after, poses, time, out, threads);
}

void TunnellingCheck::check_walls(std::span<const StateVector> before, std::span<const StateVector> after,
                                  std::span<const VehiclePose> poses, double time, std::size_t begin, std::size_t end,
                                  Range& range, std::vector<Tunnelling>& out) {
  // A vehicle that leaves its box queries the wall grid, whose cells on a large scene are cache misses:
  // as vehicle v is checked, the cells of v + 2 are fetched if it leaves, then the items of v + 1 (its
  // cells came a vehicle ago), as the tree detector fetches its cells. A leaving vehicle's query box is
  // found once, when its cells are fetched, and kept for its items.
  struct Ahead {
    bool leaves = false;
    Vec2 lo, hi;  // its query box, when it leaves
  };
  const auto look_ahead = [&](std::size_t u) {
    Ahead a;
    a.leaves = u < end && !clear_.contains(u, std::array{cg(before[u]), cg(after[u])}, 0.0);
    if (a.leaves) rectangle_box(renewal_boxes(cg(before[u]), cg(after[u]))[0].tested, a.lo, a.hi);
    return a;
  };
  Ahead current = look_ahead(begin), next = look_ahead(begin + 1);
  if (next.leaves) walls_->grid.prefetch_cells(next.lo, next.hi);
  for (std::size_t v = begin; v < end; ++v) {
    const Ahead after_next = look_ahead(v + 2);
    if (after_next.leaves) walls_->grid.prefetch_cells(after_next.lo, after_next.hi);
    if (next.leaves) walls_->grid.prefetch_items(next.lo, next.hi);
    const bool leaves = current.leaves;  // slot v is as its look ahead found it: only v's own check changes it
    current = next, next = after_next;
    if (!leaves) {  // the path lies in its clear box, which no wall meets at any height: no level to cut
      clear_.count_spared(v);
      crossed_[v] = 0;
      start_ground_[v] = poses[v].ground_z;
      continue;
    }
    // The rectangle's plane at the end of the step, as the detectors cut the triangles, and at its start:
    // a road under the end that is wrong (a wall's top face) must not blind the check as it would the
    // detectors. One level when both are the same.
    const auto level = [&](double ground) { return Level{ground + poses[v].cg_height, height_band(ground, surface_.get())}; };
    double& start_ground = start_ground_[v];
    const std::array<Level, 2> levels{level(poses[v].ground_z), level(std::isnan(start_ground) ? poses[v].ground_z : start_ground)};
    const std::size_t count = levels[1].z == levels[0].z ? 1 : 2;
    crossed_[v] = cross_walls(static_cast<int>(v), cg(before[v]), cg(after[v]), std::span(levels.data(), count), time,
                              range, out);
    start_ground = poses[v].ground_z;
  }
}

void TunnellingCheck::sweep_boxes(std::span<const StateVector> before, std::span<const StateVector> after,
                                  std::size_t begin, std::size_t end) {
  for (std::size_t v = begin; v < end; ++v) {
    const Vec2 reach = Vec2::Constant(reach_[v]);
    swept_[v] = {cg(before[v]).cwiseMin(cg(after[v])) - reach, cg(before[v]).cwiseMax(cg(after[v])) + reach};
  }
}

void TunnellingCheck::cross_vehicles(std::span<const StateVector> before, std::span<const StateVector> after,
                                     std::span<const VehiclePose> poses, double time, std::vector<Tunnelling>& out, VehicleRanges* threads) {
  // Only pairs whose swept boxes meet can pass through.
  const std::vector<std::pair<int, int>>* pairs = nullptr;
  if (step_pairs_ && step_pairs_->holds(swept_, threads)) {
    pairs = &step_pairs_->candidates();
  } else {
    DetectorStats unused;
    pairs_.find_coherent(swept_, kPairsMargin, unused, threads);
    pairs = &pairs_.pairs();
  }
  // B's start frame once per check for each car in a pair (a crowd's car is in a thousand).
  const auto to_frame = [&](std::size_t b) -> const Mat2& {
    if (turned_at_[b] != checked_) to_start_frame_[b] = rotation(-before[b][2]), turned_at_[b] = checked_;
    return to_start_frame_[b];
  };
  // A's CG path relative to B, in B's frame at the start of the step, against B's two centre lines.
  const auto through = [&](std::size_t a, std::size_t b) {
    // Both centre lines lie within B's reach of its CG (1 um spares rounding): a path that stays farther
    // needs no trigonometry. Most pairs are cars side by side in two lanes.
    const Vec2 d0 = cg(before[a]) - cg(before[b]), d1 = cg(after[a]) - cg(after[b]);
    if (d0 == d1) return false;  // no relative motion: crosses() needs the ends on opposite sides (a crowd at rest)
    const double reach = reach_[b] + 1e-6;
    if (squared_distance_from_origin(d0, d1) > reach * reach) return false;
    const Mat2& to_b = to_frame(b);
    const Vec2 r0 = to_b * d0, r1 = to_b * d1;
    const std::array<Vec2, 4>& line = centre_lines_[b];
    return crosses(r0, r1, line[0], line[1]) || crosses(r0, r1, line[2], line[3]);
  };
  for (const auto& [a, b] : *pairs)
    for (const auto& [p, q] : {std::pair{a, b}, std::pair{b, a}}) {
      const auto pi = static_cast<std::size_t>(p), qi = static_cast<std::size_t>(q);
      if (crossed_[pi] || (passing_ && passing_->passes(p, q, poses)) || !on_one_level(poses[pi], poses[qi]) || !through(pi, qi))
        continue;
      crossed_[pi] = 1;
      out.push_back({time, p, q, -1, {}});
    }
}

}  // namespace crashbench
