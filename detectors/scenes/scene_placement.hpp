#pragma once
// Where a scene file's own frame stands in the world: a model drawn about its own origin (a city's 3D
// model beside a SUMO network of the same streets) is turned about the vertical and moved there.

namespace crashbench {

/// After the file's up axis and unit scale: turned `heading_deg` about world Z (counter-clockwise seen
/// from above), then moved by (x, y, z) [m].
struct ScenePlacement {
  double x = 0, y = 0, z = 0;
  double heading_deg = 0;
};

}  // namespace crashbench
