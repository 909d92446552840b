#pragma once
// What a traffic run found against SUMO's collisions (compared in cases/traffic/sumo_comparison.hpp),
// as the run's result holds it.
#include <array>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace crashbench {

struct SumoEpisode {
  std::string collider, victim, type, lane;
  double time = 0;       ///< its first row [s, case time]
  double last_time = 0;  ///< its last row [s, case time]
  int line = 0;          ///< of its first row in the collision file
  double collider_speed = 0, victim_speed = 0;  ///< SUMO's, at the first row [m/s]
  bool matched = false;
  double contact_time = 0;  ///< matched: crashbench's first contact of the pair [s]
  double impulse = 0;       ///< matched: that event's impulse magnitude [N s]
  double collider_dv = 0, victim_dv = 0;  ///< matched: each vehicle's speed change in that event [m/s]
  std::string why;          ///< unmatched: why crashbench found no contact there
};

/// A first contact of a pair (or of a vehicle with the scene) that no SUMO episode matches.
struct SumoExtraContact {
  enum class Kind { kUnreported, kSecondary, kScene };
  Kind kind = Kind::kUnreported;
  std::string vehicle, other;  ///< other: "" for the scene
  double time = 0;             ///< [s, case time]
  std::string why;
};

struct SumoComparison {
  std::size_t vehicles = 0;       ///< SUMO's vehicles in the case
  std::size_t most_present = 0;   ///< the most in one timestep
  long long persons = 0;          ///< FCD person rows, ignored
  long long containers = 0;       ///< FCD container rows, ignored
  std::vector<std::string> defaulted_types;  ///< vTypes sized from the case's defaults
  std::size_t collision_rows = 0;      ///< SUMO's collision rows between two vehicles
  long long person_collision_rows = 0;  ///< and with a person, ignored
  std::size_t left_out = 0;             ///< vehicles of rail and water classes, left out
  long long left_out_collision_rows = 0;  ///< and SUMO's collision rows with them, ignored
  std::vector<SumoEpisode> episodes;
  std::vector<SumoExtraContact> extra;
  std::size_t released = 0;  ///< vehicles that left their SUMO path (released by a contact)
  std::size_t off_scene = 0;  ///< vehicles first seen over 50 m beyond the scene (vehicles_off_scene)
  /// Pairs of vehicles on their SUMO paths that passed through each other where roads cross outside a
  /// junction at one height (PassingPairs::crossing_flat).
  long long flat_crossing_passes = 0;
  /// Vehicle-steps of vehicles on their SUMO paths, and of those the steps with no road of the scene under
  /// the CG; the first of those: its vehicle ("" for none), time [s, case time] and CG [m, scene frame].
  long long on_path_steps = 0, on_path_without_road = 0;
  std::string first_without_road;
  double first_without_road_time = 0;
  std::array<double, 2> first_without_road_at{};

  std::size_t matched() const;
};

std::string_view to_string(SumoExtraContact::Kind kind);

/// Compares `result` (a run of `c`, which has traffic) with SUMO's collisions. Unmatched episodes' reasons
/// read the FCD again at their times.

}  // namespace crashbench
