#include "validation/record_fields.hpp"

#include <fmt/format.h>

#include <charconv>
#include <cmath>

#include "core/error.hpp"
#include "core/text.hpp"

namespace crashbench {
namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

// "----- NAME -----" gives NAME; anything else gives "".
std::string_view section_name(std::string_view line) {
  line = trim(line);
  if (line.size() < 12 || !line.starts_with("-----") || !line.ends_with("-----")) return {};
  return trim(line.substr(5, line.size() - 10));
}

}  // namespace

bool parse_double(std::string_view text, double& out) {
  text = trim(text);
  if (!text.empty() && text.front() == '+') text.remove_prefix(1);
  if (text.empty()) return false;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc() && end == text.data() + text.size() && std::isfinite(out);
}

void Record::fail(std::string_view field, const std::string& expected) const {
  throw Error(*file, fmt::format("line {}, {} {}", line, section, field), expected);
}

void Record::require_fields(int count) const {
  if (static_cast<int>(fields.size()) < count)
    fail("record", fmt::format("at least {} '|'-separated fields, found {}", count, fields.size()));
}

// Valid UTF-8 whatever the file holds, so that a JSON writer never throws on a name from it.
std::string Record::text(int index, std::string_view) const { return valid_utf8(trim(fields.at(index))); }

double Record::number(int index, std::string_view name, double lo, double hi) const {
  const std::string_view raw = trim(fields.at(index));
  double v = 0;
  if (!parse_double(raw, v)) fail(name, fmt::format("a number, found \"{}\"", raw));
  if (v < lo || v > hi) fail(name, fmt::format("a value in [{}, {}], found {}", lo, hi, v));
  return v;
}

int Record::integer(int index, std::string_view name, int lo, int hi) const {
  const std::string_view raw = trim(fields.at(index));
  int v = 0;
  const auto [end, ec] = std::from_chars(raw.data(), raw.data() + raw.size(), v);
  if (raw.empty() || ec != std::errc() || end != raw.data() + raw.size())
    fail(name, fmt::format("an integer, found \"{}\"", raw));
  if (v < lo || v > hi) fail(name, fmt::format("an integer in [{}, {}], found {}", lo, hi, v));
  return v;
}

void for_each_record(const std::string& text, const std::string& file,
                     const std::function<void(const Record&, std::string_view section)>& visit) {
  std::string_view rest = text;
  std::string_view section;
  int line_number = 0;
  while (!rest.empty()) {
    const std::size_t eol = rest.find('\n');
    const std::string_view line = rest.substr(0, eol);
    rest = eol == std::string_view::npos ? std::string_view{} : rest.substr(eol + 1);
    ++line_number;
    const std::string_view trimmed = trim(line);
    if (trimmed.empty() || trimmed.front() == '#') continue;
    if (const std::string_view name = section_name(trimmed); !name.empty()) {
      section = name;
      continue;
    }
    Record r{&file, line_number, section, {}};
    if (section.empty()) r.fail("record", "a \"----- SECTION -----\" line before the first record");
    std::size_t start = 0;
    for (;;) {
      const std::size_t bar = trimmed.find('|', start);
      r.fields.push_back(trimmed.substr(start, bar - start));
      if (bar == std::string_view::npos) break;
      start = bar + 1;
    }
    visit(r, section);
  }
}

}  // namespace crashbench
