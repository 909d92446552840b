#pragma once
// A scene the detectors query. The analytic detector reads `walls`; scene-graph detectors read the graph.
#include <string>
#include <vector>

#include "core/math.hpp"

namespace crashbench {

/// Footprint of a vertical wall as a 2D segment, world frame [m]. Vehicles may touch either face.
struct WallSegment {
  Vec2 a_W = Vec2::Zero();
  Vec2 b_W = Vec2::Zero();
};

struct Scene {
  std::string name;
  std::vector<WallSegment> walls;
};

}  // namespace crashbench
