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
    // Whatever netconvert read, projected or not (an OpenDRIVE file's geoReference gives a projParameter
    // too, and an origBoundary of zeros), the network is it moved by netOffset.
    const auto offset = numbers<2>(e, "netOffset");
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
