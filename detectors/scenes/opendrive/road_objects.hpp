#pragma once
// A road's objects as solid triangles (group `object:<id>`): an outline (cornerRoad or cornerLocal) as a
// prism, a radius as a 12-sided cylinder, a length and width as a box, each standing zOffset above the road
// surface at its (s, t) and `height` tall; `repeat` records copy it every `distance` along the road, or with
// distance 0 stretch it along the road (a guard rail: a sheet, or two with a width). An object of no size
// is a post of 0.1 m square. Objects without height have no volume and are left out.
#include <osg/Group>

#include "detectors/scenes/opendrive/road_mesh.hpp"

namespace crashbench::odr {

/// Adds the objects of `surface`'s road to `parent`, counted in `counts`.
void add_road_objects(const RoadSurface& surface, const OpenDriveOptions& options, osg::Group& parent,
                      MeshCounts& counts);

}  // namespace crashbench::odr
