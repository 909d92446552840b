#pragma once
// One road's triangles: the drivable lanes' surface (group `road:<id>`) within the sampler's tolerance, and
// with edges on, vertical walls (group `edge:<id>`) where a drivable lane meets a non-drivable lane or the
// road's outer border, on roads outside junctions. Lanes narrower than 1 cm at a cut are absent there.
#include <osg/Group>
#include <map>
#include <span>
#include <string>

#include "detectors/scenes/opendrive/flat_crossings.hpp"
#include "detectors/scenes/opendrive/opendrive_options.hpp"
#include "detectors/scenes/opendrive/road_surface.hpp"

namespace crashbench::odr {

/// What went into one or more roads' meshes.
struct MeshCounts {
  int surface_triangles = 0, edge_triangles = 0, object_triangles = 0;
  double edge_metres_left_out = 0;  ///< edge wall [m] not built at flat crossings (add_road_mesh's gaps)
  /// Triangles made so far, for the budget.
  long total() const { return long{surface_triangles} + edge_triangles + object_triangles; }
  double worst_error = 0;  ///< the largest probe distance of the surface's sampling [m]
  int low_objects = 0;     ///< objects whose top stays below kLowestCgHeight above the road
  int objects = 0, objects_without_size = 0;
  /// Road surface triangles leaning more than 90 - kDefaultVerticalWithinDeg from level (a case's default
  /// collision set takes them for walls, not ground), and the steepest lean of any [deg].
  int steep_surface_triangles = 0;
  double steepest_lean_deg = 0;
};

/// Adds `surface`'s road surface and, if `options.edge_height` > 0 and the road is outside junctions, its
/// edge walls to `parent`, but not within `gaps` (where they would stand across another road:
/// edge_wall_gaps); counts them in `counts`. Throws Error (naming the road, not the file) once
/// the counts pass `options.most_triangles`.
void add_road_mesh(const RoadSurface& surface, const OpenDriveOptions& options, std::span<const WallGap> gaps,
                   osg::Group& parent, MeshCounts& counts);

/// Throws Error naming `road` when `triangles` pass `most`.
void check_budget(const Road& road, long triangles, long most);

/// True when `lane`'s type is one of `options.drivable`.
bool is_drivable(const Lane& lane, const OpenDriveOptions& options);

}  // namespace crashbench::odr
