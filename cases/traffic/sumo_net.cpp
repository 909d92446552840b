// read_net_location (sumo_files.hpp): a SUMO network's <location>, the rest of the file streamed past.
#include <fmt/format.h>

#include <charconv>
#include <cmath>

#include "cases/traffic/sumo_files.hpp"
#include "cases/traffic/sumo_xml.hpp"
#include "core/error.hpp"
#include "detectors/scenes/opendrive/opendrive_scene.hpp"

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
    const std::string_view projection = e.find_or_empty("projParameter");
    items_.push_back({offset_of(e), !projection.empty() && projection != "!", e.line});
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

/// An OpenDRIVE file's header <offset>, read until its <header> ends (or the first element after it).
class HeaderOffsetReader final : public XmlHandler {
 public:
  explicit HeaderOffsetReader(const std::string& file)
      : stream_(file, {"an OpenDRIVE file", {"OpenDRIVE"}}, *this), values_(stream_.file()) {}

  Vec2 offset() {
    stream_.read();  // suspended at the header's end; a file without roads is the scene reader's to refuse
    return offset_;
  }

  void start(const XmlElement& e) override {
    if (e.depth == 1 && e.name != "header") return stream_.suspend();
    if (e.depth == 2 && e.parent == "header" && e.name == "offset")
      offset_ = {values_.number_if_any(e, "x").value_or(0), values_.number_if_any(e, "y").value_or(0)};
  }
  void end(std::string_view name, int depth) override {
    if (depth == 1 && name == "header") stream_.suspend();
  }

 private:
  XmlFileStream stream_;
  XmlValues values_;
  Vec2 offset_ = Vec2::Zero();
};

}  // namespace

NetLocation read_net_location(const std::string& file) { return LocationReader(file).location(); }

Vec2 opendrive_header_offset(const std::string& file) { return HeaderOffsetReader(file).offset(); }

Vec2 scene_from_network(const NetLocation& net, const std::string& scene_file) {
  const bool folded = net.projected && is_opendrive_file(scene_file);
  return -(net.net_offset - (folded ? opendrive_header_offset(scene_file) : Vec2::Zero()));
}

}  // namespace crashbench::sumo
