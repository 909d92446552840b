#include <fmt/format.h>

#include <filesystem>
#include <span>

#include "app/commands.hpp"
#include "cases/loading/matrix.hpp"
#include "cases/loading/vehicle_presets.hpp"
#include "cases/plugin.hpp"
#include "core/install_paths.hpp"
#include "core/text.hpp"
#include "detectors/detector.hpp"
#include "detectors/scenes/registry/scene_library.hpp"
#include "models/dynamics/vehicle_dynamics.hpp"
#include "models/integrators/integrator.hpp"
#include "models/response/response_model.hpp"

namespace crashbench {
namespace {

template <class Entry>
void print_table(std::string_view title, std::span<const Entry> entries) {
  fmt::print("{}:\n", title);
  for (const auto& e : entries) fmt::print("  {:<16} {}\n", e.name, e.summary);
}

/// The first sentence of a shipped file's "description", or why it could not be read.
std::string case_summary(const std::string& path) {
  try {
    const nlohmann::json doc = read_json_file(path);
    std::string text = doc.value("description", std::string());
    if (const auto end = text.find(". "); end != std::string::npos) text = text.substr(0, end + 1);
    return (doc.contains("matrix") ? "[matrix] " : "") + text;
  } catch (const Error& e) {
    return std::string("(unreadable: ") + e.what() + ")";
  }
}

void print_plugins() {
  if (loaded_plugins().empty()) return;
  fmt::print("plugins:\n");
  for (const LoadedPlugin& p : loaded_plugins()) fmt::print("  {} ({} parts)\n", p.path, p.parts);
}

/// An installed crashbench's shipped cases, else the source tree's (a build tree's crashbench).
std::string default_case_folder() {
  const std::filesystem::path installed = installed_data_dir();
  return installed.empty() ? std::string(CRASHBENCH_CASE_LIBRARY) : (installed / "cases").string();
}

void print_case_library(const std::string& folder) {
  fmt::print("shipped cases ({}):\n", folder);
  std::error_code ec;
  std::vector<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(folder, ec))
    if (entry.path().extension() == ".json") names.push_back(entry.path().filename().string());
  std::sort(names.begin(), names.end());
  // A --cases folder may hold anyone's files: their names and descriptions reach the terminal escaped.
  for (const auto& n : names)
    fmt::print("  {:<36} {}\n", escape_terminal(n), escape_terminal(case_summary(folder + "/" + n)));
  if (names.empty()) fmt::print("  (none found; pass --cases DIR)\n");
}

}  // namespace

void add_list_command(CLI::App& app, int& exit_code) {
  auto* cmd = app.add_subcommand("list", "List detectors, response models, dynamics, integrators, scenes, vehicle "
                                         "presets and shipped cases");
  static std::string cases_dir = default_case_folder();
  cmd->add_option("--cases", cases_dir, "Folder of shipped cases")->capture_default_str();
  cmd->callback([&exit_code] {
    print_table("detectors", detectors());
    print_table("response models", response_models());
    print_table("dynamics", dynamics_models());
    print_table("integrators", integrators());
    print_table("scenes", scene_registry().entries());
    print_table("vehicle presets", vehicle_presets());
    print_plugins();
    print_case_library(cases_dir);
    exit_code = kExitOk;
  });
}

}  // namespace crashbench
