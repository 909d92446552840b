#pragma once
// One road's triangles: the drivable lanes' surface (group `road:<id>`) within the sampler's tolerance, and
// with edges on, vertical walls (group `edge:<id>`) where a drivable lane meets a non-drivable lane or the
// road's outer border, on roads outside junctions, but not where a drivable lane lies beyond (another road's,
// or its own folded back: edge_walls_node). Lanes narrower than 1 cm at a cut are absent there.
#include <osg/Group>
#include <map>
#include <span>
#include <string>
#include <vector>

#include "detectors/scenes/opendrive/drivable_surfaces.hpp"
#include "detectors/scenes/opendrive/flat_crossings.hpp"
#include "detectors/scenes/opendrive/opendrive_options.hpp"
#include "detectors/scenes/opendrive/road_seams.hpp"
#include "detectors/scenes/opendrive/road_surface.hpp"

namespace crashbench::odr {

/// What went into one or more roads' meshes.
struct MeshCounts {
  int surface_triangles = 0, edge_triangles = 0, object_triangles = 0;
  double edge_metres_left_out = 0;  ///< edge wall [m] not built at flat crossings (edge_walls_node's gaps)
  double edge_metres_on_other_roads = 0;  ///< edge wall [m] not built where another road's lanes are beyond
  double edge_metres_on_own_road = 0;     ///< ... and where the road's own lanes are (its border folded back)
  /// Triangles made so far, for the budget.
  long total() const { return long{surface_triangles} + edge_triangles + object_triangles; }
  double worst_error = 0;  ///< the largest probe distance of the surface's sampling [m]
  int most_strips_across = 0;  ///< the most strips a shaped road's lane is cut into across (lane_strips.hpp)
  /// Lane sections whose lateral profile kMostStripsAcross strips do not follow within half the tolerance (a
  /// shape stepping or folding inside a lane), and the first of them (its road, its start [m]).
  int rough_profiles = 0;
  std::string first_rough_profile;
  double first_rough_s = 0;
  int low_objects = 0;     ///< objects whose top stays below kLowestCgHeight above the road
  int objects = 0, objects_without_size = 0;
  /// Road surface triangles leaning more than 90 - kDefaultVerticalWithinDeg from level (a case's default
  /// collision set takes them for walls, not ground), their area in plan [m^2], and the steepest lean of
  /// any [deg].
  int steep_surface_triangles = 0;
  double steep_surface_plan_area = 0;
  double steepest_lean_deg = 0;
  /// Places on roads outside junctions where a drivable lane's border runs back against its road's line:
  /// it lies beyond its turn's centre of curvature, and loops back through the lane (its edge wall's loop is
  /// cut: wall_loops.hpp); the first of them. (Junctions' tight corners do this all the time, with no wall.)
  int folded_borders = 0;
  std::string first_fold_road;
  double first_fold_s = 0;  ///< [m]
  /// Edge wall loops cut out where a border crosses itself, and the wall foot [m] cut with them.
  int wall_loops_cut = 0;
  double wall_loop_metres = 0;
};

/// [m]: ground or walls closer in height than this stand at one level (a road over another is farther)
inline constexpr double kWallSameLevel = 0.5;

/// A piece of a road's edge wall: its foot from a to b, and the ground just beyond it (kBeyondEdge out from
/// the drivable lane) at either end; or, `chunk_end`, where the road's surface mesh ended a chunk.
struct WallPiece {
  Vec3 a = Vec3::Zero(), b = Vec3::Zero();
  Vec3 beyond_a = Vec3::Zero(), beyond_b = Vec3::Zero();
  int boundary = 0;        ///< the lane boundary it stands on (0: left of the leftmost lane)
  bool runs_back = false;  ///< it steps back against the road's line: its border loops (wall_loops.hpp)
  double keep_from = 0, keep_to = 1;  ///< the part of it (as fractions) that stands: the rest lies in a loop
  bool chunk_end = false;

  double plan_length() const { return (b - a).head<2>().norm(); }
};

/// One road's edge walls, found with its surface and built once every road's surface is known.
struct RoadWalls {
  int road = 0;
  std::vector<WallPiece> pieces;
  unsigned insert_at = 0;  ///< the child of the parent group the walls' node goes before (the road's next node)
};

/// Adds `surface`'s road surface (road number `road` of the network) to `parent` and to `drivable`, and,
/// if `options.edge_height` > 0 and the road is outside junctions, finds its edge walls into `walls`;
/// counts them in `counts`. The surface reaches on past the road's ends as far as `reach` says (its last
/// cross-section carried on along its last half metre's run, as ground only: no wall stands there and
/// `drivable` does not hold it, so no other road's wall is left out for it). Throws Error (naming the
/// road, not the file) once the counts pass `options.most_triangles`.
void add_road_mesh(const RoadSurface& surface, int road, const EndReach& reach, const OpenDriveOptions& options,
                   osg::Group& parent, MeshCounts& counts, DrivableSurfaces& drivable, RoadWalls& walls);

/// The node of `walls` (of the road `surface`; null when none stands), for the parent group's child
/// `walls.insert_at`: not within `gaps` (where they would stand across another road at a flat crossing:
/// edge_wall_gaps) nor where the ground beyond them is a drivable surface at the wall's height (another road's:
/// a ramp leaving or joining the road without a junction; its own: its border folded back through its lanes
/// inside a turn); counts them in `counts`. Call once every road's surface is in `drivable` and indexed.
osg::ref_ptr<osg::Node> edge_walls_node(const RoadSurface& surface, const RoadWalls& walls,
                                        std::span<const WallGap> gaps, const DrivableSurfaces& drivable,
                                        const OpenDriveOptions& options, MeshCounts& counts);

/// Throws Error naming `road` when `triangles` pass `most`.
void check_budget(const Road& road, long triangles, long most);

/// True when `lane`'s type is one of `options.drivable`.
bool is_drivable(const Lane& lane, const OpenDriveOptions& options);

}  // namespace crashbench::odr
