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
Scene make_straight_wall() { return scene_from_walls("straight-wall", kStraightWall); }
Scene make_l_rail() { return scene_from_walls("l-rail", kLRail); }
}  // namespace

std::span<const RegistryEntry<SceneFactory>> builtin_scenes() {
  static const RegistryEntry<SceneFactory> kEntries[] = {
      {"straight-wall", "one wall along Y = 0 from X = -50 to 250 m", make_straight_wall},
      {"l-rail", "side wall Y = 0 (X -30..100 m) and end wall X = 100 (Y 0..40 m)", make_l_rail},
  };
  return kEntries;
}

Scene make_builtin_scene(std::string_view name) {
  return find_entry(builtin_scenes(), name, "built-in scene").make();
}

}  // namespace crashbench
