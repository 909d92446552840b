#pragma once
// The built-in scenes' wall footprints, defined once as constants so that the analytic detector and the
// scene-graph generators build the same geometry (the scenes themselves: scene_library.hpp). World frame W: X east, Y north [m].
#include <array>
#include <span>
#include <string_view>

#include "detectors/scenes/scene.hpp"

namespace crashbench {

/// A wall footprint from (ax, ay) to (bx, by), world frame [m]; constexpr so generators can share it.
struct WallFootprint {
  double ax = 0, ay = 0;  ///< first end [m]
  double bx = 0, by = 0;  ///< second end [m]

  /// The same wall as a scene segment.
  WallSegment segment() const { return {Vec2(ax, ay), Vec2(bx, by)}; }
};

/// `straight-wall`: one wall along Y = 0 from X = -50 to X = 250 m.
inline constexpr std::array<WallFootprint, 1> kStraightWall = {{{-50.0, 0.0, 250.0, 0.0}}};

/// `l-rail` side wall: along Y = 0 from X = -30 to X = 100 m.
inline constexpr WallFootprint kLRailSideWall = {-30.0, 0.0, 100.0, 0.0};
/// `l-rail` end wall: along X = 100 from Y = 0 to Y = 40 m (meets the side wall at (100, 0)).
inline constexpr WallFootprint kLRailEndWall = {100.0, 0.0, 100.0, 40.0};
/// `l-rail`: side wall then end wall; a wall index in a Contact's `feature` follows this order.
inline constexpr std::array<WallFootprint, 2> kLRail = {kLRailSideWall, kLRailEndWall};

/// A scene named `name` whose walls are `walls`.
Scene scene_from_walls(std::string_view name, std::span<const WallFootprint> walls);

}  // namespace crashbench
