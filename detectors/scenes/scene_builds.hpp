#pragma once
// What detectors build from a scene alone and then only read (the tree's grid), kept with the scene so
// that the next case on it, or another thread, takes it instead of building it again. Only scenes that
// never change once made carry one (the cases' shared scenes, cases/loading/scene_cache.hpp): a scene a
// caller may still edit has none, and each detector builds its own.
#include <map>
#include <memory>
#include <mutex>
#include <string>

namespace crashbench {

class SceneBuilds {
 public:
  /// The build under `key` (naming the kind and every option it depends on), made by `make()` (returning
  /// std::shared_ptr<const T>) on the first request. Thread-safe: a request for a key being built waits for
  /// it. A `make` that throws leaves nothing behind.
  template <class T, class Make>
  std::shared_ptr<const T> get(const std::string& key, Make make) {
    std::lock_guard lock(mutex_);
    if (const auto found = built_.find(key); found != built_.end())
      return std::static_pointer_cast<const T>(found->second);
    std::shared_ptr<const T> made = make();
    built_.emplace(key, made);
    return made;
  }

 private:
  std::mutex mutex_;
  std::map<std::string, std::shared_ptr<const void>> built_;
};

/// The build of `scene` under `key` (SceneBuilds::get) where the scene keeps its builds and that build is
/// this scene's (a copy of a scene shares its builds, not its address), else one made now by `make()`. T
/// names the scene it was built from in its member `scene`.
template <class T, class SceneType, class Make>
std::shared_ptr<const T> kept_or_made(const SceneType& scene, const std::string& key, Make make) {
  std::shared_ptr<const T> kept = scene.builds ? scene.builds->template get<T>(key, make) : nullptr;
  return kept && kept->scene == &scene ? kept : make();
}

}  // namespace crashbench
