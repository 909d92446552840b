#include <fmt/format.h>

#include <array>
#include <charconv>
#include <cmath>
#include <cstring>
#include <optional>

#include "cases/traffic/sumo_xml.hpp"
#include "core/error.hpp"

namespace crashbench::sumo {
namespace {

/// The whole of `text` as a whole number from 0 to `below` - 1, else nullopt.
std::optional<long long> whole_number(std::string_view text, long long below) {
  long long n = -1;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size() || n < 0 || n >= below)
    return std::nullopt;
  return n;
}

/// A time as SUMO's --human-readable-time writes it, [D:]H:MM:SS[.ff] (SUMO 1.15 writes hours past 23 and
/// no days), in seconds; nullopt when `text` is not one.
std::optional<double> clock_time(std::string_view text) {
  std::array<std::string_view, 4> parts;  // read as the FCD streams: no allocation
  std::size_t count = 0;
  for (std::size_t from = 0;; ++count) {
    if (count == parts.size()) return std::nullopt;
    const std::size_t colon = text.find(':', from);
    parts[count] = text.substr(from, colon - from);
    if (colon == std::string_view::npos) break;
    from = colon + 1;
  }
  if (++count < 3) return std::nullopt;
  const std::string_view second_text = parts[count - 1];
  double seconds = -1;
  const auto [end, ec] = std::from_chars(second_text.data(), second_text.data() + second_text.size(), seconds);
  if (ec != std::errc() || end != second_text.data() + second_text.size() || !(seconds >= 0 && seconds < 60))
    return std::nullopt;
  const bool days = count == 4;
  const auto minutes = whole_number(parts[count - 2], 60);
  const auto hours = whole_number(parts[count - 3], days ? 24 : 1'000'000);
  const auto day_count = days ? whole_number(parts[0], 1'000'000) : std::optional<long long>(0);
  if (!minutes || !hours || !day_count) return std::nullopt;
  return static_cast<double>((*day_count * 24 + *hours) * 60 + *minutes) * 60 + seconds;
}

}  // namespace

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

double XmlValues::time(const XmlElement& e, std::string_view key) const {
  const char* value = e.find(key);
  if (!value || !std::strchr(value, ':')) return number(e, key);
  if (const std::optional<double> t = clock_time(value)) return *t;
  fail(e, key, fmt::format("expected seconds, or a time as SUMO's --human-readable-time writes it ([D:]HH:MM:SS.ss), "
                           "got '{}'", value));
}

std::optional<double> XmlValues::number_if_any(const XmlElement& e, std::string_view key) const {
  if (!e.find(key)) return std::nullopt;
  return number(e, key);
}

void XmlValues::unexpected(const XmlElement& e, std::string_view key, std::string_view expected) const {
  fail(e, key, fmt::format("expected {}, got '{}'", expected, e.find_or_empty(key)));
}

}  // namespace crashbench::sumo
