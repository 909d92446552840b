#include "core/json_reader.hpp"

#include <fmt/format.h>

#include <cmath>

#include "core/text.hpp"

namespace crashbench {

void JsonReader::fail(const std::string& problem) const { throw Error(file_, pointer(), problem); }

std::string JsonReader::describe_found() const {
  return std::string(value_->type_name()) + " " + cut_utf8(value_->dump(-1, ' ', false, nlohmann::json::error_handler_t::replace), 37);
}

bool JsonReader::has(std::string_view key) const {
  return value_->is_object() && value_->contains(std::string(key));
}

JsonReader JsonReader::at(std::string_view key) const {
  if (!value_->is_object()) fail("expected an object, found " + describe_found());
  const auto it = value_->find(std::string(key));
  if (it == value_->end()) fail("missing field '" + std::string(key) + "'");
  return JsonReader(*it, file_, pointer_ + "/" + std::string(key));
}

std::optional<JsonReader> JsonReader::find(std::string_view key) const {
  if (!has(key)) return std::nullopt;
  return at(key);
}

JsonReader JsonReader::at(std::size_t index) const {
  if (!value_->is_array()) fail("expected an array, found " + describe_found());
  if (index >= value_->size()) fail("expected at least " + std::to_string(index + 1) + " elements");
  return JsonReader((*value_)[index], file_, pointer_ + "/" + std::to_string(index));
}

std::size_t JsonReader::array_size() const {
  if (!value_->is_array()) fail("expected an array, found " + describe_found());
  return value_->size();
}

void JsonReader::only_keys(std::initializer_list<std::string_view> allowed) const {
  only_keys(std::span<const std::string_view>(allowed.begin(), allowed.size()));
}

void JsonReader::only_keys(std::span<const std::string_view> allowed) const {
  if (!value_->is_object()) fail("expected an object, found " + describe_found());
  for (const auto& [key, _] : value_->items()) {
    bool known = false;
    for (const auto a : allowed) known = known || key == a;
    if (known) continue;
    std::string names;
    for (const auto a : allowed) names += (names.empty() ? "" : ", ") + std::string(a);
    JsonReader(value_->at(key), file_, pointer_ + "/" + key).fail("unknown field; expected one of: " + names);
  }
}

double JsonReader::number() const {
  if (!value_->is_number()) fail("expected a number, found " + describe_found());
  const double x = value_->get<double>();
  if (!std::isfinite(x)) fail("expected a finite number");
  return x;
}

double JsonReader::positive_number() const {
  const double x = number();
  if (!(x > 0)) fail("expected a positive number, found " + describe_found());
  return x;
}

double JsonReader::non_negative_number() const {
  const double x = number();
  if (x < 0) fail("expected a number >= 0, found " + describe_found());
  return x;
}

double JsonReader::number_in(double lo, double hi) const {
  const double x = number();
  if (x < lo || x > hi) fail("expected a number in [" + nlohmann::json(lo).dump() + ", " +
                             nlohmann::json(hi).dump() + "], found " + describe_found());
  return x;
}

int JsonReader::integer_in(int lo, int hi) const {
  if (!value_->is_number_integer()) fail("expected an integer, found " + describe_found());
  // An unsigned value above LLONG_MAX would wrap to a negative long long and pass a lower bound.
  const bool huge = value_->is_number_unsigned() && value_->get<unsigned long long>() > static_cast<unsigned long long>(hi);
  const auto x = value_->get<long long>();
  if (huge || x < lo || x > hi)
    fail("expected an integer in [" + std::to_string(lo) + ", " + std::to_string(hi) + "], found " + describe_found());
  return static_cast<int>(x);
}

bool JsonReader::boolean() const {
  if (!value_->is_boolean()) fail("expected true or false, found " + describe_found());
  return value_->get<bool>();
}

std::string JsonReader::string() const {
  if (!value_->is_string()) fail("expected a string, found " + describe_found());
  return value_->get<std::string>();
}

std::string JsonReader::short_string(std::size_t max_bytes) const {
  if (value_->is_string() && value_->get_ref<const std::string&>().size() > max_bytes)
    fail(fmt::format("expected a name of at most {} bytes, found one of {} bytes", max_bytes,
                     value_->get_ref<const std::string&>().size()));
  return string();
}

std::string JsonReader::choice(std::initializer_list<std::string_view> choices) const {
  const std::string s = string();
  std::string names;
  for (const auto c : choices) {
    if (c == s) return s;
    names += (names.empty() ? "" : ", ") + std::string(c);
  }
  fail("unknown value '" + s + "'; expected one of: " + names);
}

double JsonReader::number_or(std::string_view key, double fallback) const {
  const auto member = find(key);
  return member ? member->number() : fallback;
}

std::string JsonReader::string_or(std::string_view key, const std::string& fallback) const {
  const auto member = find(key);
  return member ? member->string() : fallback;
}

}  // namespace crashbench
