#pragma once
// Where a case's scene comes from: a registered scene (scene_library.hpp: a generated scene graph with its
// collision triangles and analytic walls, so every detector works on it, or walls only), or any
// osgDB-readable file.
#include <string>
#include <string_view>

#include "cases/case.hpp"
#include "detectors/scenes/scene.hpp"

namespace crashbench {

/// True when `name` is a registered scene.
bool is_builtin_scene(std::string_view name);
/// Every registered scene name, comma-separated, for error messages.
std::string builtin_scene_names();

/// Builds the scene `spec` names. Throws Error naming the file for a missing or unreadable scene file.
Scene build_scene(const SceneSpec& spec);

}  // namespace crashbench
