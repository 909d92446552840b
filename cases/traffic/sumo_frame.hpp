#pragma once
// SUMO's frame to crashbench's, in one place (docs/case-files.md, "SUMO traffic"): SUMO's x, y is the
// middle of the front bumper and its angle is navigational (0 = +y, clockwise, degrees); crashbench's
// heading is counter-clockwise from +x and its state is the CG's, cg_to_front behind that point; the scene's
// frame is SUMO's network's moved by TrafficSpec::scene_from_sumo (zero unless the case names sumo_net).
#include "cases/traffic/sumo_files.hpp"
#include "core/math.hpp"
#include "core/units.hpp"

namespace crashbench::sumo {

/// The vehicle of FCD row `row` whose CG lies `cg_to_front` [m] behind its front, in the frame of SUMO's
/// network moved by `scene_from_sumo` [m]: position, heading and SUMO's speed along the heading (no yaw
/// rate: a row has none).
inline PlanarState state_of(const FcdVehicle& row, double cg_to_front, const Vec2& scene_from_sumo) {
  PlanarState s;
  s.heading = (90.0 - row.angle_deg) * kDegToRad;
  const Vec2 forward = unit_at(s.heading);
  s.position_W = (row.front_W + scene_from_sumo) - cg_to_front * forward;
  s.velocity_W = row.speed * forward;
  return s;
}

}  // namespace crashbench::sumo
