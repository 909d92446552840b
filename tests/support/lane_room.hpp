#pragma once
// Room for a car in a lane, for the suites that stand or drive cars on the lane centres of real OpenDRIVE
// files. A car standing on a lane's centre along it fits in the lane only where, from its rear to its
// front, the lane is wide enough and its centre stays within the lane's slack ((lane width - car width) / 2)
// of the car's axis. Elsewhere the car overhangs its lane, on the road as in the scene, and a pose touching
// the lane's edge there is geometry, not a miss: a corner tighter than the car takes, as a U-turn through a
// junction in 9 m (netconvert's turnarounds, SUMO's DRT exported). A border beyond its turn's centre of
// curvature, which loops back through its lane (SUMO's A10KW exported, road 2444: lane -1's outer border,
// 3.2 m inside a turn of 97 deg within a metre), leaves room: the scene cuts its wall's loop out
// (wall_loops.hpp), and a car on the lane's centre there meets no wall.
#include <algorithm>
#include <cmath>
#include <limits>
#include <span>
#include <vector>

#include "core/math.hpp"
#include "detectors/scenes/opendrive/road_surface.hpp"

namespace crashbench::testing {

/// The farthest any of `points` lies from the line through `at` along `heading` [rad] [m].
inline double farthest_off_axis(const Vec2& at, double heading, std::span<const Vec2> points) {
  const Vec2 axis(std::cos(heading), std::sin(heading));
  double farthest = 0;
  for (const Vec2& p : points) farthest = std::max(farthest, std::abs(cross(axis, p - at)));
  return farthest;
}

/// Whether a car `width` wide fits in a lane `lane_width` wide where its axis runs through `at` along
/// `heading` and the lane's centre under it passes through `under` (from its rear to its front).
inline bool car_fits(const Vec2& at, double heading, std::span<const Vec2> under, double lane_width, double width) {
  return farthest_off_axis(at, heading, under) <= 0.5 * (lane_width - width);
}

/// A car standing on a lane's centre at s of one road: where and along what, and whether it has room.
struct LaneStand {
  Vec3 centre_W = Vec3::Zero();
  double heading = 0;  ///< of the centre's chord over s +- 0.5 m [rad]
  bool room = false;
};

/// A car `width` wide, `rear` behind and `front` ahead of its CG [m], on the centre of `lane` (of section k
/// of `surface`) at s: room where the lane is at least width + 0.2 m wide from s - rear to s + front and its
/// centre there within the slack of the car's axis.
inline LaneStand stand_on_lane(const odr::RoadSurface& surface, std::size_t k, double s, const odr::Lane* lane,
                               double width, double rear, double front) {
  std::vector<odr::LaneSpan> across;
  const auto span_at = [&](double at) {
    surface.spans(k, at, across);
    for (const odr::LaneSpan& a : across)
      if (a.lane == lane) return a;
    return odr::LaneSpan{};
  };
  const auto point = [&](double at, double share) {  // share 0: the inner border, 0.5 the centre, 1 the outer
    const odr::LaneSpan a = span_at(at);
    return surface.point(at, a.t_inner + share * (a.t_outer - a.t_inner));
  };
  LaneStand stand;
  stand.centre_W = point(s, 0.5);
  const Vec2 along = (point(s + 0.5, 0.5) - point(s - 0.5, 0.5)).head<2>();
  stand.heading = std::atan2(along.y(), along.x());
  double narrowest = std::numeric_limits<double>::infinity();
  std::vector<Vec2> under;
  for (double at = s - rear; at <= s + front + 1e-9; at += 0.5) {
    const odr::LaneSpan a = span_at(at);
    narrowest = std::min(narrowest, a.lane ? std::abs(a.t_outer - a.t_inner) : 0.0);
    under.push_back(point(at, 0.5).head<2>());
  }
  stand.room = narrowest >= width + 0.2 && car_fits(stand.centre_W.head<2>(), stand.heading, under, narrowest, width);
  return stand;
}

}  // namespace crashbench::testing
