// read_net_location (sumo_files.hpp): a SUMO network's <location>, the rest of the file streamed past.
#include <fmt/format.h>

#include <array>
#include <charconv>
#include <cmath>

#include "cases/traffic/sumo_files.hpp"
#include "cases/traffic/sumo_xml.hpp"
#include "core/error.hpp"

namespace crashbench::sumo {
namespace {

class LocationReader final : public XmlListReader<NetLocation> {
 public:
  explicit LocationReader(const std::string& file)
      : XmlListReader(file, {"a SUMO network (netconvert -o)", {"net"}}) {}

  NetLocation location() {
    const std::vector<NetLocation> found = read();  // the whole file: one cut short is refused, as SUMO does
    if (found.empty())
      throw Error(stream_.file(), "<net>",
                  "no <location>: expected a network as netconvert writes it, whose <location> says how it moved "
                  "what it read");
    return found.front();
  }

  void start(const XmlElement& e) override {
    if (e.name != "location" || e.depth != 1) return;
    if (!items_.empty())
      values_.fail(e, "", fmt::format("a second <location>: expected one, and line {} has it", items_.front().line));
    const auto offset = numbers<2>(e, "netOffset");
    // projParameter "!": what netconvert read was in metres, and the FCD is that frame moved by netOffset
    // (its origBoundary may be stale, or 1e10 where unset: SUMO's own `ramp` and `grid6` networks). A
    // projection's original frame is longitude and latitude, no scene's, unless the bounds show the original
    // in metres (an OpenDRIVE file with a geoReference), the network's bounds those moved by netOffset.
    const std::string_view projection = e.find("projParameter") ? e.find_or_empty("projParameter") : "!";
    if (projection != "!") {
      const auto network = numbers<4>(e, "convBoundary"), original = numbers<4>(e, "origBoundary");
      constexpr double kRounding = 0.05;  // [m]: netconvert writes each to two decimals
      for (int i = 0; i < 4; ++i)
        if (!(std::abs(original[i] + offset[i % 2] - network[i]) <= kRounding))
          values_.fail(e, "origBoundary",
                       fmt::format("'{}' moved by netOffset '{}' is not convBoundary '{}': expected a network of what "
                                   "netconvert read in metres (an OpenDRIVE file), got one projected from longitude "
                                   "and latitude (projParameter '{}'), whose original frame no scene has; give its "
                                   "OpenDRIVE export (netconvert -s NET --opendrive-output FILE) as the scene and "
                                   "no sumo_net",
                                   e.find_or_empty("origBoundary"), e.find_or_empty("netOffset"),
                                   e.find_or_empty("convBoundary"), projection));
    }
    items_.push_back({{offset[0], offset[1]}, e.line});
  }

 private:
  /// N comma-separated finite numbers, as SUMO writes positions and bounds.
  template <std::size_t N>
  std::array<double, N> numbers(const XmlElement& e, std::string_view key) const {
    const std::string_view text = values_.text(e, key);
    std::array<double, N> out{};
    const char* at = text.data();
    const char* const end = text.data() + text.size();
    for (std::size_t i = 0; i < N; ++i) {
      const auto [next, ec] = std::from_chars(at, end, out[i]);
      const bool separated = i + 1 < N ? next != end && *next == ',' : next == end;
      if (ec != std::errc() || !std::isfinite(out[i]) || !separated)
        values_.unexpected(e, key, fmt::format("{} finite numbers separated by commas", N));
      at = next + 1;
    }
    return out;
  }

};

}  // namespace

NetLocation read_net_location(const std::string& file) { return LocationReader(file).location(); }

}  // namespace crashbench::sumo
