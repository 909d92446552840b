#pragma once
// Scene options for an OpenDRIVE file loaded with edge walls, as the scene tests load them.
#include "detectors/scenes/opendrive/opendrive_options.hpp"
#include "detectors/scenes/registry/scene_library.hpp"

namespace crashbench::testing {

/// Edge walls `height` [m] tall, the surface within `tolerance` [m] of the exact surface.
inline SceneOptions with_edges(double height, double tolerance = kDefaultSurfaceTolerance) {
  SceneOptions o;
  o.opendrive.edge_height = height;
  o.opendrive.tolerance = tolerance;
  return o;
}

}  // namespace crashbench::testing
