#pragma once
// What a scene generator returns: the scene graph it would write to a file, and the 2D wall footprints
// the analytic detector uses for the same geometry.
#include <osg/Node>
#include <osg/ref_ptr>
#include <vector>

#include "detectors/scenes/scene.hpp"

namespace crashbench {

struct GeneratedScene {
  osg::ref_ptr<osg::Node> graph;   ///< world frame, Z up [m]
  std::vector<WallSegment> walls;  ///< faces the vehicles drive against, as 2D segments [m]
};

}  // namespace crashbench
