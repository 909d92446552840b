#include "detectors/scenes/registry/builtin_walls.hpp"

#include <string>

namespace crashbench {

Scene scene_from_walls(std::string_view name, std::span<const WallFootprint> walls) {
  Scene scene;
  scene.name = std::string(name);
  scene.walls.reserve(walls.size());
  for (const WallFootprint& w : walls) scene.walls.push_back(w.segment());
  return scene;
}

}  // namespace crashbench
