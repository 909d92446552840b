#pragma once
// Scripted vehicle poses that touch the walls of the generated scenes, for agreement tests and benchmarks:
// not dynamics, just rectangles placed where detectors have work to do (and where they have none).
#include <string_view>
#include <vector>

#include "detectors/detector.hpp"

namespace crashbench {

/// The rectangle used by the drives: 2.1 m CG to front, 2.6 m to rear, 1.8 m wide, CG 0.55 m up.
VehiclePose drive_pose(const Vec2& cg_W, double heading);

/// "l-rail": along the side wall weaving into and out of it (every 0.1 m), then square and at 0.3 rad
/// into the end wall. "track", "track-visual" and the scaled tracks: one lap (the first copy) every 2 m,
/// weaving from barrier to barrier and 0.15 m into each. Throws Error for other names.
std::vector<VehiclePose> wall_drive(std::string_view scene);

}  // namespace crashbench
