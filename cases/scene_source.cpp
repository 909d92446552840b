#include "cases/scene_source.hpp"

#include <algorithm>

#include "detectors/scenes/builtin_walls.hpp"
#include "detectors/scenes/scene_library.hpp"
#include "detectors/scenes/wall_footprints.hpp"

namespace crashbench {
namespace {

bool is_generated(std::string_view name) {
  for (const auto& e : scene_generators())
    if (e.name == name) return true;
  return false;
}

}  // namespace

bool is_builtin_scene(std::string_view name) {
  if (is_generated(name)) return true;
  for (const auto& e : builtin_scenes())
    if (e.name == name) return true;
  return false;
}

std::string builtin_scene_names() {
  std::string names = known_names(scene_generators());
  for (const auto& e : builtin_scenes()) names += ", " + std::string(e.name);
  return names;
}

Scene build_scene(const SceneSpec& spec) {
  if (spec.builtin.empty()) {
    SceneOptions options;
    options.up = spec.up_axis == "y" ? UpAxis::kY : UpAxis::kZ;
    options.unit_scale = spec.unit_scale;
    // A file carries no analytic walls: they are the vertical triangles' footprints.
    Scene scene = load_scene(spec.file, options);
    scene.walls = wall_footprints(scene.triangles);
    return scene;
  }
  // A generated scene carries the analytic walls too, so the analytic detector sees the same geometry.
  return is_generated(spec.builtin) ? load_scene(spec.builtin) : make_builtin_scene(spec.builtin);
}

void require_walls(const Scene& scene, std::string_view detector) {
  if (detector != "analytic" || !scene.walls.empty()) return;
  const auto vertical = std::count_if(scene.triangles.begin(), scene.triangles.end(),
                                      [](const Triangle& t) { return is_vertical(t); });
  if (vertical > 0)
    throw Error(scene.name, "", "the analytic detector found no wall footprint among the scene's " +
                                    std::to_string(vertical) + " vertical triangles; use a triangle detector");
}

}  // namespace crashbench
