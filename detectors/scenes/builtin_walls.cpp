#include "detectors/scenes/builtin_walls.hpp"

#include <string>

namespace crashbench {

Scene scene_from_walls(std::string_view name, std::span<const WallFootprint> walls) {
  Scene scene;
  scene.name = std::string(name);
  scene.walls.reserve(walls.size());
  for (const WallFootprint& w : walls) scene.walls.push_back(w.segment());
  return scene;
}

namespace {
Scene make_open_road() { return scene_from_walls("open-road", {}); }
}  // namespace

std::span<const RegistryEntry<SceneFactory>> builtin_scenes() {
  static const RegistryEntry<SceneFactory> kEntries[] = {
      {"open-road", "no walls: vehicle-to-vehicle cases", make_open_road},
  };
  return kEntries;
}

Scene make_builtin_scene(std::string_view name) {
  return find_entry(builtin_scenes(), name, "built-in scene").make();
}

}  // namespace crashbench
