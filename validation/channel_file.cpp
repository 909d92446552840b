#include "validation/channel_file.hpp"

#include <fmt/format.h>

#include <cmath>
#include <fstream>
#include <sstream>
#include <string_view>

#include "core/error.hpp"
#include "validation/record_fields.hpp"

namespace crashbench {
namespace {

// The files print time with six decimals: a sample may sit half a microsecond off the grid.
constexpr double kTimeTolerance = 0.5e-6 + 1e-12;

[[noreturn]] void fail(const std::string& file, int line, const std::string& expected) {
  throw Error(file, fmt::format("line {}", line), expected);
}

// Splits "a<blanks>b" into two numbers; false when the line is not exactly that.
bool two_numbers(std::string_view line, double& a, double& b) {
  const std::size_t start = line.find_first_not_of(" \t");
  if (start == std::string_view::npos) return false;
  line.remove_prefix(start);
  const std::size_t gap = line.find_first_of(" \t");
  if (gap == std::string_view::npos) return false;
  return parse_double(line.substr(0, gap), a) && parse_double(line.substr(gap), b);
}

}  // namespace

ChannelData parse_channel(const std::string& text, const std::string& file, const Ev5Channel& header) {
  ChannelData d;
  const std::size_t expected = static_cast<std::size_t>(header.sample_count());
  std::string_view rest = text;
  int line = 0;
  while (!rest.empty()) {
    const std::size_t eol = rest.find('\n');
    std::string_view l = rest.substr(0, eol);
    rest = eol == std::string_view::npos ? std::string_view{} : rest.substr(eol + 1);
    ++line;
    if (l.find_first_not_of(" \t\r") == std::string_view::npos) continue;
    double t = 0, v = 0;
    if (!two_numbers(l, t, v)) fail(file, line, "two numbers: time [s] and value");
    if (d.time.size() == expected)
      fail(file, line, fmt::format("{} samples (NLP - NFP + 1 in the header), found more", expected));
    const double want = (header.first_point + static_cast<double>(d.time.size())) * header.interval;
    if (std::abs(t - want) > kTimeTolerance)
      fail(file, line, fmt::format("time {:.6f} s (sample {} of NFP {} at DELT {} us), found {:.6f}", want,
                                   d.time.size(), header.first_point, header.interval * 1e6, t));
    d.time.push_back(t);
    d.value.push_back(v);
  }
  if (d.time.size() != expected)
    throw Error(file, "", fmt::format("{} samples (NLP - NFP + 1 in the header), found {}", expected, d.time.size()));
  return d;
}

ChannelData read_channel_file(const std::string& path, const Ev5Channel& header) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error(path, "", "a readable channel file");
  std::stringstream s;
  s << in.rdbuf();
  return parse_channel(s.str(), path, header);
}

}  // namespace crashbench
