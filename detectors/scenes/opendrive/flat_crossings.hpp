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
  int index_a = 0, index_b = 0;  ///< the roads' places in the list flat_crossings() was given
  FlatCrossingZone zone;       ///< where their reference lines cross, and how far the overlap reaches
  /// How far from the crossing the two roads' surfaces overlap, (wa + wb) / sin(angle) [m]: each road's edge
  /// walls within it would stand across the other road (edge_wall_gaps).
  double overlap = 0;
  /// Empty for a bridge drawn flat. Otherwise the id of a junction both roads join at ends within `overlap`
  /// of the crossing: no bridge, but two of the junction's own roads drawn over each other at its mouth,
  /// where the junction's traffic meets (netconvert draws a junction smaller than its roads' widths need:
  /// SUMO's acosta has an incoming and an outgoing road overlapping 1.5 and 8.7 m from the junction).
  std::string junction;
  bool bridge() const { return junction.empty(); }
};

/// The first crossing of each pair of roads outside junctions with a drivable lane (`options.drivable`) (a footpath
/// over a road is not a crossing of traffic) whose reference lines (sampled every 2 m
/// at most) cross at more than 20 degrees, at least 1 m from both roads' ends, at heights less than 2.5 m
/// apart (kLevelSeparation: no level between them); in file order of the pairs' roads. A crossing's reach
/// is the farthest its roads' surfaces overlap from it, (wa + wb) / sin(angle) with wa, wb the farthest a
/// lane of each reaches from its reference line there, plus 6 m, half a long vehicle. Crossings at a
/// junction's mouth (FlatCrossing::junction) are among them: the caller tells them from bridges.
std::vector<FlatCrossing> flat_crossings(const std::vector<RoadSurface>& roads, const OpenDriveOptions& options);

/// A disc of the plan where a road's edge walls are left out [m].
struct WallGap {
  Vec2 centre_W = Vec2::Zero();
  double radius = 0;
};

/// By road (in the list flat_crossings() was given): where its edge walls would cross another road at one of
/// `bridges` (crossings drawn flat, not at a junction's mouth), its overlap plus 1 m. On such a bridge, the
/// kerb of the road above stands across the road below; neither has a kerb there.
std::vector<std::vector<WallGap>> edge_wall_gaps(const std::vector<FlatCrossing>& bridges, std::size_t roads);

}  // namespace crashbench::odr
