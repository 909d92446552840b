#pragma once
// Terrain following: each step, the height of the drivable surface under each vehicle's CG, found from
// its last one (the nearest surface below it, so a car under a bridge stays under it), written into its
// rectangle's pose for the detectors. Owns each vehicle's last surface height. A vehicle that went without
// a surface for a while (over a verge the scene does not drive on) takes back the surface nearest its last
// height, within the step allowance and kSteepestGrade times the distance it went without one: where the
// road climbed more than the allowance meanwhile, the usual rule never found it again.
#include <vector>

#include "cases/case.hpp"
#include "cases/runner/fleet.hpp"
#include "cases/runner/road_under_paths.hpp"
#include "cases/runner/step_threads.hpp"
#include "core/per_thread.hpp"
#include "detectors/scenes/scene.hpp"

namespace crashbench {

/// The steepest grade a road climbs by under a vehicle that lost it (a road's rarely passes 25 %): how far
/// above its last height a vehicle looks for it again, per metre gone without a surface [-].
inline constexpr double kSteepestGrade = 0.25;

class SurfaceFollowing {
 public:
  /// The first query takes the highest surface under each start, unless its StartSurface says otherwise.
  /// `scene` must outlive this.
  SurfaceFollowing(const Case& c, const Scene& scene, int threads);
  /// Sets poses[v].ground_z under each x[v]; returns how many vehicles found no surface (counted, never
  /// fatal: the rectangle stays at the last surface found, or stands on the barrier bottoms).
  /// Step `step` (for road_under_paths).
  long long follow(Fleet& fleet, StepThreads& threads, int step);
  /// Over the steps followed so far.
  RoadUnderPaths road_under_paths() const { return road_.result(); }

 private:
  /// The surface nearest vehicle `v`'s last height under `p_W`, if it is within the reach its distance
  /// from where it lost its surface gives; NaN otherwise (and at its first miss).
  double find_again(std::size_t v, const Vec2& p_W);

  const SurfaceQuery* surface_;
  std::vector<double> surface_z_;           ///< per vehicle, its last surface height [m]; +inf before the first
  std::vector<int> face_;                   ///< per vehicle, the surface face found last (-1: none), its hint
  std::vector<GroundGrid::CellMemo> fallback_cell_;  ///< per vehicle, its last cell of the barrier-bottom grid
  std::vector<Vec2> lost_at_;               ///< per vehicle, where it first missed its surface (NaN: not lost)
  PerThread<long long> thread_misses_;    ///< per thread, this step's vehicles without a surface
  RoadUnderPathsCount road_;  ///< the steps of vehicles on their SUMO paths, with and without a surface
};

}  // namespace crashbench
