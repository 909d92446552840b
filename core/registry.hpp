#pragma once
// The registries of interchangeable parts (detectors, response models, dynamics, integrators, scenes):
// each entry is a name, a one-line summary and a factory. A registry is open: built-in parts and the parts
// of plugins are added through the same Registry::add (docs/architecture.md, "Registries"). Unknown names
// get an error listing the known ones.
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.hpp"

namespace crashbench {

/// A part's row: `name` and `summary` must outlive the registry (string literals, in the host or in a
/// plugin, which is never unloaded).
template <class Factory>
struct RegistryEntry {
  std::string_view name;
  std::string_view summary;
  Factory make;
};

/// Comma-separated names of `entries`, for error messages.
template <class Entry>
std::string known_names(std::span<const Entry> entries) {
  std::string names;
  for (const auto& e : entries) names += (names.empty() ? "" : ", ") + std::string(e.name);
  return names;
}

/// The entry called `name`, or nullptr.
template <class Entry>
const Entry* find_entry_or_null(std::span<const Entry> entries, std::string_view name) {
  for (const auto& e : entries)
    if (e.name == name) return &e;
  return nullptr;
}

/// The entry called `name`; throws Error naming `kind` and the known names otherwise.
template <class Entry>
const Entry& find_entry(std::span<const Entry> entries, std::string_view name, std::string_view kind) {
  if (const Entry* e = find_entry_or_null(entries, name)) return *e;
  throw Error("", "", "unknown " + std::string(kind) + " '" + std::string(name) + "'; expected one of: " +
                          known_names(entries));
}

/// One kind of part, in registration order. Add parts before any run starts (at start-up and when the
/// command line or a case loads a plugin): adding may move the entries, so spans from `entries()` taken
/// before an `add` are stale, and adding is not safe while another thread reads.
template <class Entry>
class Registry {
 public:
  /// `kind` names the part in messages ("detector", "response model", ...).
  explicit Registry(std::string_view kind) : kind_(kind) {}

  /// Adds `entry`. Throws Error when its name is empty, has white space or a comma, or is taken.
  void add(Entry entry) {
    const std::string name(entry.name);
    if (name.empty() || name.find_first_of(" \t\n,") != std::string::npos)
      throw Error("", "", std::string(kind_) + " name '" + name + "' must be non-empty, without spaces or commas");
    if (find_entry_or_null(entries(), entry.name))
      throw Error("", "", std::string(kind_) + " '" + name + "' is already registered");
    entries_.push_back(entry);
  }

  std::span<const Entry> entries() const { return entries_; }
  std::string_view kind() const { return kind_; }
  bool contains(std::string_view name) const { return find_entry_or_null(entries(), name) != nullptr; }
  /// The entry called `name`; throws Error listing the known names otherwise.
  const Entry& at(std::string_view name) const { return find_entry(entries(), name, kind_); }
  /// Comma-separated names, for error messages.
  std::string names() const { return known_names(entries()); }

 private:
  std::string_view kind_;
  std::vector<Entry> entries_;
};

/// A registry with `builtins` added, in order, through Registry::add.
template <class Entry>
Registry<Entry> registry_with(std::string_view kind, std::span<const Entry> builtins) {
  Registry<Entry> registry(kind);
  for (const Entry& e : builtins) registry.add(e);
  return registry;
}

}  // namespace crashbench
