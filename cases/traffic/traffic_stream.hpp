#pragma once
// SUMO's vehicles while a case runs: the FCD read a timestep at a time, just ahead of the run's clock,
// holding two rows per vehicle (the timesteps around now). Converts SUMO's frame to crashbench's: SUMO's
// x, y is the middle of the front bumper and its angle is navigational (0 = +y, clockwise), so the CG
// lies cg_to_front behind that point along the heading 90 deg - angle (docs/case-files.md, "SUMO traffic").
#include <string>
#include <unordered_map>
#include <vector>

#include "cases/traffic/traffic_spec.hpp"

namespace crashbench {

class TrafficStream {
 public:
  /// `cg_to_front[i]`: the rectangle of SUMO vehicle spec.ids[i], from its CG to its front [m].
  TrafficStream(const TrafficSpec& spec, std::vector<double> cg_to_front);

  /// Reads timesteps until one lies after case time `t` [s] (t = 0 is the FCD's first timestep), or the
  /// FCD ends. Times must not go back from call to call.
  void advance_to(double t);

  /// SUMO vehicle `i` at case time `t`, which must lie within the timesteps the last advance_to reached:
  /// true and its state when it is in both timesteps around `t` and moved between them no further than a
  /// car can (a longer move is SUMO teleporting it: absent for that interval). Position and heading are
  /// interpolated linearly in time (the heading the shorter way round); the velocity is SUMO's speed,
  /// interpolated, along that heading (an instantaneous lane change moves the car sideways, not its
  /// velocity); the yaw rate is the heading's change over the interval.
  bool state_at(std::size_t i, double t, PlanarState& out) const;

  /// A move between timesteps longer than speed x interval plus this is a teleport [m]: more than a
  /// lane change, which SUMO makes in one step unless it models sub-lanes.
  static constexpr double kJumpAllowance = 5.0;

 private:
  struct Row {
    Vec2 cg_W = Vec2::Zero();
    double heading = 0;  ///< [rad]
    double speed = 0;    ///< [m/s]
    long long timestep = -1;  ///< the FCD timestep it came from (0, 1, ...); -1: none
  };
  struct Rows {
    Row before, after;  ///< the vehicle's last two rows
  };

  const TrafficSpec& spec_;
  std::vector<double> cg_to_front_;
  sumo::FcdReader reader_;
  sumo::FcdFrame frame_;
  std::unordered_map<std::string, std::size_t> index_;  ///< SUMO id to i
  std::vector<Rows> rows_;
  long long timestep_ = -1;  ///< the last timestep read
  double time_before_ = 0, time_after_ = 0;  ///< of timesteps timestep_ - 1 and timestep_ [s, case time]
  bool ended_ = false;
};

}  // namespace crashbench
