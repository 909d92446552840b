#include "cases/loading/scene_source.hpp"

#include <fmt/format.h>

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
    options.collision = spec.collision;
    options.opendrive = spec.opendrive;
    // What a car can hit, unless the case asks for more: faces within 45 deg of vertical.
    options.vertical_only = true;
    options.vertical_tolerance_deg = spec.vertical_within_deg.value_or(kDefaultVerticalWithinDeg);
    // A file carries no analytic walls: they are the vertical triangles' footprints.
    Scene scene = [&] {
      try {
        return load_scene(spec.file, options);
      } catch (const Error& e) {
        // A file with no face a car can hit by default (a road alone) says what would make one collide.
        if (spec.vertical_within_deg || e.problem().find("none is vertical") == std::string::npos) throw;
        throw Error(e.file(), e.pointer(),
                    fmt::format("{}: no face lies within {:g} deg of vertical, the default collision set, so a car "
                                "can hit nothing; \"collision\": {{\"vertical_within_deg\": 90}} makes every face "
                                "collide", e.problem(), kDefaultVerticalWithinDeg));
      }
    }();
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
