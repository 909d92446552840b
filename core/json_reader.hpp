#pragma once
// Reads a JSON document field by field, keeping the JSON pointer of every value so that each problem
// becomes a crashbench::Error naming the file, the field and what was expected.
#include <nlohmann/json.hpp>

#include <initializer_list>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "core/error.hpp"

namespace crashbench {

class JsonReader {
 public:
  JsonReader(const nlohmann::json& value, std::string file, std::string pointer = "")
      : value_(&value), file_(std::move(file)), pointer_(std::move(pointer)) {}

  const nlohmann::json& json() const { return *value_; }
  const std::string& file() const { return file_; }
  const std::string& pointer() const { return pointer_.empty() ? kRoot : pointer_; }

  /// An Error about this value: "<file>: <pointer>: <problem>".
  [[noreturn]] void fail(const std::string& problem) const;

  bool is_object() const { return value_->is_object(); }
  bool is_string() const { return value_->is_string(); }
  bool has(std::string_view key) const;
  /// Member `key` of this object; an error if this is not an object or `key` is missing.
  JsonReader at(std::string_view key) const;
  /// Member `key`, or nullopt when absent.
  std::optional<JsonReader> find(std::string_view key) const;
  /// Element `index` of this array.
  JsonReader at(std::size_t index) const;
  std::size_t array_size() const;

  /// Rejects members other than `allowed` (catches misspelt fields).
  void only_keys(std::initializer_list<std::string_view> allowed) const;
  void only_keys(std::span<const std::string_view> allowed) const;

  double number() const;
  double positive_number() const;       ///< > 0
  double non_negative_number() const;   ///< >= 0
  double number_in(double lo, double hi) const;  ///< lo <= x <= hi
  int integer_in(int lo, int hi) const;
  bool boolean() const;
  std::string string() const;
  /// A string of at most `max_bytes` bytes (UTF-8); a longer one is refused, not cut, saying the limit.
  std::string short_string(std::size_t max_bytes) const;
  /// One of `choices`; the error lists them.
  std::string choice(std::initializer_list<std::string_view> choices) const;

  /// Reads member `key` with `read` into `target` when present; leaves `target` alone otherwise.
  void read_if_present(std::string_view key, double& target, double (JsonReader::*read)() const) const {
    if (const auto member = find(key)) target = (*member.*read)();
  }

  /// Optional members with defaults.
  double number_or(std::string_view key, double fallback) const;
  std::string string_or(std::string_view key, const std::string& fallback) const;

 private:
  static inline const std::string kRoot = "/";
  std::string describe_found() const;

  const nlohmann::json* value_;
  std::string file_;
  std::string pointer_;
};

}  // namespace crashbench
