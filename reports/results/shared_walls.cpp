#include "reports/results/shared_walls.hpp"

#include <fmt/format.h>

#include <cstdint>

namespace crashbench {
namespace {

/// FNV-1a over the walls' text: the same walls give the same key in every file and run.
std::string key_of(const nlohmann::json& walls) {
  std::uint64_t h = 14695981039346656037ull;
  for (const unsigned char ch : walls.dump()) h = (h ^ ch) * 1099511628211ull;
  return fmt::format("walls-{:016x}", h);
}

}  // namespace

std::string take_scene_walls(nlohmann::json& case_json, nlohmann::json& walls) {
  const auto it = case_json.find("scene_walls");
  if (it == case_json.end() || !it->is_array()) return "";
  walls = std::move(*it);
  case_json.erase(it);
  std::string key = key_of(walls);
  case_json["scene_walls_ref"] = key;
  return key;
}

void share_scene_walls(nlohmann::json& doc) {
  nlohmann::json& scenes = doc["scenes"];
  if (!scenes.is_object()) scenes = nlohmann::json::object();
  for (auto& c : doc["cases"]) {
    nlohmann::json walls;
    const std::string key = take_scene_walls(c, walls);
    if (!key.empty() && !scenes.contains(key)) scenes[key] = {{"walls", std::move(walls)}};
  }
}

}  // namespace crashbench
