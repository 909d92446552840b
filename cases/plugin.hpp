#pragma once
// Plugins: shared libraries that add detectors, response models, dynamics models, integrators or scenes to
// the registries at run time, through one versioned extern "C" entry point. A plugin is built against the
// installed headers only and takes crashbench's symbols from the crashbench executable that loads it, so
// it registers into the very registries the command line reads (docs/plugins.md).
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "detectors/detector.hpp"
#include "detectors/scenes/registry/scene_library.hpp"
#include "models/dynamics/vehicle_dynamics.hpp"
#include "models/integrators/integrator.hpp"
#include "models/response/response_model.hpp"

namespace crashbench {

/// The plugin interface's version. Raised whenever PluginHost, a registry entry or an interface a plugin
/// implements changes incompatibly; a plugin built for another version is refused.
inline constexpr int kPluginApiVersion = 15;  // 2: detector and dynamics factories take their options (JsonReader);
                                            // 3: Detector holds the shared vehicle-pair pass (detect_all);
                                            // 4: Scene carries `about` (a scene factory returns a Scene);
                                            // 5: the run's vehicle pairs leave Detector (StepPairs);
                                            // 6: ResponseModel::curves(), Scene::published,
                                            //    VehicleDynamics::ground_force_bound(), vehicle_parameters();
                                            // 7: VehicleParams keeps the shared numbers and a model-owned
                                            //    block (ModelParameters); VehicleDynamics reads it
                                            //    (vehicle_keys, read_vehicle_parameters), axles(), stretch()
                                            // 8: Integrator::step_batch (for step_pair),
                                            //    VehicleDynamics::prepare() and derivatives(),
                                            //    Detector::detect_grown_and_end()
                                            // 9: Detector::probe(), SweepScratch's per-thread searches,
                                            //    DetectorStats in 64 bits
                                            // 10: Detector::share_slots(), detect_slots(),
                                            //     GrownAndEnd::first_slot
                                            // 11: PlanarState, Contact and Resolution without padding
                                            //     (fields reordered), ResolutionStatus in a byte
                                            // 12: Detector::prepare_as(), Scene::builds
                                            // 13: Resolution's fields but force and end in a base,
                                            //     ResolutionRecord (its layout)
                                            // 14: VehicleDynamics::rk4_step(), OdeBatch::rk4_step()
                                            // 15: PoseByPoseDetector's Self shares its slots'
                                            //     boxes itself (share_boxes()) and answers
                                            //     probe_slots() (query_reading());
                                            //     Detector::probe_slots()

/// The symbol every plugin exports (CRASHBENCH_PLUGIN defines it):
///   extern "C" int crashbench_plugin_register(crashbench::PluginHost* host, int host_api_version);
/// It returns 0 once its parts are registered, its own API version when `host_api_version` differs
/// (registering nothing), and -1 when its registration threw.
inline constexpr const char* kPluginEntryPoint = "crashbench_plugin_register";

/// What a plugin registers its parts with: each add_* is Registry::add on the registry the built-ins are
/// in. Nothing here throws across the plugin boundary; the first refusal is kept in error().
class PluginHost {
 public:
  void add_detector(const RegistryEntry<DetectorFactory>& entry);
  void add_response_model(const RegistryEntry<ResponseFactory>& entry);
  void add_dynamics(const RegistryEntry<DynamicsFactory>& entry);
  void add_integrator(const RegistryEntry<IntegratorFactory>& entry);
  void add_scene(const SceneEntry& entry);

  /// The first refusal (a name already taken, an empty name), "" when none.
  const std::string& error() const { return error_; }
  /// Parts registered so far.
  int parts_added() const { return added_; }

 private:
  template <class Entry>
  void add(Registry<Entry>& registry, const Entry& entry);

  std::string error_;
  int added_ = 0;
};

/// Loads the plugin at `path` and registers its parts; the same file again is a no-op. Throws Error
/// naming the file when it is missing, not a loadable shared library, lacks the entry point, was built
/// for another API version, or registers a name that is taken. Call before any case runs (registries
/// are not safe to grow while a run reads them).
void load_plugin(const std::string& path);

/// The plugin files a case document lists under "plugins", resolved against `case_file`'s folder.
/// Throws Error with the file and JSON pointer unless "plugins" is an array of non-empty strings.
std::vector<std::string> case_plugin_paths(const nlohmann::json& doc, const std::string& case_file);

/// Loads every plugin `case_plugin_paths` lists; errors name the case file and its JSON pointer.
void load_case_plugins(const nlohmann::json& doc, const std::string& case_file);

/// Every plugin loaded so far and how many parts it registered, in load order.
struct LoadedPlugin {
  std::string path;  ///< canonical path
  int parts = 0;
};
const std::vector<LoadedPlugin>& loaded_plugins();

}  // namespace crashbench

/// Defines the plugin entry point around `register_parts`, a function `void (crashbench::PluginHost&)`.
#define CRASHBENCH_PLUGIN(register_parts)                                                          \
  extern "C" __attribute__((visibility("default"))) int crashbench_plugin_register(              \
      crashbench::PluginHost* host, int host_api_version) {                                        \
    if (host_api_version != crashbench::kPluginApiVersion) return crashbench::kPluginApiVersion; \
    try {                                                                                          \
      register_parts(*host);                                                                       \
    } catch (...) {                                                                                \
      return -1;                                                                                   \
    }                                                                                              \
    return 0;                                                                                      \
  }
