#pragma once
// A registered part built from a case's field: its name alone, read as {key: name}, or {key: name,
// ...its options}. The part's own factory validates the options; every error names the JSON pointer.
#include <nlohmann/json.hpp>

#include <span>
#include <string>
#include <string_view>

#include "core/json_reader.hpp"
#include "core/registry.hpp"

namespace crashbench {

/// The part `field` names among `entries` (of `kind`, e.g. "detector"), built by its factory from the
/// whole object (`key` included); a bare name gives the factory {key: name} at the same pointer.
template <class Entry>
auto make_registered(const JsonReader& field, std::span<const Entry> entries, std::string_view kind,
                     std::string_view key) {
  if (!field.is_string() && !field.is_object())
    field.fail("expected a " + std::string(kind) + "'s name or an object {\"" + std::string(key) +
               "\": name, ...its options}");
  const JsonReader name_field = field.is_string() ? field : field.at(key);
  const std::string name = name_field.string();
  const Entry* entry = find_entry_or_null(entries, name);
  if (!entry) {
    try {
      find_entry(entries, name, kind);
    } catch (const Error& e) {
      name_field.fail(e.problem());
    }
  }
  if (!field.is_string()) return entry->make(field);
  const nlohmann::json object = {{std::string(key), name}};
  return entry->make(JsonReader(object, field.file(), field.pointer()));
}

/// The part called `name` with its default options, as if a case said `"<pointer>": name`.
template <class Entry>
auto make_registered(std::string_view name, std::span<const Entry> entries, std::string_view kind,
                     std::string_view key, const std::string& pointer) {
  const nlohmann::json field = std::string(name);
  return make_registered(JsonReader(field, "", pointer), entries, kind, key);
}

}  // namespace crashbench
