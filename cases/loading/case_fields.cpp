#include "cases/loading/case_fields.hpp"

#include <fmt/format.h>

#include <cmath>
#include <filesystem>

namespace crashbench {

double bounded(const JsonReader& field, double hi, const char* unit, bool may_be_zero) {
  const double x = may_be_zero ? field.non_negative_number() : field.positive_number();
  if (x > hi) field.fail("expected at most " + nlohmann::json(hi).dump() + " " + unit + ", found " + field.json().dump());
  return x;
}

double bounded_magnitude(const JsonReader& field, double hi, const char* unit) {
  const double x = field.number();
  if (std::abs(x) > hi)
    field.fail("expected a magnitude of at most " + nlohmann::json(hi).dump() + " " + unit + ", found " + field.json().dump());
  return x;
}

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
