#include "detectors/scenes/opendrive/odr_attributes.hpp"

#include <fmt/format.h>

#include <cmath>
#include <cstdlib>

#include "core/error.hpp"

namespace crashbench::odr {

std::string Attributes::where(const Element& e, std::string_view key) {
  return key.empty() ? fmt::format("<{}> (line {})", e.name, e.line)
                     : fmt::format("<{}> (line {}): '{}'", e.name, e.line, key);
}

void Attributes::fail(const Element& e, std::string_view key, const std::string& what) const {
  throw Error(file, where(e, key), what);
}

const std::string& Attributes::text(const Element& e, std::string_view key) const {
  const std::string* v = e.attribute(key);
  if (!v) fail(e, key, "missing: the attribute is required");
  return *v;
}

std::string Attributes::text_or(const Element& e, std::string_view key, std::string fallback) const {
  const std::string* v = e.attribute(key);
  return v ? *v : std::move(fallback);
}

double Attributes::number(const Element& e, std::string_view key) const {
  const std::string& v = text(e, key);
  // strtod skips leading blanks; OpenDRIVE writers pad with none, but a trailing blank is no number's.
  char* end = nullptr;
  const double x = std::strtod(v.c_str(), &end);
  if (v.empty() || *end != '\0' || !std::isfinite(x) || std::abs(x) > kLargest)
    fail(e, key, fmt::format("expected a finite number of magnitude at most {:g}, got '{}'", kLargest, v));
  return x;
}

double Attributes::number_or(const Element& e, std::string_view key, double fallback) const {
  return e.attribute(key) ? number(e, key) : fallback;
}

bool Attributes::boolean_or(const Element& e, std::string_view key, bool fallback) const {
  const std::string* v = e.attribute(key);
  if (!v) return fallback;
  if (*v == "true" || *v == "1") return true;
  if (*v != "false" && *v != "0") fail(e, key, fmt::format("expected true or false, got '{}'", *v));
  return false;
}

int Attributes::integer(const Element& e, std::string_view key, int lo, int hi) const {
  const double x = number(e, key);
  if (x != std::floor(x) || x < lo || x > hi)
    fail(e, key, fmt::format("expected a whole number in [{}, {}], got '{}'", lo, hi, text(e, key)));
  return static_cast<int>(x);
}

Cubic Attributes::cubic(const Element& e, std::string_view s_key) const {
  return {number(e, s_key), number(e, "a"), number(e, "b"), number(e, "c"), number(e, "d")};
}

}  // namespace crashbench::odr
