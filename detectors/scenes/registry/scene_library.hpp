#pragma once
// The scene registry (one entry per built-in or plugin scene: name, summary, factory, optional test drive,
// optional published timings) and the one way every detector gets a Scene: from the registry or from any
// osgDB-readable file, with the file's up axis and unit scale applied once.
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/published_step_time.hpp"
#include "core/registry.hpp"
#include "detectors/detector.hpp"
#include "detectors/scenes/registry/generated_scene.hpp"
#include "detectors/scenes/opendrive/opendrive_options.hpp"
#include "detectors/scenes/scene_placement.hpp"
#include "detectors/scenes/triangle_extraction.hpp"

namespace crashbench {

/// Which file axis points up.
enum class UpAxis { kZ, kY };
/// The up axis of a file that does not say: y for OBJ (the format's convention), z for every other.
UpAxis format_up_axis(const std::string& path);

/// How to turn a scene graph into a Scene.
struct SceneOptions {
  /// The file's own up axis: z, or y (AC3D, game-engine exports); unset, its format's (format_up_axis).
  std::optional<UpAxis> up;
  double unit_scale = 1.0;     ///< metres per file unit (> 0)
  std::optional<ScenePlacement> placement;  ///< where the file's frame stands; unset: where it is
  bool vertical_only = false;  ///< keep only vertical collision triangles
  double vertical_tolerance_deg = kVerticalToleranceDeg;  ///< for `vertical_only` [deg]
  CollisionFilter collision;   ///< which nodes' geometry collides (all by default)
  OpenDriveOptions opendrive;  ///< for OpenDRIVE files (.xodr): drivable lane types, edge walls, accuracy
  /// Look for sprites (sprites.hpp) and mark them, unless `collision.sprites`: load_scene sets it for a
  /// file read through osgDB; scenes built in code and OpenDRIVE roads are ours, with no picture cards.
  bool find_sprites = false;
  /// Decode the files' texture images (collision reads only their names): for writing the graph out.
  bool decode_images = false;
};

/// Builds the scene: world frame, Z up, metres; `name` is filled in by make_registered_scene.
using SceneFactory = Scene (*)();
/// Scripted single-vehicle poses against the scene's walls, touching and leaving them (for the detector
/// agreement tests and the detection benchmarks).
using SceneDrive = std::vector<VehiclePose> (*)();

struct SceneEntry {
  std::string_view name;
  std::string_view summary;
  SceneFactory make;
  SceneDrive drive = nullptr;                    ///< nullptr: the scene has no walls to drive against
  std::span<const PublishedStepTime> published = {};  ///< empty: nothing published for this scene
  bool benchmark_only = false;  ///< about a million triangles: the benchmarks' scaling study runs it, the
                                ///< test suites (minutes on it) check the smaller copies of the same generator
};

/// The scenes, built-ins first; plugins add theirs here (docs/plugins.md).
Registry<SceneEntry>& scene_registry();

/// The registered scene called `name`; throws Error listing the known names otherwise.
Scene make_registered_scene(std::string_view name);

/// A Scene from `graph`: up axis and scale applied (as a root transform), collision triangles extracted,
/// ground grid built. Throws Error(name) if no collision triangle remains.
Scene make_scene(std::string name, osg::ref_ptr<osg::Node> graph, std::vector<WallSegment> walls,
                 const SceneOptions& options = {});

/// A Scene with a generated graph and its wall footprints, in the generator's frame (for factories); all
/// of it collides (no height band).
Scene make_scene(GeneratedScene generated);

/// The registered scene if `name_or_path` names one (`options` do not apply to it), else the file at that
/// path: an OpenDRIVE file (.xodr) through crashbench's own reader (docs/scenes.md, "OpenDRIVE roads"),
/// any other through osgDB. Throws Error naming the file when it is missing, unreadable or has no collision triangles. For a file,
/// times the load (`Scene::load_seconds`), summarises OSG's notifications and checks the up axis
/// (`Scene::notes`), printing each note once to stderr.
Scene load_scene(const std::string& name_or_path, const SceneOptions& options = {});

}  // namespace crashbench
