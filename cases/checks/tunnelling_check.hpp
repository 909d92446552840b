#pragma once
// The no_tunnelling invariant, checked every step for every vehicle whatever the detector found: the CG's
// path over the step must not cross a collision wall (the scene's collision triangles cut at the height
// the detectors put the vehicle's rectangle, the road under it plus its CG height, so that a gantry over
// the road is no wall for a car under it; a scene of analytic walls only, those), and no vehicle's CG may pass through another
// vehicle's body (its path relative to the other crossing the other's centre lines). The path is the chord
// from the CG at the start of the step to the CG at its end; a car that bounced off a wall has both ends
// on its own side, so only a pass-through crosses. A vehicle keeps a box around its path that no wall's
// footprint meets, at any height (the detectors' ClearBoxes, a slot per vehicle): while its paths stay
// inside, it needs no look at the wall grid (whose cells, on a scene of kilometres, are cache misses). A
// vehicle scraping a barrier gets no clear box; it keeps a near box instead, with the few walls whose
// footprints meet it (NearBoxes), and a path inside that box is tested against those alone. The vehicle
// pairs are the runner's for the step (StepPairs) wherever they hold every car's box here. No allocation
// per step unless a crossing is found.
#include <array>
#include <memory>
#include <span>
#include <vector>

#include "cases/case.hpp"
#include "cases/traffic/sumo_role.hpp"
#include "cases/verdicts.hpp"
#include "core/contact.hpp"
#include "core/per_thread.hpp"
#include "detectors/broadphase/box_pairs.hpp"
#include "detectors/broadphase/clear_boxes.hpp"
#include "detectors/broadphase/near_boxes.hpp"
#include "detectors/broadphase/step_pairs.hpp"
#include "detectors/broadphase/wall_grid.hpp"
#include "detectors/detector.hpp"
#include "core/vehicle_ranges.hpp"
#include "detectors/scenes/interference.hpp"
#include "detectors/scenes/scene.hpp"
#include "models/integrators/integrator.hpp"

namespace crashbench {

class TunnellingCheck {
 public:
  /// Collects the scene's walls and collision triangles (`scene` outlives it); `vehicles` gives the bodies'
  /// sizes. `threads`: how many threads check() may be given.
  TunnellingCheck(const Scene& scene, std::span<const VehicleSetup> vehicles, int threads = 1);
  /// Checks the step from `before` to `after` (StateVector entries 0, 1, 2 = X, Y [m], heading [rad]) that
  /// ends at `time` [s], each vehicle's triangles cut at the height of its pose at the end of the step
  /// (`poses[v].ground_z + cg_height`, as the detectors cut them) and at the height it had at the end of
  /// the last step; appends the first crossing of each vehicle, if any, to `out`. `threads` (null: the
  /// calling thread; at most the constructor's count) split the vehicles' walls, giving the same crossings
  /// in the same order.
  void check(std::span<const StateVector> before, std::span<const StateVector> after,
             std::span<const VehiclePose> poses, double time, std::vector<Tunnelling>& out,
             VehicleRanges* threads = nullptr);
  /// Pairs that `passing` says pass through each other are not checked (it must outlive this).
  void ignore_passing(const PassingPairs& passing) { passing_ = &passing; }
  /// The vehicle pairs are taken from `pairs` (the runner's, found for the step; it must outlive this)
  /// when its step boxes hold every vehicle's box here, instead of a broad phase of this check's own (one
  /// that still runs when a response moved a car beyond its step box).
  void use_pairs(const StepPairs& pairs) { step_pairs_ = &pairs; }
  /// Vehicle-steps checked so far.
  long long checked() const { return checked_; }
  /// Of those, the ones whose path was tested against a near box's walls alone.
  long long near_listed() const;

 private:
  /// An analytic wall (its ends, at every height) or a collision triangle (cut at the vehicle's height).
  struct Wall {
    /// The footprint (footprint_overlap.hpp): an analytic wall's ends a, b, b; a triangle's corners, kept
    /// here so that the clear boxes' tests read the wall alone.
    std::array<Vec2, 3> foot_W;
    Vec2 lo_W, hi_W;            // 2D bounds [m]
    int triangle = -1;          // index into the scene's triangles, or -1 for an analytic wall
    double z_lo = 0, z_hi = 0;  // triangle: its heights [m]
    int feature;
  };
  /// The scene's walls and collision triangles as the check reads them: built from the scene alone, then only
  /// read, so the cases on one shared scene read one (Scene::builds).
  struct SceneWalls {
    explicit SceneWalls(const Scene& source);
    const Scene* scene;                   // what they were built from
    std::span<const Triangle> triangles;  // the scene's
    std::vector<Wall> walls;              // by lo_W.x
    WallGrid grid;                        // walls by their bounds
  };
  /// A thread's own: the walls one path's grid query lists, and what its vehicles found (thread 0's go
  /// straight to the caller's list).
  struct Range {
    std::vector<int> candidates;
    WallGrid::Marks marks;
    std::vector<Tunnelling> found;
    long long near_listed = 0;  // paths tested against a near box's walls
  };
  /// Offers the vehicle's slot a clear box around its path from `p0` to `p1`, or where none is clear a near
  /// box with its walls, and leaves in range.candidates the walls that may cross the path.
  void find_candidates(std::size_t vehicle, const Vec2& p0, const Vec2& p1, Range& range);
  /// A height at which the walls are cut, with the band the vehicle reaches from its road there [m].
  struct Level {
    double z = 0;
    HeightBand band;
  };
  bool cross_walls(int vehicle, const Vec2& p0, const Vec2& p1, std::span<const Level> levels, double time,
                   Range& range, std::vector<Tunnelling>& out);
  /// The wall crossings of vehicles [begin, end) into `out`, with `range`'s scratch.
  void check_walls(std::span<const StateVector> before, std::span<const StateVector> after,
                   std::span<const VehiclePose> poses, double time, std::size_t begin, std::size_t end, Range& range,
                   std::vector<Tunnelling>& out);
  /// Vehicles [begin, end)'s swept boxes: each CG path widened by the vehicle's reach.
  void sweep_boxes(std::span<const StateVector> before, std::span<const StateVector> after, std::size_t begin,
                   std::size_t end);
  /// The vehicles on one level (on_one_level) passing through each other, from the swept boxes; `threads`
  /// test them against the step's pairs.
  void cross_vehicles(std::span<const StateVector> before, std::span<const StateVector> after,
                      std::span<const VehiclePose> poses, double time, std::vector<Tunnelling>& out,
                      VehicleRanges* threads);

  const PassingPairs* passing_ = nullptr;
  const StepPairs* step_pairs_ = nullptr;
  std::shared_ptr<const SurfaceQuery> surface_;  // the scene's: the height band a vehicle reaches
  std::shared_ptr<const SceneWalls> walls_;
  PerThread<Range> ranges_;       // [t] for thread t
  ClearBoxes clear_;               // per vehicle: a box no wall's footprint meets, at any height
  NearBoxes near_;                 // per vehicle: a box and every wall whose footprint meets it, ascending
  std::vector<std::array<Vec2, 4>> centre_lines_;  // per vehicle: rear to front, right to left, body frame [m]
  std::vector<double> reach_;        // per vehicle: CG to farthest corner [m]
  std::vector<Box2> swept_;          // per vehicle: the box its rectangle sweeps this step [m]
  BoxPairs pairs_;                   // vehicle pairs whose swept boxes meet, without step_pairs_
  std::vector<Mat2> to_start_frame_; // per vehicle: world to its frame at the start of the step
  std::vector<long long> turned_at_; // per vehicle: the check that set to_start_frame_
  std::vector<char> crossed_;        // per vehicle: already reported this step
  std::vector<double> start_ground_; // per vehicle: the road under it at the end of the last step [m], NaN before
  long long checked_ = 0;
};

}  // namespace crashbench
