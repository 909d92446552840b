#include "cases/scene_source.hpp"

#include "detectors/scenes/scene_library.hpp"

namespace crashbench {

bool is_builtin_scene(std::string_view name) { return scene_registry().contains(name); }

std::string builtin_scene_names() { return scene_registry().names(); }

Scene build_scene(const SceneSpec& spec) {
  if (spec.builtin.empty()) {
    SceneOptions options;
    options.up = spec.up_axis == "y" ? UpAxis::kY : UpAxis::kZ;
    options.unit_scale = spec.unit_scale;
    return load_scene(spec.file, options);
  }
  return make_registered_scene(spec.builtin);
}

}  // namespace crashbench
