// libFuzzer harness: the first byte picks a SUMO reader (byte % 4: 0 an FCD file read to its end, 1 the
// vTypes of a route file, 2 a collision output, 3 a network's <location>), the rest is the file
// (cases/traffic/sumo_files.hpp).
// Every input must end in what the reader promises or a clean Error.
#include <cmath>
#include <cstdint>
#include <set>
#include <string>

#include "cases/traffic/sumo_files.hpp"
#include "fuzz/fuzz_support.hpp"

namespace {

using namespace crashbench;

/// Every timestep later than the last, its vehicles within the frame, finite, in range and each id once.
void read_fcd_to_end(const std::string& path) {
  sumo::FcdReader reader(path);
  sumo::FcdFrame frame;
  bool first = true;
  double last_time = 0;
  while (reader.next(frame)) {
    fuzz::require(frame.count <= frame.vehicles.size(), "an FCD frame's count within its vehicles");
    fuzz::require(first || frame.time > last_time, "FCD times increase");
    fuzz::require(frame.position_decimals >= 0 && frame.persons >= 0 && frame.containers >= 0,
                  "an FCD frame's counts are not negative");
    first = false;
    last_time = frame.time;
    std::set<std::string> ids;
    for (std::size_t i = 0; i < frame.count; ++i) {
      const sumo::FcdVehicle& v = frame.vehicles[i];
      fuzz::require(v.front_W.cwiseAbs().maxCoeff() <= sumo::kLargestCoordinate,
                    "FCD coordinates within kLargestCoordinate");
      fuzz::require(std::isfinite(v.angle_deg) && std::isfinite(v.speed) && v.speed >= 0,
                    "an FCD vehicle's angle and speed");
      fuzz::require(ids.insert(v.id).second, "an id once in an FCD timestep");
    }
  }
}

/// Each vType with an id of its own and dimensions in range.
void read_types(const std::string& path) {
  std::set<std::string> ids;
  for (const sumo::VehicleType& t : sumo::read_vehicle_types(path)) {
    fuzz::require(!t.id.empty() && ids.insert(t.id).second, "a vType id once and not empty");
    fuzz::require(!t.length || (*t.length > 0 && *t.length <= 100), "a vType length in (0, 100] m");
    fuzz::require(!t.width || (*t.width > 0 && *t.width <= 100), "a vType width in (0, 100] m");
    fuzz::require(!t.mass || (*t.mass > 0 && *t.mass <= 1e6), "a vType mass in (0, 1e6] kg");
  }
}

/// Collisions in time order, each between two vehicles at finite speeds.
void read_collision_output(const std::string& path) {
  double last_time = -INFINITY;
  for (const sumo::Collision& c : sumo::read_collisions(path)) {
    fuzz::require(c.time >= last_time, "collisions in time order");
    fuzz::require(c.collider != c.victim && !c.collider.empty(), "a collision between two vehicles");
    fuzz::require(std::isfinite(c.collider_speed) && std::isfinite(c.victim_speed), "finite collision speeds");
    last_time = c.time;
  }
}

/// A finite offset: the network's frame is the original's moved by it.
void read_location(const std::string& path) {
  const sumo::NetLocation l = sumo::read_net_location(path);
  fuzz::require(l.net_offset.allFinite() && l.line > 0, "a network's finite netOffset and its line");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::string path = fuzz::write_input("sumo.xml", data + 1, size - 1);
  switch (data[0] % 4) {
    case 0:
      fuzz::expect_clean_errors("FcdReader", [&] { read_fcd_to_end(path); });
      break;
    case 1:
      fuzz::expect_clean_errors("read_vehicle_types", [&] { read_types(path); });
      break;
    case 2:
      fuzz::expect_clean_errors("read_collisions", [&] { read_collision_output(path); });
      break;
    default:
      fuzz::expect_clean_errors("read_net_location", [&] { read_location(path); });
      break;
  }
  return 0;
}
