#pragma once
// One load per scene and options: every case of a matrix on the same file shares one read-only Scene.
#include <memory>

#include "cases/case.hpp"
#include "detectors/scenes/scene.hpp"

namespace crashbench {

/// The scene `spec` names, loaded once per distinct spec (file or built-in name, up axis, unit scale) and
/// shared read-only. The cache keeps the last few scenes alive between cases that run one after another;
/// older ones live as long as a case holds them. Thread-safe: concurrent requests for one spec load it
/// once. Throws what build_scene throws (and loads again on the next request).
std::shared_ptr<const Scene> shared_scene(const SceneSpec& spec);

/// Lets go of the scenes kept for cases to come (when none is left to run): a scene then lives only as long
/// as a case still holds it, and with it what detectors built from it (Scene::builds).
void release_kept_scenes();

/// How many scenes shared_scene has loaded since the process started (for tests).
int scene_loads();

}  // namespace crashbench
