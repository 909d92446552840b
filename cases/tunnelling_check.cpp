#include "cases/tunnelling_check.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

#include "detectors/scenes/interference.hpp"

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
  surface_ = scene.surface;
  for (const VehicleSetup& v : vehicles) {
    sizes_.push_back(v.params.body);
    const RectangleSize& s = v.params.body;
    reach_.push_back(std::hypot(std::max(s.cg_to_front, s.cg_to_rear), 0.5 * s.width));
  }
  // The triangles, where the scene has them, are the walls as they stand; its analytic walls then add
  // nothing, and where they were derived from the triangles (a file scene) they have lost their height:
  // a gantry's footprint lies across the road.
  for (std::size_t i = 0; scene.triangles.empty() && i < scene.walls.size(); ++i) {
    const Vec2 &a = scene.walls[i].a_W, &b = scene.walls[i].b_W;
    walls_.push_back({a, b, a.cwiseMin(b), a.cwiseMax(b), -1, 0, 0, static_cast<int>(i)});
  }
  for (std::size_t i = 0; i < scene.triangles.size(); ++i) {
    const Triangle& t = scene.triangles[i];
    const double z_lo = std::min({t.a_W.z(), t.b_W.z(), t.c_W.z()});
    const double z_hi = std::max({t.a_W.z(), t.b_W.z(), t.c_W.z()});
    if (!(z_hi > z_lo)) continue;  // flat: no horizontal plane cuts it in a line
    const Vec2 lo = t.a_W.head<2>().cwiseMin(t.b_W.head<2>()).cwiseMin(t.c_W.head<2>());
    const Vec2 hi = t.a_W.head<2>().cwiseMax(t.b_W.head<2>()).cwiseMax(t.c_W.head<2>());
    walls_.push_back({Vec2::Zero(), Vec2::Zero(), lo, hi, static_cast<int>(triangles_.size()), z_lo, z_hi,
                      static_cast<int>(scene.walls.size() + i)});
    triangles_.push_back(t);
  }
  std::sort(walls_.begin(), walls_.end(), [](const Wall& a, const Wall& b) { return a.lo_W.x() < b.lo_W.x(); });
  double running = -std::numeric_limits<double>::infinity();
  for (const Wall& w : walls_) max_hi_x_.push_back(running = std::max(running, w.hi_W.x()));
  order_.resize(n);
  std::iota(order_.begin(), order_.end(), 0);
  lo_x_.resize(n);
  hi_x_.resize(n);
  crossed_.resize(n);
}

bool TunnellingCheck::cross_walls(int vehicle, const Vec2& p0, const Vec2& p1, double z, const HeightBand& band,
                                  double time, std::vector<Tunnelling>& out) const {
  const Vec2 lo = p0.cwiseMin(p1), hi = p0.cwiseMax(p1);
  // Walls that start at or before the path's end along X, from the first one reaching its start.
  const auto first = std::lower_bound(max_hi_x_.begin(), max_hi_x_.end(), lo.x()) - max_hi_x_.begin();
  for (std::size_t i = static_cast<std::size_t>(first); i < walls_.size(); ++i) {
    const Wall& w = walls_[i];
    if (w.lo_W.x() > hi.x()) break;
    if (w.hi_W.x() < lo.x() || w.lo_W.y() > hi.y() || w.hi_W.y() < lo.y()) continue;
    Vec2 a = w.a_W, b = w.b_W;
    const bool cut = w.triangle < 0 || (z >= w.z_lo && z <= w.z_hi && band.reaches(w.z_lo, w.z_hi) &&
                                         slice_triangle(triangles_[w.triangle], z, a, b));
    if (!cut || !crosses(p0, p1, a, b)) continue;
    out.push_back({time, vehicle, kStaticScene, w.feature, {a, b}});
    return true;
  }
  return false;
}

void TunnellingCheck::check(std::span<const StateVector> before, std::span<const StateVector> after,
                            std::span<const VehiclePose> poses, double time, std::vector<Tunnelling>& out) {
  for (std::size_t v = 0; v < after.size(); ++v) {
    const double z = poses[v].ground_z + poses[v].cg_height;
    const HeightBand band = height_band(poses[v].ground_z, surface_.get());  // as the detectors apply it
    crossed_[v] = cross_walls(static_cast<int>(v), cg(before[v]), cg(after[v]), z, band, time, out);
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
