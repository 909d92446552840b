#pragma once
// Knight's test walls: the L-shaped test scene (thesis Fig. 6-1): a side wall, an end wall and a flat driving surface,
// 612 triangles in all. The walls' faces towards the driving surface lie on the analytic walls
// (side: Y = 0 from X = -30 to 100 m; end: X = 100 from Y = 0 to 40 m); their thickness is behind them.
#include "detectors/scenes/registry/builtin_walls.hpp"
#include "detectors/scenes/registry/generated_scene.hpp"

namespace crashbench {

// The faces lie on the analytic walls of builtin_walls.hpp: one definition of the geometry.
inline constexpr double kLRailSideStartX = kLRailSideWall.ax;  ///< side wall start [m]
inline constexpr double kLRailCornerX = kLRailSideWall.bx;     ///< side wall end, end wall face [m]
inline constexpr double kLRailEndWallY = kLRailEndWall.by;     ///< end wall end [m]
inline constexpr double kLRailThickness = 0.3;     ///< wall thickness behind the face [m]
inline constexpr double kLRailHeight = 1.0;        ///< wall height above the ground [m]
inline constexpr int kLRailTriangles = 612;        ///< thesis ch. 6

/// The L-rail: walls (212 triangles) and the ground (400 triangles, z = 0), all for collision testing.
GeneratedScene make_l_rail();

/// Knight's straight wall for the head-on and side-hit tests: the wall box of the L-rail along the
/// analytic `straight-wall` (front face Y = 0, X from -50 to 250 m), 364 triangles, no ground.
GeneratedScene make_straight_wall_scene();

}  // namespace crashbench
