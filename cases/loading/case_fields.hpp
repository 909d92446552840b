#pragma once
// Reading the fields of a case document that several of its sections share: bounded numbers with their
// units, registered names, and paths relative to the case file. Each problem is an Error naming the file
// and the JSON pointer (core/json_reader.hpp).
#include <span>
#include <string>
#include <string_view>

#include "core/bounded_field.hpp"
#include "core/json_reader.hpp"
#include "core/registry.hpp"
#include "core/vehicle.hpp"

namespace crashbench {

/// [x, y] as a vector.
Vec2 parse_vec2(const JsonReader& field);

/// `field` must name an entry of `entries`; the error lists the known names.
template <class Factory>
std::string registered_name(const JsonReader& field, std::span<const RegistryEntry<Factory>> entries,
                            std::string_view kind) {
  const std::string name = field.string();
  try {
    find_entry(entries, name, kind);
  } catch (const Error& e) {
    field.fail(e.problem());
  }
  return name;
}

/// A relative path (to a scene, a replay log, a SUMO file: `what`) must stay inside the case file's folder
/// (a shared case cannot make the bench read "../../etc/passwd"); an absolute path is taken as written,
/// since its author chose it on purpose.
std::string case_file_path(const JsonReader& field, std::string_view what = "scene");

}  // namespace crashbench
