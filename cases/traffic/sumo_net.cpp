// read_net_location (sumo_files.hpp): a SUMO network's <location>, the rest of the file streamed past.
#include <fmt/format.h>

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
    items_.push_back({offset_of(e), e.line});
  }

 private:
  /// netOffset: two finite numbers separated by a comma, as SUMO writes a position.
  Vec2 offset_of(const XmlElement& e) const {
    const std::string_view text = values_.text(e, "netOffset");
    const char* const end = text.data() + text.size();
    double x = 0, y = 0;
    const std::from_chars_result first = std::from_chars(text.data(), end, x);
    const bool comma = first.ec == std::errc() && first.ptr != end && *first.ptr == ',';
    const std::from_chars_result second = comma ? std::from_chars(first.ptr + 1, end, y) : first;
    if (!comma || second.ec != std::errc() || second.ptr != end || !std::isfinite(x) || !std::isfinite(y))
      values_.unexpected(e, "netOffset", "2 finite numbers separated by commas");
    return {x, y};
  }
};

}  // namespace

NetLocation read_net_location(const std::string& file) { return LocationReader(file).location(); }

}  // namespace crashbench::sumo
