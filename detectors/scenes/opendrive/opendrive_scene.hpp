#pragma once
// An OpenDRIVE file (.xodr) as a scene graph: every road's drivable surface (`road:<id>`), its edge walls
// when asked for (`edge:<id>`) and its objects (`object:<id>`), in the file's frame, which is crashbench's
// world frame (x east, y north, z up, metres). load_scene reads .xodr files through this.
#include <osg/Group>
#include <string>
#include <vector>

#include "detectors/geometry/geometry.hpp"
#include "detectors/scenes/opendrive/opendrive_options.hpp"

namespace crashbench {

struct OpenDriveScene {
  osg::ref_ptr<osg::Group> graph;
  /// What `scene info` prints about the network: roads, junctions, lanes by type, triangles, the largest
  /// surface error, gaps in plan views, the header's geoReference and offset, objects below every CG plane.
  std::vector<std::string> about;
  /// Warnings worth printing at load (objects lower than every car's CG, gaps in a plan view).
  std::vector<std::string> warnings;
  bool has_collision_geometry = false;  ///< edges or objects: something other than the road surface
  std::vector<FlatCrossingZone> flat_crossings;  ///< where roads cross outside junctions at one height (flat_crossings.hpp)
};

/// Reads and tessellates `file`. Throws Error naming the file, the element and its line (odr_reader.hpp).
OpenDriveScene build_opendrive_scene(const std::string& file, const OpenDriveOptions& options = {});

/// Whether `path` names an OpenDRIVE file (extension .xodr, any case).
bool is_opendrive_file(const std::string& path);

}  // namespace crashbench
