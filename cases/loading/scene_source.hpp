#pragma once
// Where a case's scene comes from: a registered scene (scene_library.hpp: a generated scene graph with its
// collision triangles and analytic walls, so every detector works on it, or walls only), or any
// osgDB-readable file.
#include <string>
#include <string_view>

#include "cases/case.hpp"
#include "detectors/detector.hpp"
#include "detectors/scenes/scene.hpp"

namespace crashbench {

/// True when `name` is a registered scene.
bool is_builtin_scene(std::string_view name);
/// Every registered scene name, comma-separated, for error messages.
std::string builtin_scene_names();

/// Builds the scene `spec` names. Throws Error naming the file for a missing or unreadable scene file.
/// A file scene's analytic walls are the footprints of its vertical triangles (wall_footprints.hpp); what
/// collides is what its `collision` keeps of the faces within `vertical_within_deg` of vertical
/// (kDefaultVerticalWithinDeg when unset).
Scene build_scene(const SceneSpec& spec);

/// Throws Error naming the scene when `detector` reads wall footprints (SceneGeometry::kWalls) and `scene`
/// has vertical triangles but no walls: it would drive through all of them.
void require_walls(const Scene& scene, const Detector& detector);

}  // namespace crashbench
