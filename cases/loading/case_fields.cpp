#include "cases/loading/case_fields.hpp"

#include <fmt/format.h>

#include <filesystem>

namespace crashbench {

std::string case_file_path(const JsonReader& field, std::string_view what) {
  const std::filesystem::path given(field.string());
  if (given.empty()) field.fail(fmt::format("expected a {} file path, found an empty string", what));
  if (given.is_absolute()) return given.lexically_normal().string();
  const std::filesystem::path inside = given.lexically_normal();
  if (!inside.empty() && *inside.begin() == "..")
    field.fail(fmt::format("the {} path leaves the case file's folder: expected a path inside it (or an absolute path)", what));
  return (std::filesystem::path(field.file()).parent_path() / inside).lexically_normal().string();
}

Vec2 parse_vec2(const JsonReader& field) {
  if (field.array_size() != 2) field.fail("expected [x, y]");
  return {field.at(std::size_t{0}).number(), field.at(std::size_t{1}).number()};
}

}  // namespace crashbench
