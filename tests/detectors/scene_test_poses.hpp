#pragma once
// A vehicle rectangle for the detector tests: 2.1 m CG to front, 2.6 m to rear, 1.8 m wide, CG 0.55 m up.
#include "detectors/detector.hpp"

namespace crashbench::testing {

inline VehiclePose test_pose(const Vec2& cg_W, double heading) {
  VehiclePose p;
  p.position_W = cg_W;
  p.heading = heading;
  p.cg_height = 0.55;
  p.size = {2.1, 2.6, 1.8};
  return p;
}

}  // namespace crashbench::testing
