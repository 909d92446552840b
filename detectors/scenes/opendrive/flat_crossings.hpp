#pragma once
// Roads that cross outside junctions at one height. OpenDRIVE joins roads at grade only in junctions, so
// two roads whose reference lines cross elsewhere pass over one another: a bridge. A network drawn flat
// (SUMO's netconvert writes an OpenStreetMap import without elevation so) has that bridge at the height of
// the road under it, where vehicles on the two roads meet as if at a junction.
#include <string>
#include <vector>

#include "core/math.hpp"
#include "detectors/geometry/geometry.hpp"
#include "detectors/scenes/opendrive/opendrive_options.hpp"
#include "detectors/scenes/opendrive/road_surface.hpp"

namespace crashbench::odr {

struct FlatCrossing {
  std::string road_a, road_b;  ///< the roads' ids, road_a first in file order
  FlatCrossingZone zone;       ///< where their reference lines cross, and how far the overlap reaches
};

/// The first crossing of each pair of roads outside junctions with a drivable lane (`options.drivable`) (a footpath
/// over a road is not a crossing of traffic) whose reference lines (sampled every 2 m
/// at most) cross at more than 20 degrees, at least 1 m from both roads' ends, at heights less than 2.5 m
/// apart (kLevelSeparation: no level between them); in file order of the pairs' roads. A crossing's reach
/// is the farthest its roads' surfaces overlap from it, (wa + wb) / sin(angle) with wa, wb the farthest a
/// lane of each reaches from its reference line there, plus 6 m, half a long vehicle.
std::vector<FlatCrossing> flat_crossings(const std::vector<RoadSurface>& roads, const OpenDriveOptions& options);

}  // namespace crashbench::odr
