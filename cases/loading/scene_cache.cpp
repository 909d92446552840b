#include "cases/loading/scene_cache.hpp"

#include <fmt/format.h>

#include <deque>
#include <map>
#include <mutex>

#include "cases/loading/scene_source.hpp"
#include "detectors/scenes/scene_builds.hpp"

namespace crashbench {
namespace {

/// Scenes kept alive after their last case, so that a matrix run case after case loads once.
constexpr std::size_t kKeptScenes = 4;

/// Everything in `spec` that changes the Scene built from it.
std::string key_of(const SceneSpec& spec) {
  const CollisionFilter& c = spec.collision;
  const OpenDriveOptions& o = spec.opendrive;
  const std::string placed = spec.placement ? fmt::format("{:a},{:a},{:a},{:a}", spec.placement->x, spec.placement->y,
                                                          spec.placement->z, spec.placement->heading_deg)
                                             : "";
  return fmt::format("{}|{}|{}|{:a}|{}|{:a}|{}|{}|{}|{}|{}|{:a}|{}|{}|{:a}|{:a}", spec.builtin, spec.file, spec.up_axis,
                     spec.unit_scale, placed, spec.vertical_within_deg.value_or(-1.0), fmt::join(c.include, "\x1f"),
                     fmt::join(c.exclude, "\x1f"), fmt::join(c.include_textures, "\x1f"),
                     fmt::join(c.exclude_textures, "\x1f"), c.node_mask, c.above_road_max, c.sprites,
                     fmt::join(o.drivable, "\x1f"), o.edge_height, o.tolerance);
}

struct Cache {
  std::mutex mutex;
  std::map<std::string, std::weak_ptr<const Scene>> by_key;
  std::deque<std::shared_ptr<const Scene>> recent;
  int loads = 0;
};

Cache& cache() {
  static Cache c;
  return c;
}

}  // namespace

std::shared_ptr<const Scene> shared_scene(const SceneSpec& spec) {
  Cache& c = cache();
  const std::string key = key_of(spec);
  // Held during the load: a second case asking for the same scene waits for it instead of loading it too.
  std::lock_guard lock(c.mutex);
  if (std::shared_ptr<const Scene> held = c.by_key[key].lock()) return held;
  Scene built = build_scene(spec);
  built.builds = std::make_shared<SceneBuilds>();  // shared read-only from here on: what is built from it holds
  auto scene = std::make_shared<const Scene>(std::move(built));
  ++c.loads;
  c.by_key[key] = scene;
  c.recent.push_back(scene);
  if (c.recent.size() > kKeptScenes) c.recent.pop_front();
  return scene;
}

void release_kept_scenes() {
  std::lock_guard lock(cache().mutex);
  cache().recent.clear();
}

int scene_loads() {
  std::lock_guard lock(cache().mutex);
  return cache().loads;
}

}  // namespace crashbench
