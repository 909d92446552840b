#pragma once
// The road under SUMO's vehicles on their paths (cases/traffic/sumo_scene_checks.hpp,
// require_road_under_paths): each step of a vehicle on its SUMO path, with or without a surface under its
// CG. SUMO may insert a vehicle with its front at its lane's start (departPos "free"), its CG before the
// road: such an entry's steps without road are forgiven once the vehicle reaches the road within its own
// length of where it appeared; a vehicle that never does counts every step.
#include <vector>

#include "cases/case.hpp"
#include "detectors/geometry/geometry.hpp"

namespace crashbench {

/// Vehicle-steps of vehicles on their SUMO paths, and of those the steps with no surface under the CG:
/// where SUMO's lanes and the scene's roads part (a scene in another frame, or lanes it does not drive on).
struct RoadUnderPaths {
  long long steps = 0, without_road = 0;
  int first_vehicle = -1;  ///< of the earliest step without road (the lowest index in it); -1: none
  int first_step = 0;      ///< that step's index: the state at its end
  Vec2 first_W = Vec2::Zero();  ///< that vehicle's CG then [m]
};

class RoadUnderPathsCount {
 public:
  explicit RoadUnderPathsCount(const Case& c);
  /// Step `step` of vehicle `v`, on its SUMO path with its CG at `p_W`, found a surface or not.
  void count(std::size_t v, bool on_road, int step, const Vec2& p_W);
  /// Vehicle `v` is absent (not entered yet, gone, teleporting): its next step on a path is a new entry.
  void absent(std::size_t v);
  /// Over the steps counted so far; an entry still off the road counts.
  RoadUnderPaths result() const;

 private:
  struct Vehicle {
    long long steps = 0, misses = 0;
    int first_miss_step = -1;
    Vec2 first_miss_W = Vec2::Zero();
    bool appeared = false;  ///< present on its path since its last absence
    bool entering = false;  ///< appeared, and not yet over the road
    Vec2 entry_W = Vec2::Zero();
    long long pending = 0;  ///< the entry's steps without road, forgiven if it reaches the road in time
    int pending_step = 0;
    Vec2 pending_W = Vec2::Zero();
    double length = 0;  ///< bumper to bumper [m]: how far from where it appeared an entry is forgiven
  };
  /// Counts `x`'s pending entry steps as steps without road.
  static void settle(Vehicle& x);
  static void miss(Vehicle& x, int step, const Vec2& p_W);

  std::vector<Vehicle> vehicles_;
};

}  // namespace crashbench
