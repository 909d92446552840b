#pragma once
// A case's SUMO traffic as the loader resolved it (docs/case-files.md, "SUMO traffic"): the files, which
// case vehicles are SUMO's, and what the streaming pre-pass over the FCD learned. The FCD itself is read
// again, a timestep at a time, while the case runs (cases/traffic/traffic_stream.hpp).
#include <cstddef>
#include <string>
#include <unordered_set>
#include <vector>

#include "cases/traffic/sumo_files.hpp"

namespace crashbench {

struct TrafficSpec {
  std::string fcd_file;
  std::vector<std::string> routes_files;  ///< route and additional files with the vTypes, in order; or none
  std::string collisions_file;  ///< or empty
  std::string net_file;         ///< the network SUMO ran on (sumo_net), or empty
  /// Added to SUMO's positions to put them in the scene's frame [m]: minus the network's netOffset when the
  /// case names it (sumo_net: the scene is the file SUMO's network was imported from), else zero.
  Vec2 scene_from_sumo = Vec2::Zero();
  /// Case::vehicles[first_vehicle + i] is the SUMO vehicle ids[i]; the vehicles listed in the case come first.
  std::size_t first_vehicle = 0;
  std::vector<std::string> ids;
  double sumo_step = 0;          ///< the FCD's time step [s]
  double first_time = 0;         ///< the FCD's first timestep [s]: the case's t = 0
  Vec2 parking_W = Vec2::Zero(); ///< where absent vehicles wait, beyond every FCD position [m]
  long long persons = 0;         ///< <person> rows in the FCD, ignored
  long long containers = 0;      ///< <container> rows in the FCD (freight), ignored
  bool secondary_impacts = false;  ///< released vehicles meet SUMO's (cases/traffic/sumo_role.hpp)
  std::size_t most_present = 0;  ///< the most vehicles in one timestep
  std::vector<std::string> defaulted_types;  ///< vTypes (or "" for rows without one) sized from the case's defaults
  std::vector<sumo::Collision> collisions;   ///< SUMO's between two vehicles, in file order (none without a file)
  long long person_collision_rows = 0;       ///< SUMO's collision rows with a person, ignored
  /// SUMO's vehicles of rail and water classes (sumo::off_road_class), left out: not case vehicles, their
  /// rows skipped, their collision rows ignored.
  std::unordered_set<std::string> left_out;
  long long left_out_collision_rows = 0;

  /// Where absent vehicle `slot` waits: its own spot of a grid beyond the traffic, so that parked vehicles
  /// touch nothing and each other not.
  Vec2 parking_spot(std::size_t slot) const {
    constexpr double kSpacing = 50.0;  // [m], more than any vehicle's diagonal
    constexpr std::size_t kRow = 1024;
    return parking_W + kSpacing * Vec2(static_cast<double>(slot % kRow), static_cast<double>(slot / kRow));
  }
};

}  // namespace crashbench
