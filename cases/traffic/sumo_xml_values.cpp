#include <fmt/format.h>

#include <charconv>
#include <cmath>

#include "cases/traffic/sumo_xml.hpp"
#include "core/error.hpp"

namespace crashbench::sumo {

void XmlValues::fail(const XmlElement& e, std::string_view key, const std::string& problem) const {
  throw Error(file_, e.where(key), problem);
}

std::string_view XmlValues::text(const XmlElement& e, std::string_view key) const {
  const char* value = e.find(key);
  if (!value) fail(e, key, "missing: the attribute is required");
  if (!*value) fail(e, key, "empty: expected a value");
  return value;
}

double XmlValues::number(const XmlElement& e, std::string_view key) const {
  const char* value = e.find(key);
  if (!value) fail(e, key, "missing: the attribute is required");
  const std::string_view text(value);
  double x = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), x);
  // from_chars reads "nan" and "inf" as numbers and stops at the first character that is none.
  if (text.empty() || ec != std::errc() || end != text.data() + text.size() || !std::isfinite(x))
    fail(e, key, fmt::format("expected a finite number, got '{}'", text));
  return x;
}

std::optional<double> XmlValues::number_if_any(const XmlElement& e, std::string_view key) const {
  if (!e.find(key)) return std::nullopt;
  return number(e, key);
}

void XmlValues::unexpected(const XmlElement& e, std::string_view key, std::string_view expected) const {
  fail(e, key, fmt::format("expected {}, got '{}'", expected, e.find_or_empty(key)));
}

}  // namespace crashbench::sumo
