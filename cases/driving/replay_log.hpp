#pragma once
// A vehicle replayed from a log (docs/case-files.md, "A replayed vehicle"): a CSV of timed poses in the
// scene's world frame, interpolated linearly. The runner moves the vehicle as the log says (kinematic),
// while detection, responses and costs go on as for any vehicle.
#include <string>
#include <vector>

#include "core/vehicle.hpp"

namespace crashbench {

/// One row of a log: a pose at a time, SI.
struct ReplayRow {
  double t = 0;                    ///< [s] since the log's first row
  Vec2 position_W = Vec2::Zero();  ///< CG, world frame [m]
  double heading = 0;              ///< yaw from world X, counter-clockwise, unwrapped [rad]
  int line = 0;                    ///< 1-based line of the file it came from (0: not from a file)
};

class ReplayLog {
 public:
  /// The CSV file at `path`: a header line `t,x,y,heading_deg`, then one row per line (seconds, metres and
  /// degrees in the scene's world frame; blank lines skipped). Times must increase strictly; every value
  /// must be finite; at least two rows. Throws Error naming `path` and the line.
  static ReplayLog read(const std::string& path);

  /// A log of `rows` (times absolute [s], headings in radians, wrapped or not), checked as read() checks
  /// a file; `source` names it in errors. Times become relative to the first row; headings are unwrapped
  /// (each step between rows taken as the shorter way round, so 179 deg then -179 deg is a 2 deg turn; an exact
  /// half turn is kept as written).
  ReplayLog(std::vector<ReplayRow> rows, std::string source);

  /// The vehicle at `t` [s] after the first row: position and heading interpolated linearly between the
  /// rows around `t`, velocity [m/s, world] and yaw rate [rad/s] those of that segment (at a row, the
  /// segment after it; at the last row, the one before). Outside the log the first or last segment goes
  /// on. Allocation-free: the runner calls it every step.
  PlanarState at(double t) const;

  /// The time from the first row to the last [s].
  double span() const { return rows_.back().t; }
  /// Throws Error (the file and its last line) when `duration` [s] goes past the log's end.
  void check_covers(double duration, const std::string& used_by) const;

  const std::string& source() const { return source_; }
  const std::vector<ReplayRow>& rows() const { return rows_; }

 private:
  std::vector<ReplayRow> rows_;
  std::string source_;
};

/// The replay CSV's header line.
inline constexpr const char* kReplayHeader = "t,x,y,heading_deg";

}  // namespace crashbench
