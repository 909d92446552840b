#include "cases/plugin.hpp"

#include <dlfcn.h>

#include <filesystem>

#include "core/json_reader.hpp"
#include "cases/plugin_file_check.hpp"

namespace crashbench {
namespace {

using EntryPoint = int (*)(PluginHost*, int);

std::vector<LoadedPlugin>& loaded() {
  static std::vector<LoadedPlugin> plugins;
  return plugins;
}

/// The loader's last message, or `fallback` when it has none.
std::string dl_error(const char* fallback) {
  const char* message = dlerror();
  return message ? message : fallback;
}

/// What a non-zero answer of the entry point means.
std::string refusal(int answer) {
  if (answer > 0)
    return "built for crashbench plugin API " + std::to_string(answer) + ", this crashbench speaks " +
           std::to_string(kPluginApiVersion) + "; rebuild it against this crashbench's headers";
  return "its registration failed (it threw)";
}

}  // namespace

template <class Entry>
void PluginHost::add(Registry<Entry>& registry, const Entry& entry) {
  try {
    registry.add(entry);
    ++added_;
  } catch (const Error& e) {
    if (error_.empty()) error_ = e.problem();
  }
}

void PluginHost::add_detector(const RegistryEntry<DetectorFactory>& entry) { add(detector_registry(), entry); }
void PluginHost::add_response_model(const RegistryEntry<ResponseFactory>& entry) {
  add(response_model_registry(), entry);
}
void PluginHost::add_dynamics(const RegistryEntry<DynamicsFactory>& entry) { add(dynamics_registry(), entry); }
void PluginHost::add_integrator(const RegistryEntry<IntegratorFactory>& entry) { add(integrator_registry(), entry); }
void PluginHost::add_scene(const SceneEntry& entry) { add(scene_registry(), entry); }

void load_plugin(const std::string& path) {
  std::error_code ec;
  const std::filesystem::path file = std::filesystem::canonical(path, ec);
  if (ec || !std::filesystem::is_regular_file(file)) throw Error(path, "", "no such plugin file");
  for (const LoadedPlugin& p : loaded())
    if (p.path == file.string()) return;
  // Before dlopen maps it: a truncated library would be mapped past its end and die of SIGBUS.
  check_plugin_file(file.string());
  // RTLD_NOW: an unresolved symbol fails here, with its name, not in the middle of a run. The library is
  // never closed: its factories and names stay in the registries.
  void* library = dlopen(file.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!library) throw Error(path, "", "cannot load the plugin: " + dl_error("not a shared library"));
  const auto entry = reinterpret_cast<EntryPoint>(dlsym(library, kPluginEntryPoint));
  if (!entry)
    throw Error(path, "", std::string("not a crashbench plugin: it exports no ") + kPluginEntryPoint +
                              " (define it with CRASHBENCH_PLUGIN)");
  PluginHost host;
  if (const int answer = entry(&host, kPluginApiVersion); answer != 0) throw Error(path, "", refusal(answer));
  if (!host.error().empty()) throw Error(path, "", "the plugin's parts were refused: " + host.error());
  loaded().push_back({file.string(), host.parts_added()});
}

std::vector<std::string> case_plugin_paths(const nlohmann::json& doc, const std::string& case_file) {
  std::vector<std::string> paths;
  if (!doc.is_object() || !doc.contains("plugins")) return paths;
  const JsonReader list(doc["plugins"], case_file, "/plugins");
  if (!list.json().is_array()) list.fail("expected an array of plugin file paths, relative to the case file");
  const std::filesystem::path base = std::filesystem::path(case_file).parent_path();
  for (std::size_t i = 0; i < list.array_size(); ++i) {
    const std::string relative = list.at(i).string();
    if (relative.empty()) list.at(i).fail("expected a plugin file path, found an empty string");
    paths.push_back((base / relative).lexically_normal().string());
  }
  return paths;
}

void load_case_plugins(const nlohmann::json& doc, const std::string& case_file) {
  const std::vector<std::string> paths = case_plugin_paths(doc, case_file);
  for (std::size_t i = 0; i < paths.size(); ++i) {
    try {
      load_plugin(paths[i]);
    } catch (const Error& e) {
      throw Error(case_file, "/plugins/" + std::to_string(i), e.file() + ": " + e.problem());
    }
  }
}

const std::vector<LoadedPlugin>& loaded_plugins() { return loaded(); }

}  // namespace crashbench
