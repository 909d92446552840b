#pragma once
// A lane of an OpenDRIVE road as a path: the lane's centre every metre, in its driving direction, for a
// replay log (`crashbench scene centreline road.xodr --odr-road ID --odr-lane N [--odr-route ID,ID,...]`).
// Each road's `rule`: under right-hand traffic (OpenDRIVE's default) lanes right of the centre (ids < 0) run
// with s and left lanes against it; under LHT the other way round. A route goes on from each road's end into the next road of the list, on the lane the file
// links to (the lane's successor or predecessor, or a junction's laneLink) when that lane starts within 2 m
// of where the route is; otherwise, so that files whose lane links are missing or wrong still route, on
// the lane of the first lane's type whose centre, where that lane starts in its driving direction, lies
// nearest. Within a road a lane is followed from section to section by its own successor or predecessor
// link, as its id may change there.
#include <optional>
#include <string>
#include <vector>

#include "core/math.hpp"
#include "detectors/scenes/opendrive/odr_model.hpp"

namespace crashbench::odr {

/// A point of a lane's centre: position on the surface (world frame [m]) and the driving heading [rad].
struct LanePoint {
  Vec3 p_W = Vec3::Zero();
  double heading = 0;
  std::size_t road = 0;  ///< the route's road it lies on (its index in the route)
};

/// The centre of lane `lane` of the roads `route` (road ids; the first road's lane is `lane`), a point
/// every `step` [m] of s and at each road's ends, in driving order; headings from the points' chords.
/// Throws Error naming `file` and the road: an unknown road id, no such lane on the first road (listing its
/// lanes), no lane of the next road running the same way, a next road whose nearer end lies more than 2 m
/// away.
std::vector<LanePoint> lane_route(const Network& net, const std::string& file, const std::vector<std::string>& route,
                                  int lane, double step = 1.0);

/// The lane types traffic drives along, each drivable (kDrivableLaneTypes): not the hard shoulder ("stop"),
/// parking, "restricted" or cycle lanes, which are ground but no one's route. esmini's junction samples
/// build their roads of "offRamp" lanes alone.
inline const std::vector<std::string> kTravelLaneTypes{"driving",  "entry",   "exit",    "onRamp",         "offRamp",
                                                       "mwyEntry", "mwyExit", "slipLane", "connectingRamp",
                                                       "bidirectional", "bus", "taxi",   "HOV"};
/// Whether `lane` is of a type traffic drives along (kTravelLaneTypes).
bool is_travel_lane(const Lane& lane);

/// The ids of `road`'s lanes of a travel type (kTravelLaneTypes) where their drives start: those running
/// with s in its first lane section, then those running against s in its last (under right-hand traffic,
/// right lanes outward, then left lanes outward): the lanes a drive along the road takes, each named as
/// lane_route takes it.
std::vector<int> driving_lanes(const Road& road);

/// The id lane `lane` has in each of `road`'s sections (by their index), followed from its first section
/// (`from_start`, through each section's successor links) or from its last (predecessor links) as
/// lane_at_other_end follows it; none in the sections beyond where it ends.
std::vector<std::optional<int>> lane_in_sections(const Road& road, int lane, bool from_start);

/// The id lane `lane` has at `road`'s other end, followed from its start (`from_start`, through each
/// section's successor links) or from its end (predecessor links); unchanged where a link is missing,
/// unless the neighbouring section's lane of that id links to another: then the lane does not reach the
/// other end (a lane added partway), and nullopt.
std::optional<int> lane_at_other_end(const Road& road, int lane, bool from_start);

}  // namespace crashbench::odr
