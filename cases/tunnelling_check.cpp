#include "cases/tunnelling_check.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "detectors/scenes/interference.hpp"
#include "detectors/scenes/surface_query.hpp"

namespace crashbench {
namespace {

/// True if segments p0-p1 and a-b cross with p0 and p1 strictly on opposite sides of the line a-b.
bool crosses(const Vec2& p0, const Vec2& p1, const Vec2& a, const Vec2& b) {
  const double s0 = cross(b - a, p0 - a), s1 = cross(b - a, p1 - a);
  if (!(s0 * s1 < 0)) return false;
  const double t0 = cross(p1 - p0, a - p0), t1 = cross(p1 - p0, b - p0);
  return t0 * t1 <= 0;
}

/// Turns `v` by -`heading`: a world vector in the frame of a body with that heading.
Vec2 to_body(const Vec2& v, double heading) { return rotation(-heading) * v; }

Vec2 cg(const StateVector& x) { return {x[0], x[1]}; }

}  // namespace

TunnellingCheck::TunnellingCheck(const Scene& scene, std::span<const VehicleSetup> vehicles) {
  const std::size_t n = vehicles.size();
  for (const VehicleSetup& v : vehicles) {
    const double h = v.params.cg_height;
    const auto same = [h](const WallSet& s) { return s.cg_height == h; };
    if (std::none_of(sets_.begin(), sets_.end(), same)) add_walls(scene, h);
    set_of_vehicle_.push_back(static_cast<int>(std::find_if(sets_.begin(), sets_.end(), same) - sets_.begin()));
    sizes_.push_back(v.params.body);
    const RectangleSize& s = v.params.body;
    reach_.push_back(std::hypot(std::max(s.cg_to_front, s.cg_to_rear), 0.5 * s.width));
  }
  order_.resize(n);
  std::iota(order_.begin(), order_.end(), 0);
  lo_x_.resize(n);
  hi_x_.resize(n);
  crossed_.resize(n);
}

namespace {

/// The road under a wall triangle: the surface below its lowest corner (the barrier-bottom fallback
/// where there is none), as the detectors put a vehicle's rectangle over it [m].
double ground_under(const Scene& scene, const Triangle& t) {
  if (!scene.surface) return 0.0;
  const Vec2 centroid = (t.a_W + t.b_W + t.c_W).head<2>() / 3;
  const double z = scene.surface->height_below(centroid, std::min({t.a_W.z(), t.b_W.z(), t.c_W.z()}));
  return std::isnan(z) ? scene.surface->fallback_at(centroid) : z;
}

}  // namespace

void TunnellingCheck::add_walls(const Scene& scene, double cg_height) {
  WallSet& set = sets_.emplace_back();
  set.cg_height = cg_height;
  const auto add = [&](const Vec2& a, const Vec2& b, int feature) {
    set.walls.push_back({a, b, a.cwiseMin(b), a.cwiseMax(b), feature});
  };
  for (std::size_t i = 0; i < scene.walls.size(); ++i) add(scene.walls[i].a_W, scene.walls[i].b_W, static_cast<int>(i));
  // Each collision triangle cut at the height the detectors use over the ground under it.
  for (std::size_t i = 0; i < scene.triangles.size(); ++i) {
    const Triangle& t = scene.triangles[i];
    Vec2 p, q;
    if (slice_triangle(t, ground_under(scene, t) + cg_height, p, q))
      add(p, q, static_cast<int>(scene.walls.size() + i));
  }
  std::sort(set.walls.begin(), set.walls.end(), [](const Wall& a, const Wall& b) { return a.lo_W.x() < b.lo_W.x(); });
  double running = -std::numeric_limits<double>::infinity();
  for (const Wall& w : set.walls) set.max_hi_x.push_back(running = std::max(running, w.hi_W.x()));
}

bool TunnellingCheck::cross_walls(int vehicle, const Vec2& p0, const Vec2& p1, double time,
                                  std::vector<Tunnelling>& out) const {
  const WallSet& set = sets_[static_cast<std::size_t>(set_of_vehicle_[static_cast<std::size_t>(vehicle)])];
  const Vec2 lo = p0.cwiseMin(p1), hi = p0.cwiseMax(p1);
  // Walls that start at or before the path's end along X, from the first one reaching its start.
  const auto first = std::lower_bound(set.max_hi_x.begin(), set.max_hi_x.end(), lo.x()) - set.max_hi_x.begin();
  for (std::size_t i = static_cast<std::size_t>(first); i < set.walls.size(); ++i) {
    const Wall& w = set.walls[i];
    if (w.lo_W.x() > hi.x()) break;
    if (w.hi_W.x() < lo.x() || w.lo_W.y() > hi.y() || w.hi_W.y() < lo.y()) continue;
    if (!crosses(p0, p1, w.a_W, w.b_W)) continue;
    out.push_back({time, vehicle, kStaticScene, w.feature, {w.a_W, w.b_W}});
    return true;
  }
  return false;
}

void TunnellingCheck::check(std::span<const StateVector> before, std::span<const StateVector> after, double time,
                            std::vector<Tunnelling>& out) {
  for (std::size_t v = 0; v < after.size(); ++v) {
    crossed_[v] = cross_walls(static_cast<int>(v), cg(before[v]), cg(after[v]), time, out);
    ++checked_;
  }
  if (after.size() > 1) cross_vehicles(before, after, time, out);
}

void TunnellingCheck::cross_vehicles(std::span<const StateVector> before, std::span<const StateVector> after,
                                     double time, std::vector<Tunnelling>& out) {
  for (std::size_t v = 0; v < after.size(); ++v) {
    lo_x_[v] = std::min(before[v][0], after[v][0]) - reach_[v];
    hi_x_[v] = std::max(before[v][0], after[v][0]) + reach_[v];
  }
  // Insertion sort by the swept boxes' low X: nearly sorted from one step to the next.
  for (std::size_t k = 1; k < order_.size(); ++k) {
    const int v = order_[k];
    std::size_t m = k;
    for (; m > 0 && lo_x_[static_cast<std::size_t>(order_[m - 1])] > lo_x_[static_cast<std::size_t>(v)]; --m)
      order_[m] = order_[m - 1];
    order_[m] = v;
  }
  // A's CG path relative to B, in B's frame at the start of the step, against B's two centre lines.
  const auto through = [&](std::size_t a, std::size_t b) {
    const double heading = before[b][2];
    const Vec2 r0 = to_body(cg(before[a]) - cg(before[b]), heading), r1 = to_body(cg(after[a]) - cg(after[b]), heading);
    const RectangleSize& s = sizes_[b];
    return crosses(r0, r1, {-s.cg_to_rear, 0}, {s.cg_to_front, 0}) ||
           crosses(r0, r1, {0, -0.5 * s.width}, {0, 0.5 * s.width});
  };
  for (std::size_t k = 0; k < order_.size(); ++k) {
    const auto a = static_cast<std::size_t>(order_[k]);
    for (std::size_t m = k + 1; m < order_.size(); ++m) {
      const auto b = static_cast<std::size_t>(order_[m]);
      if (lo_x_[b] > hi_x_[a]) break;
      for (const auto& [p, q] : {std::pair{a, b}, std::pair{b, a}}) {
        if (crossed_[p] || !through(p, q)) continue;
        crossed_[p] = 1;
        out.push_back({time, static_cast<int>(p), static_cast<int>(q), -1, {}});
      }
    }
  }
}

}  // namespace crashbench
