#pragma once
// Scripted vehicle poses that touch the walls of the generated scenes, for agreement tests and benchmarks:
// not dynamics, just rectangles placed where detectors have work to do (and where they have none).
#include <span>
#include <string>
#include <vector>

#include "detectors/detector.hpp"
#include "detectors/scenes/torcs/centreline.hpp"

namespace crashbench {

/// The rectangle used by the drives: 2.1 m CG to front, 2.6 m to rear, 1.8 m wide, CG 0.55 m up.
VehiclePose drive_pose(const Vec2& cg_W, double heading);

/// Knight's L-rail: along the side wall weaving into and out of it (every 0.1 m), then square and at
/// 0.3 rad into the end wall.
std::vector<VehiclePose> l_rail_drive();
/// Knight's straight wall: along it from X = -40 to 240 m, weaving into and out of it every 0.1 m.
std::vector<VehiclePose> straight_wall_drive();
/// The track, its visual version and the scaled tracks: one lap (the first copy) every 2 m, weaving from
/// barrier to barrier and 0.15 m into each.
std::vector<VehiclePose> track_drive();
/// A real track's laps: `line` driven each of `lanes` [m] to its left (lap_rows at 25 m/s), one pose per
/// row, each on the surface `scene` finds under it (follow_surface). With `step` > 0 [m], poses at most
/// `step` apart between the rows as well (a car at 25 m/s moves 0.125 m a 5 ms step): CG linear between two
/// rows, heading turning the shorter way. Rows are metres apart, so without it each pose is a first query.
std::vector<VehiclePose> centreline_drive(const Scene& scene, const Centreline& line, std::span<const double> lanes,
                                          double step = 0);

/// Which roads of an OpenDRIVE file a drive takes: those between junctions, or the connecting roads inside
/// them (overlapping each other, cut fine on their tight turns).
enum class OdrRoads { kOutsideJunctions, kInsideJunctions };

/// An OpenDRIVE file's lanes: every driving lane (odr::driving_lanes) of every road of `roads`, along its
/// centre in its driving direction at 25 m/s (a pose every 0.125 m), each lane followed on `scene`'s surface
/// (follow_surface). Throws Error as odr::read_network does.
std::vector<VehiclePose> opendrive_lanes_drive(const Scene& scene, const std::string& file,
                                               OdrRoads roads = OdrRoads::kOutsideJunctions);

/// Sets each pose's ground_z to the surface `scene` finds under it, one after another as the runner does
/// (hinted with the last answer, also found every 0.25 m between poses; where none lies under it, the last
/// surface's height, or the barrier bottoms' before any was found).
void follow_surface(const Scene& scene, std::span<VehiclePose> poses);

}  // namespace crashbench
