#pragma once
// The centre line of a TORCS track (`crashbench scene centreline`, docs/case-files.md "A replayed vehicle").
// TORCS writes each piece of its main road (objects named TKMN..., tkMn... in older files) as one
// triangle strip whose vertices come in left/right pairs across the road; the midpoints of the pairs,
// strip after strip, are the centre line. (torcs_track_geometry.hpp gives the same line from the track's
// definition, TRACK.xml.)
#include <istream>
#include <string>
#include <vector>

#include "core/vehicle.hpp"

namespace crashbench {

/// A centre line in the world frame (z up, metres), in driving order.
struct Centreline {
  std::vector<Vec2> points_W;  ///< the line's points: midpoints of the strips' vertex pairs (consecutive repeats dropped), or samples of a definition's segments [m]
  std::vector<double> half_widths;  ///< per point: the road's half width there (half the distance between its pair's vertices) [m]
  bool closed = false;         ///< the last point joins the first (a lap); the first is repeated at the end
  int strips = 0;              ///< road strips joined (from a definition: its segments)
  std::vector<std::string> skipped;  ///< road-named strips left out, each "NAME (line N): why"
};

/// How to read the file's coordinates (as a case's scene "up_axis" and "unit_scale").
struct CentrelineFrame {
  bool y_up = true;         ///< TORCS tracks are y-up: file (x, y, z) is world (x, -z, y)
  double unit_scale = 1.0;  ///< metres per file unit
};

/// The centre line of the AC3D/TORCS text in `in` (`file` names it in errors): the triangle-strip surfaces
/// of the objects whose name starts with `road_prefix` (any case), each strip's pairs (refs 0-1, 2-3, ...; in a
/// strip that repeats a reference, the object's vertices 0-1, 2-3, ... in the order the strip reaches them)
/// to midpoints, each pair checked to lie across the line of midpoints, the strips joined end to start (either way round) within `join_tolerance` [m], starting
/// from the first strip in the file and in its direction. A road-named strip that stands (a wall or a sign:
/// its plan area under half its area) or gives no left/right pairs (a junction's fan) is left out and named
/// in `skipped`; the join still requires every other strip to continue the line. Throws Error when there
/// are no such strips, a pair lies along the road, or a strip does not join the others.
Centreline read_centreline(std::istream& in, const std::string& file, const CentrelineFrame& frame,
                           const std::string& road_prefix = "tkmn", double join_tolerance = 0.5);

/// `line` (closed) driven from `fraction` [0, 1) of its points on, round to the same point: a lap that
/// starts elsewhere than the track's start line. Throws Error (`file`, "--start-at") for an open line or
/// a fraction outside [0, 1).
Centreline started_at(const Centreline& line, double fraction, const std::string& file);

/// One row of a replay log (t [s], position [m], heading [rad], world frame).
struct LapRow {
  double t = 0;
  Vec2 position_W = Vec2::Zero();
  double heading = 0;
};

/// `line` driven at `speed` [m/s], `lane` [m] to the left of it (negative: right): each point moved along
/// the line's left normal, heading along the line (central differences; across the join on a closed lap),
/// t from the distance along the moved line.
std::vector<LapRow> lap_rows(const Centreline& line, double speed, double lane);

/// As above with a lane offset per point of `line` (`lanes[i]` [m] to the left of points_W[i]).
std::vector<LapRow> lap_rows(const Centreline& line, double speed, const std::vector<double>& lanes);

/// Per point of `line`, the offset [m, + left] of a lane `from_edge` [m] inside the road's `left` (or right)
/// edge: half width - from_edge, towards that side. Throws Error (`file`, "--lane-from-edge") where the road
/// is narrower than twice `from_edge`, naming the point.
std::vector<double> lane_from_edge(const Centreline& line, double from_edge, bool left, const std::string& file);

}  // namespace crashbench
