#pragma once
// Built-in scene generators by name and the one way every detector gets a Scene: from a generator or
// from any osgDB-readable file, with the file's up axis and unit scale applied once.
#include <span>
#include <string>
#include <string_view>

#include "core/registry.hpp"
#include "detectors/scenes/generated_scene.hpp"
#include "detectors/scenes/triangle_extraction.hpp"

namespace crashbench {

/// Which file axis points up.
enum class UpAxis { kZ, kY };

/// How to turn a scene graph into a Scene.
struct SceneOptions {
  UpAxis up = UpAxis::kZ;      ///< z-up (default) or y-up (AC3D, OBJ, game-engine exports)
  double unit_scale = 1.0;     ///< metres per file unit (> 0)
  bool vertical_only = false;  ///< keep only vertical collision triangles
  double vertical_tolerance_deg = kVerticalToleranceDeg;  ///< for `vertical_only` [deg]
};

using SceneGenerator = GeneratedScene (*)();

/// The generators: l-rail, track (collision), track-visual.
std::span<const RegistryEntry<SceneGenerator>> scene_generators();

/// The generated scene called `name`; throws Error listing the known names otherwise.
GeneratedScene generate_scene(std::string_view name);

/// A Scene from `graph`: up axis and scale applied (as a root transform), collision triangles extracted,
/// ground grid built. Throws Error(name) if no collision triangle remains.
Scene make_scene(std::string name, osg::ref_ptr<osg::Node> graph, std::vector<WallSegment> walls,
                 const SceneOptions& options = {});

/// A built-in scene if `name_or_path` names a generator, else the file at that (resolved) path.
/// Throws Error naming the file when it is missing, unreadable or has no collision triangles. For a file,
/// times the load (`Scene::load_seconds`), summarises OSG's notifications and checks the up axis
/// (`Scene::notes`), printing each note once to stderr.
Scene load_scene(const std::string& name_or_path, const SceneOptions& options = {});

}  // namespace crashbench
