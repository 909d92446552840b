#pragma once
// How an OpenDRIVE road network becomes a scene (a case's `scene.opendrive`, `crashbench scene info`'s
// --odr-* options): which lane types are driven on, whether walls stand at the road's edges, how closely
// the triangles follow the exact surface.
#include <string>
#include <vector>

namespace crashbench {

/// The lane types driven on by default (OpenDRIVE 1.6's names; "HOV" as written there). "restricted" is
/// at the driving lanes' height and cars may cross it (1.6: a lane cars should not use); netconvert writes
/// it for every lane a passenger car may not use, where SUMO drives its buses, taxis and trucks. "biking"
/// (1.6: a lane reserved for cyclists) is where SUMO rides its bicycles, beside the driving lanes with no
/// kerb between. "slipLane" (1.7: a lane that turns off before a junction), as ASAM's qc-opendrive counts it.
inline const std::vector<std::string> kDrivableLaneTypes{
    "driving", "stop", "entry", "exit", "onRamp", "offRamp", "mwyEntry", "mwyExit", "parking", "bidirectional",
    "bus", "taxi", "HOV", "connectingRamp", "slipLane", "restricted", "biking"};

/// Default height of the edge walls when a case turns them on [m].
inline constexpr double kDefaultEdgeHeight = 1.0;
/// The most triangles a network may make by default: twice the largest built-in scene, as for any scene file.
inline constexpr long kMostTriangles = 2'000'000;
/// Default largest distance between the surface's triangles and the exact surface [m].
inline constexpr double kDefaultSurfaceTolerance = 0.01;
/// Objects whose top stays below this height above the road are reported as below every car's CG plane
/// [m]: the lowest CG height of crashbench's vehicle presets.
inline constexpr double kLowestCgHeight = 0.5;

struct OpenDriveOptions {
  /// Lane types that make the road surface, on every road (inside junctions too, where no walls stand).
  std::vector<std::string> drivable = kDrivableLaneTypes;
  /// Height of the walls where a drivable lane meets a non-drivable one or the road's outer border, on
  /// roads outside junctions [m]; 0: no walls.
  double edge_height = 0;
  /// The largest distance between the surface's triangles and the exact surface at the sampler's probes [m].
  double tolerance = kDefaultSurfaceTolerance;
  /// The most triangles the network may make (road surface, edge walls, objects); past it the read fails
  /// naming the road. The sampler of each lane section stops as soon as its cuts would pass what is left,
  /// so a file asking for millions costs no more than the budget (the fuzz harness sets a small one).
  long most_triangles = kMostTriangles;

  bool operator==(const OpenDriveOptions&) const = default;
};

}  // namespace crashbench
