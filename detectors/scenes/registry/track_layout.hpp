#pragma once
// The centre line of the generated road course: a closed loop of straights and arcs (a main straight,
// fast sweepers, a tight corner, esses, a long back straight) scaled to a lap of kTrackLapLength, with a
// smooth elevation profile. Deterministic: the same arguments give the same samples, bit for bit.
#include <vector>

#include "core/math.hpp"

namespace crashbench {

inline constexpr double kTrackLapLength = 5400.0;  ///< lap length along the centre line [m]

/// One sample of the centre line, world frame.
struct TrackSample {
  Vec2 p_W = Vec2::Zero();        ///< position [m]
  Vec2 tangent_W = Vec2::UnitX(); ///< unit direction of travel
  double s = 0;                   ///< arc length from the start line [m]
  double z = 0;                   ///< road elevation [m]

  /// Unit normal to the left of the direction of travel.
  Vec2 left_W() const { return perp(tangent_W); }
};

/// `segments` samples around the closed lap (segment k joins sample k to sample k + 1 mod segments);
/// samples are shared among the pieces by length and by turning angle, at least one per piece.
std::vector<TrackSample> track_centerline(int segments);

}  // namespace crashbench
