#pragma once
// A table of named, interchangeable parts (detectors, response models, integrators, scenes):
// name, one-line summary, factory. Unknown names get an error listing the known ones.
#include <span>
#include <string>
#include <string_view>

#include "core/error.hpp"

namespace crashbench {

template <class Factory>
struct RegistryEntry {
  std::string_view name;
  std::string_view summary;
  Factory make;
};

/// Comma-separated names of `entries`, for error messages.
template <class Factory>
std::string known_names(std::span<const RegistryEntry<Factory>> entries) {
  std::string names;
  for (const auto& e : entries) names += (names.empty() ? "" : ", ") + std::string(e.name);
  return names;
}

/// The entry called `name`; throws Error naming `kind` and the known names otherwise.
template <class Factory>
const RegistryEntry<Factory>& find_entry(std::span<const RegistryEntry<Factory>> entries, std::string_view name,
                                         std::string_view kind) {
  for (const auto& e : entries)
    if (e.name == name) return e;
  throw Error("", "", "unknown " + std::string(kind) + " '" + std::string(name) + "'; expected one of: " +
                          known_names(entries));
}

}  // namespace crashbench
