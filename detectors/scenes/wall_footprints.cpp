#include "detectors/scenes/wall_footprints.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <tuple>

namespace crashbench {
namespace {

/// A footprint on its line: direction angle in [0, pi), signed offset of the line from the origin,
/// and the interval [t0, t1] along the direction.
struct OnLine {
  double angle = 0, offset = 0, t0 = 0, t1 = 0;
  double bottom_z = 0, top_z = 0;  // the triangle's lowest and highest vertex [m]
};

Vec2 direction(double angle) { return {std::cos(angle), std::sin(angle)}; }

/// The triangle from above: the segment between its two farthest vertices, on its line.
bool footprint(const Triangle& t, OnLine& out) {
  const Vec2 p[3] = {t.a_W.head<2>(), t.b_W.head<2>(), t.c_W.head<2>()};
  int i = 0, j = 1;
  for (const auto& [a, b] : {std::pair{0, 2}, std::pair{1, 2}})
    if ((p[a] - p[b]).squaredNorm() > (p[i] - p[j]).squaredNorm()) i = a, j = b;
  Vec2 d = p[j] - p[i];
  if (d.norm() < kFootprintOffsetTolerance) return false;  // seen end-on: no length to drive against
  d.normalize();
  if (d.y() < 0 || (d.y() == 0 && d.x() < 0)) d = -d;
  out.angle = std::atan2(d.y(), d.x());
  if (out.angle >= std::numbers::pi) out.angle -= std::numbers::pi;
  out.offset = cross(d, p[i]);
  out.t0 = std::min(d.dot(p[i]), d.dot(p[j]));
  out.t1 = std::max(d.dot(p[i]), d.dot(p[j]));
  out.bottom_z = std::min({t.a_W.z(), t.b_W.z(), t.c_W.z()});
  out.top_z = std::max({t.a_W.z(), t.b_W.z(), t.c_W.z()});
  return true;
}

/// Merges the footprints of one line, sorted by t0, into `walls`. A merged wall spans the heights of all
/// its faces, and the analytic detector meets it wherever a car's height band meets that span: so a face
/// joins the wall only if its heights overlap the wall's, and if the wall's bottoms then stay within
/// `bottom_jump` of each other (a car on the ground under the lowest reaches them all). Comparing with
/// the previous face alone let a post drawn in 2 m pieces climb, piece by piece, to a beam 6 m up and
/// carry the ground across the road under it.
void merge_line(std::span<OnLine> line, double bottom_jump, std::vector<WallSegment>& walls) {
  // By start, then bottom, top and end: the runs (and so the walls) do not depend on the triangles' order.
  std::sort(line.begin(), line.end(), [](const OnLine& a, const OnLine& b) {
    return std::tie(a.t0, a.bottom_z, a.top_z, a.t1) < std::tie(b.t0, b.bottom_z, b.top_z, b.t1);
  });
  const Vec2 d = direction(line.front().angle), n = perp(d);
  const double offset = line.front().offset;
  double t0 = line.front().t0, t1 = line.front().t1, bottom = line.front().bottom_z, top = line.front().top_z;
  double highest_bottom = bottom;
  const auto emit = [&] { walls.push_back({t0 * d + offset * n, t1 * d + offset * n, bottom, top}); };
  for (const OnLine& s : line.subspan(1)) {
    const bool heights_overlap = s.bottom_z <= top + kFootprintOffsetTolerance && s.top_z >= bottom - kFootprintOffsetTolerance;
    const bool bottoms_close = std::max(highest_bottom, s.bottom_z) - std::min(bottom, s.bottom_z) <= bottom_jump;
    if (s.t0 <= t1 + kFootprintOffsetTolerance && heights_overlap && bottoms_close) {
      t1 = std::max(t1, s.t1);
      bottom = std::min(bottom, s.bottom_z);
      top = std::max(top, s.top_z);
      highest_bottom = std::max(highest_bottom, s.bottom_z);
      continue;
    }
    emit();
    t0 = s.t0, t1 = s.t1, bottom = s.bottom_z, top = s.top_z, highest_bottom = s.bottom_z;
  }
  emit();
}

/// Splits sorted `items` into runs whose consecutive `key`s differ by at most `tolerance`.
template <class Key, class Fn>
void for_each_run(std::span<OnLine> items, Key key, double tolerance, Fn fn) {
  std::size_t start = 0;
  for (std::size_t i = 1; i <= items.size(); ++i)
    if (i == items.size() || key(items[i]) - key(items[i - 1]) > tolerance) {
      fn(items.subspan(start, i - start));
      start = i;
    }
}

}  // namespace

std::vector<WallSegment> wall_footprints(std::span<const Triangle> triangles, double tolerance_deg,
                                         double bottom_jump) {
  std::vector<OnLine> all;
  for (const Triangle& t : triangles) {
    OnLine f;
    if (is_vertical(t, tolerance_deg) && footprint(t, f)) all.push_back(f);
  }
  std::vector<WallSegment> walls;
  if (all.empty()) return walls;
  std::sort(all.begin(), all.end(), [](const OnLine& a, const OnLine& b) { return a.angle < b.angle; });
  const auto by_angle = [](const OnLine& s) { return s.angle; };
  const auto by_offset = [](const OnLine& s) { return s.offset; };
  for_each_run(std::span(all), by_angle, kFootprintAngleTolerance, [&](std::span<OnLine> same_direction) {
    std::sort(same_direction.begin(), same_direction.end(),
              [](const OnLine& a, const OnLine& b) { return a.offset < b.offset; });
    for_each_run(same_direction, by_offset, kFootprintOffsetTolerance,
                 [&](std::span<OnLine> line) { merge_line(line, bottom_jump, walls); });
  });
  return walls;
}

}  // namespace crashbench
