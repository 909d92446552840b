#pragma once
// The speeds a car following a path can hold (docs/case-files.md, "A vehicle following a path"): no more than
// a set lateral acceleration in the path's bends, and braking for them at the same deceleration.
#include <vector>

#include "core/vehicle.hpp"

namespace crashbench {

/// Per point of the path `points_W` (closed: its last point is its first), the speed [m/s]: at most `speed`,
/// at most sqrt(`accel` / curvature) with the curvature of the circle through the points about 5 m before
/// and after, and no faster than braking at `accel` [m/s^2] from there can reach every later point's speed
/// (round the join on a closed path). `accel` <= 0: `speed` everywhere.
std::vector<double> speed_profile(const std::vector<Vec2>& points_W, bool closed, double speed, double accel);

}  // namespace crashbench
