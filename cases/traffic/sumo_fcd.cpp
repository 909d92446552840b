// FcdReader (sumo_files.hpp): SUMO's floating car data, parsed up to each </timestep> and suspended there,
// so that only one timestep is held however long the file.
#include <fmt/format.h>

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <vector>

#include "cases/traffic/sumo_files.hpp"
#include "cases/traffic/sumo_xml.hpp"
#include "core/error.hpp"

namespace crashbench::sumo {

struct FcdReader::Parser final : XmlHandler {
  XmlFileStream stream;
  XmlValues values;
  FcdFrame* frame = nullptr;  // the caller's, during next()
  bool in_timestep = false;
  bool any_timestep = false;
  double last_time = 0;  // [s] of the previous timestep
  int last_time_line = 0;
  int fewest_decimals = INT_MAX;
  std::vector<std::uint32_t> by_id;  // the timestep's vehicles sorted by id: kept, so that it stops allocating

  explicit Parser(const std::string& file)
      : stream(file, {"a SUMO FCD file (--fcd-output)", {"fcd-export"}}, *this), values(stream.file()) {}

  void start(const XmlElement& e) override {
    if (e.name == "timestep") return begin_timestep(e);
    // SUMO may add other attributes: those are skipped.
    if (e.name != "vehicle" && e.name != "person" && e.name != "container") return;
    if (!in_timestep || e.depth != 2)
      values.fail(e, "", fmt::format("inside <{}>: expected each <{}> directly inside a <timestep>", e.parent, e.name));
    if (e.name == "vehicle") return read_vehicle(e);
    if (e.name == "container") {
      ++frame->containers;
      return;
    }
    const auto k = static_cast<std::size_t>(frame->persons++);
    if (k == frame->person_ids.size()) frame->person_ids.emplace_back();
    frame->person_ids[k].assign(values.text(e, "id"));  // keeps the string's capacity
    note_decimals(e.find("x"));
    note_decimals(e.find("y"));
  }

  void end(std::string_view name, int depth) override {
    if (depth != 1 || name != "timestep") return;
    refuse_repeated_ids();
    frame->position_decimals = fewest_decimals == INT_MAX ? 0 : fewest_decimals;
    in_timestep = false;
    stream.suspend();
  }

  void begin_timestep(const XmlElement& e) {
    if (e.depth != 1)
      values.fail(e, "", fmt::format("inside <{}>: expected each <timestep> directly inside <fcd-export>", e.parent));
    const double time = values.time(e, "time");
    if (any_timestep && !(time > last_time))
      values.unexpected(e, "time",
                        fmt::format("a time after the previous timestep's {} s (line {})", last_time, last_time_line));
    any_timestep = true;
    last_time = time;
    last_time_line = e.line;
    frame->time = time;
    frame->line = e.line;
    frame->count = 0;
    frame->persons = 0;
    frame->containers = 0;
    fewest_decimals = INT_MAX;
    in_timestep = true;
  }

  void read_vehicle(const XmlElement& e) {
    if (frame->count == frame->vehicles.size()) frame->vehicles.emplace_back();
    FcdVehicle& v = frame->vehicles[frame->count];
    // assign() keeps each string's capacity from earlier timesteps.
    v.id.assign(values.text(e, "id"));
    v.type.assign(e.find_or_empty("type"));
    v.front_W.x() = coordinate(e, "x");
    v.front_W.y() = coordinate(e, "y");
    v.angle_deg = pose_number(e, "angle");
    v.speed = pose_number(e, "speed");
    if (v.speed < 0) values.unexpected(e, "speed", "a speed >= 0 m/s");
    v.line = e.line;
    ++frame->count;
  }

  /// A vehicle row's `key`, one of the four its pose is read from: SUMO writes them all, unless its
  /// --fcd-output.attributes leaves one out.
  double pose_number(const XmlElement& e, std::string_view key) const {
    if (!e.find(key))
      values.fail(e, key, "missing: expected every vehicle row with x, y, angle and speed, as SUMO writes them "
                          "(its --fcd-output.attributes, if given, must name all four)");
    return values.number(e, key);
  }

  double coordinate(const XmlElement& e, std::string_view key) {
    const double x = pose_number(e, key);
    if (std::abs(x) > kLargestCoordinate)
      values.unexpected(e, key, fmt::format("|{}| <= {:g} m (no road network is larger)", key, kLargestCoordinate));
    note_decimals(e.find(key));
    return x;
  }

  /// The digits after the '.' of a coordinate's text (none without one): SUMO's --precision as written.
  void note_decimals(const char* text) {
    if (!text) return;
    const std::string_view t(text);
    const auto dot = t.find('.');
    const std::string_view after = dot == std::string_view::npos ? std::string_view() : t.substr(dot + 1);
    const auto digits =
        std::find_if(after.begin(), after.end(), [](char c) { return c < '0' || c > '9'; }) - after.begin();
    fewest_decimals = std::min(fewest_decimals, static_cast<int>(digits));
  }

  /// Sorting indices finds a repeated id without a set that would allocate per timestep.
  void refuse_repeated_ids() {
    const auto& vehicles = frame->vehicles;
    by_id.resize(frame->count);
    std::iota(by_id.begin(), by_id.end(), 0U);
    std::sort(by_id.begin(), by_id.end(), [&](std::uint32_t a, std::uint32_t b) {
      const int order = vehicles[a].id.compare(vehicles[b].id);
      return order != 0 ? order < 0 : a < b;
    });
    const auto repeated = std::adjacent_find(
        by_id.begin(), by_id.end(), [&](std::uint32_t a, std::uint32_t b) { return vehicles[a].id == vehicles[b].id; });
    if (repeated == by_id.end()) return;
    const FcdVehicle& first = vehicles[repeated[0]];
    const FcdVehicle& again = vehicles[repeated[1]];
    throw Error(stream.file(), xml_where("vehicle", again.line, "id"),
                fmt::format("'{}' again in the timestep of line {}: expected each id once, and the vehicle of line "
                            "{} has it",
                            again.id, frame->line, first.line));
  }
};

FcdReader::FcdReader(std::string file) : file_(std::move(file)), parser_(std::make_unique<Parser>(file_)) {}

FcdReader::~FcdReader() = default;

bool FcdReader::next(FcdFrame& frame) {
  parser_->frame = &frame;
  return parser_->stream.read();
}

}  // namespace crashbench::sumo
