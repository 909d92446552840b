#include "cases/loading/scene_source.hpp"

#include <algorithm>

#include "detectors/scenes/registry/scene_library.hpp"
#include "detectors/scenes/wall_footprints.hpp"

namespace crashbench {

bool is_builtin_scene(std::string_view name) { return scene_registry().contains(name); }

std::string builtin_scene_names() { return scene_registry().names(); }

Scene build_scene(const SceneSpec& spec) {
  if (spec.builtin.empty()) {
    SceneOptions options;
    if (!spec.up_axis.empty()) options.up = spec.up_axis == "y" ? UpAxis::kY : UpAxis::kZ;
    options.unit_scale = spec.unit_scale;
    options.placement = spec.placement;
    options.collision = spec.collision;
    options.opendrive = spec.opendrive;
    // What a car can hit, unless the case asks for more: faces within 45 deg of vertical.
    options.vertical_only = true;
    options.vertical_tolerance_deg = spec.vertical_within_deg.value_or(kDefaultVerticalWithinDeg);
    // A file carries no analytic walls: they are the vertical triangles' footprints.
    Scene scene = load_scene(spec.file, options);
    scene.walls = wall_footprints(scene.triangles, kVerticalToleranceDeg, spec.collision.above_road_max);
    return scene;
  }
  return make_registered_scene(spec.builtin);
}

void require_walls(const Scene& scene, const Detector& detector) {
  if (detector.geometry() != SceneGeometry::kWalls || !scene.walls.empty()) return;
  const auto vertical = std::count_if(scene.triangles.begin(), scene.triangles.end(),
                                      [](const Triangle& t) { return is_vertical(t); });
  if (vertical > 0)
    throw Error(scene.name, "", "the " + std::string(detector.name()) + " detector reads wall footprints and found none among the scene's " +
                                    std::to_string(vertical) + " vertical triangles; use a triangle detector");
}

}  // namespace crashbench
