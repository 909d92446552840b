#pragma once
// A vehicle that drives itself along a polyline (docs/case-files.md, "A vehicle following a path"): pure
// pursuit steering plus a proportional speed hold, so a lap can be driven from a track's centre line
// through the case's dynamics model (unlike a replay, which is kinematic).
#include <string>
#include <vector>

#include "core/vehicle.hpp"
#include "models/dynamics/vehicle_dynamics.hpp"

namespace crashbench {

/// What a case's `follow` object asks for, SI.
struct FollowSpec {
  std::string source;             ///< the path's CSV file, for messages
  std::vector<Vec2> points_W;     ///< the path, world frame [m]; consecutive repeats dropped, at least two
  bool closed = false;            ///< the last point is the first (a lap): the path goes round again
  double speed = 0;               ///< held forward speed [m/s]
  double lookahead = 0;           ///< least distance to the pursued point [m]
  double lookahead_time = 0;      ///< > 0: the pursued point lies at least this long at the forward speed ahead [s]
  double speed_gain = 0;          ///< drive force per m/s of speed error [N/(m/s)]
  double max_lateral_accel = 0;   ///< > 0: bends and braking for them limit the speed to this [m/s^2]
  std::vector<double> speeds;     ///< per point, the speed held there (speed_profile) [m/s]
};

/// The points of a path CSV: a header line naming its columns (at least `x` and `y`, e.g. `x,y` or a replay
/// log's `t,x,y,heading_deg`), then one row per line with as many finite numbers; blank lines skipped.
/// Consecutive repeated points are dropped (they carry no direction). Throws Error naming `path`, the line
/// and the column; fewer than two distinct points is an error too.
std::vector<Vec2> read_path_points(const std::string& path);

/// The start of a followed path: on its first point, heading along its first segment, at its speed there.
PlanarState follow_start(const FollowSpec& spec);

/// Pure pursuit on one vehicle's path. The reference point is the rear axle; the pursued point lies on the
/// path max(`lookahead`, `lookahead_time` x forward speed) metres of arc beyond the point of the path nearest
/// the rear axle (past an open path's
/// end, on the straight continuing its last segment); the steer angle puts the rear axle on the circle
/// through it tangent to the heading: delta = atan(2 L y_B / d^2), with L the wheelbase and (x_B, y_B) the
/// pursued point in the body frame at distance d. Allocation-free per step; the nearest point is searched
/// forward from the last one.
class PathFollower {
 public:
  /// Steers a car of mass `mass` [kg] (the drive force's cap) by its `axles`.
  PathFollower(const FollowSpec& spec, double mass, const AxlePositions& axles);

  /// The steer angle [rad] and drive force [N] for state `s`, written into `input`.
  void drive(const PlanarState& s, VehicleInput& input);

  /// Distance from `p_W` to the path [m] (any segment; a test's cross-track error).
  double distance_to_path(const Vec2& p_W) const;

 private:
  double nearest_arc(const Vec2& p_W);
  Vec2 point_at(double arc) const;

  const FollowSpec* spec_;
  std::vector<double> arc_;  ///< arc length at each point [m]
  double wheelbase_;         ///< [m]
  double rear_axle_;         ///< CG to rear axle [m]
  double max_drive_force_;   ///< mass x max_lateral_accel, or infinity [N]
  std::size_t segment_ = 0;  ///< segment of the last nearest point
};

}  // namespace crashbench
