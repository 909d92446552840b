#pragma once
// The built-in analytic scenes: wall footprints defined once, as constants, so that the analytic detector
// and the scene-graph generator build the same geometry. World frame W: X east, Y north [m].
#include <array>
#include <span>
#include <string_view>

#include "core/registry.hpp"
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

using SceneFactory = Scene (*)();

/// The built-in scenes that have walls only (no scene graph): name, one-line summary, factory. Knight's
/// straight wall and L-rail are generated scenes (scene_library), which carry these footprints as walls.
std::span<const RegistryEntry<SceneFactory>> builtin_scenes();

/// The built-in scene called `name`; throws crashbench::Error listing the known names otherwise.
Scene make_builtin_scene(std::string_view name);

}  // namespace crashbench
