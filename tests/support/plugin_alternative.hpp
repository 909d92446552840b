#pragma once
// The last alternative of a part's oneOf in the merged case schema is a plugin's part: any name but the
// built-ins' (cases/model_schemas.cmake). These read it back for the schema tests.
#include <nlohmann/json.hpp>

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

namespace crashbench::testing {

/// The names the plugin alternative of `one_of` excludes (its `name_field`'s not.enum), sorted.
inline std::vector<std::string> plugin_alternative_excludes(const nlohmann::json& one_of, std::string_view name_field) {
  std::vector<std::string> names = one_of.back().at("properties").at(name_field).at("not").at("enum");
  std::sort(names.begin(), names.end());
  return names;
}

/// The names of `entries` (registry entries), sorted.
template <class Entries>
std::vector<std::string> sorted_names(const Entries& entries) {
  std::vector<std::string> names;
  for (const auto& entry : entries) names.emplace_back(entry.name);
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace crashbench::testing
