#pragma once
// Swept detection through any detector's own overlap test (docs/swept-detection.md). The rectangles move
// from their pose at the start of the step to the pose at its end, CG and heading linear in time (the
// headings are the states' own, not wrapped: a car spinning more than half a turn in one step keeps it).
// The step is cut into substeps so that between two tested poses no point of any rectangle moves more than
// half the smallest CG-to-edge distance of any vehicle; each substep interval is then certified by one
// query of rectangles grown by half their motion over it, which hold their whole sweep: a touch that begins
// and ends between tested poses is found too. Each contact's bracket (free, touching] is narrowed to
// kSweepTimeTolerance and kSweepDistanceTolerance, looking only into halves whose grown query touches, so
// the first touch is found, not a later one; the contact reported is the one at the touching end.
#include <limits>
#include <span>
#include <utility>
#include <vector>

#include "detectors/broadphase/contacts_by_vehicle.hpp"
#include "detectors/broadphase/step_pairs.hpp"
#include "detectors/detector.hpp"
#include "core/per_thread.hpp"
#include "core/vehicle_ranges.hpp"

namespace crashbench {

/// The bracket around a time of impact is narrowed until it is this wide [fraction of the step] (0.6 us
/// at dt = 5 ms) ...
inline constexpr double kSweepTimeTolerance = 1.0 / 8192;
/// ... and the vehicles move at most this far over it [m], so that the contact reported, taken at the
/// bracket's touching end, lies this deep at most.
inline constexpr double kSweepDistanceTolerance = 1e-6;
/// Queries one search for a touch between two tested poses may spend; past it (a car gliding within
/// micrometres of a wall for the whole interval) the search gives up and SweepScratch::budget_spent
/// counts it.
inline constexpr int kSweepQueryBudget = 1024;
/// Vehicles a chunk of the sweep's per-vehicle passes (their motion, their grown poses), which keep
/// nothing per thread: a thread done with its own takes the other's (core/vehicle_ranges.hpp, for_chunks).
inline constexpr std::size_t kPosesAChunk = 1024;
/// Most substeps one step is cut into; beyond, the sweep is no longer conservative (the no_tunnelling
/// invariant still watches the CG paths).
inline constexpr int kMaxSweepSubsteps = 4096;

/// How far a vehicle's points move over a step along its heading and across it, at most, whatever the
/// fraction the heading is taken at [m]. A car driving along a wall moves far along and hardly across, so
/// its grown rectangle stays clear of the wall it passes (docs/swept-detection.md, "Growth").
struct GrowthRates {
  double along = 0;   ///< [m]
  double across = 0;  ///< [m]
};
/// GrowthRates of a vehicle moving from `a` to `b` (CG and heading linear; each at most pose_motion).
GrowthRates growth_rates(const VehiclePose& a, const VehiclePose& b);
/// The same, with pose_motion(a, b) into `motion` (the same bits; the path and the reach computed once).
GrowthRates growth_rates(const VehiclePose& a, const VehiclePose& b, double& motion);

/// What the substeps of a step depend on, gathered vehicle by vehicle in any order (threads gather their
/// own, then add them): the least a point may move between tested poses and the most one moves.
struct SubstepBounds {
  double safe = std::numeric_limits<double>::infinity();  ///< half the smallest CG-to-edge distance [m]
  double most = 0;                                        ///< the largest motion over the step [m]
  /// A vehicle of size `size` whose points move `motion` [m] over the step (a NaN motion is ignored).
  void add(const RectangleSize& size, double motion);
  void add(const SubstepBounds& other);
  /// 1 when the whole step keeps every motion within `safe`; at most kMaxSweepSubsteps.
  int substeps() const;
};

/// The threads a sweep may split its work over vehicles on (the runner's): its per-vehicle preparation,
/// its queries over the whole fleet at once (every vehicle at one fraction of the step, grown or not)
/// and its searches for first touches, key by key, through the threads' own detectors.
class SweepThreads : public VehicleRanges {
 public:
  /// The same contacts, in the same order, as the sweep's detector's detect() on `poses`.
  virtual void detect(std::span<const VehiclePose> poses, std::vector<Contact>& out, DetectorStats& stats) = 0;
  /// The same lists and notes as the sweep's detector's detect_grown_and_end(q).
  virtual void detect_grown_and_end(const Detector::GrownAndEnd& q, DetectorStats& stats) = 0;
  /// Thread `thread`'s detector (thread 0's: the sweep's own), built like the sweep's, for the searches'
  /// probes (Detector::probe) on that thread.
  virtual Detector& detector(int thread) = 0;

 protected:
  ~SweepThreads() = default;
};

/// Scratch for a sweep: sized once by prepare(), so that sweeping allocates nothing per step.
struct SweepScratch {
  /// A contact as tracked across substeps: a vehicle against the scene along one face (normals within
  /// 30 degrees), or a vehicle pair.
  struct Key {
    int vehicle = 0;
    int other = kStaticScene;
    Vec2 normal_W = Vec2::UnitX();  ///< first normal seen (scene contacts only), unit
    double lo = 0, hi = 0;          ///< free at lo, touching at hi [fraction of the step]; 0, 0: from the start
    int pair = -1;                  ///< a vehicle pair's index among the step's candidate pairs (pair_slot)
  };
  /// Reserves for `vehicle_count` vehicles and searches on `threads` threads.
  void prepare(int vehicle_count, int threads = 1);

  /// The vehicle pairs of this call's start and end poses, found by the caller (the runner's StepPairs,
  /// which detection and the no_tunnelling check read too); null: the sweep finds them into own_pairs.
  /// Read by one sweep, which sets it back to null.
  StepPairs* pairs = nullptr;
  StepPairs own_pairs;
  /// The threads this call may split its work over (null: it runs on the caller's alone). Read by one
  /// sweep, which sets it back to null.
  SweepThreads* threads = nullptr;
  /// Whether the detectors' pose slots are this call's vehicle indices, in one store whichever thread's
  /// detector reads it (one thread, or Detector::share_slots): a search's probes may then read the boxes
  /// its vehicle's slot keeps (Detector::probe_slots). The runner sets it for its sweeps.
  bool slots_are_vehicles = false;
  std::vector<VehiclePose> poses;      ///< poses of one query of the fleet or a subset
  std::vector<VehiclePose> all_poses;  ///< a subset query's poses by vehicle index (its pairs)
  std::vector<int> ids;                ///< vehicles of a subset query, ascending
  std::vector<char> involved;      ///< per vehicle: has a contact at the end of the step
  /// Per vehicle, for sweep_grown_first: whether its end query may be skipped where its grown rectangle
  /// is clear, and whether it was.
  std::vector<char> skippable, clear;
  /// Set by sweep_grown_first: this step's growth and motion are measured, and it needs that many
  /// substeps (0: not measured); with one, the scene half of its grown query over the whole step is done
  /// too (`grown_first`), into `grown` (its poses in grown_poses). Read by one sweep, which sets them back.
  int measured_substeps = 0;
  bool grown_first = false;
  std::vector<VehiclePose> grown_poses;
  std::vector<Contact> found, grown, start, result;
  /// Parallel to found, grown, start and the contacts at the end: each one's pair index (pair_slot), -1 for
  /// the scene's.
  std::vector<int> found_pair, grown_pair, start_pair, end_pair;
  std::vector<double> motion;  ///< per vehicle: how far its points move over the step, at most [m]
  PerThread<SubstepBounds> substep_bounds;  ///< [t]: what thread t measured of the step
  /// Per vehicle, how far its points move over the step along and across its heading at any fraction,
  /// at most [m] (GrowthRates): a grown query grows the rectangle by half of each over its span.
  std::vector<GrowthRates> growth;
  long long budget_spent = 0;  ///< searches that ran out of kSweepQueryBudget, over the run
  long long touches_between = 0;  ///< touches found between tested poses and filed, over the run
  /// An interval a search between tested poses still has to look into: its grown query touched `depth`
  /// deep, and the shapes lie about `gap` apart at its middle (an estimate) [fraction of the step; m].
  struct Interval {
    double lo = 0, hi = 0, depth = 0, gap = 0;
  };
  /// One thread's searches (sweep_search::KeySearch): the one or two poses of a key's query and what it
  /// found, one search's intervals, and what the thread found for the sweep to file in key order.
  struct Search {
    std::vector<VehiclePose> poses;
    std::vector<Contact> found;
    std::vector<Interval> intervals;  ///< one search's intervals, oldest first (at most kSweepQueryBudget)
    std::vector<int> closest;         ///< heap of `intervals` by gap, closest on top
    std::vector<char> searched;       ///< per entry of `intervals`
    std::vector<Contact> touches;     ///< what its lookups found
  };
  PerThread<Search> searches;  ///< [t] for thread t
  /// One search by one thread, kept apart until the sweep takes what it found in order
  /// (sweep_search::Sweep): a contact of an interval's grown query that no key explains, looked into for a
  /// touch between tested poses (certify_contacts; the sweep may find it no longer needed), or a key's
  /// bracket bisected to its first touch (settle_keys).
  struct Lookup {
    int item = 0;                ///< index into `grown` (a look) or `keys` (a bisection)
    int thread = 0;              ///< whose Search::touches hold its touches
    double t = 0;                ///< a look: when it first touches; NaN: not between the tested poses
    std::size_t first = 0, count = 0;  ///< its touches, in Search::touches
    DetectorStats stats;         ///< its work (a look's or a bisection's)
    bool spent = false;          ///< its search ran out of kSweepQueryBudget
  };
  std::vector<Lookup> lookups;
  std::vector<Key> keys;
  /// A vehicle pair's index: among the step's candidates (StepPairs::candidates()), or after them for a
  /// pair given that is none (extra_pairs). Per index: its key and its contact in `start`, or -1. A crowd of
  /// cars touching at once files half a million pair keys a step, each found by its index, in order.
  std::vector<int> key_of_pair, start_of_pair;
  std::vector<std::pair<int, int>> extra_pairs;
  ByVehicle key_index;           ///< the scene's keys by vehicle, entry e being keys[scene_keys[e]]
  std::vector<int> scene_keys;
  ByVehicle start_index;         ///< the scene's contacts in `start` by vehicle, entry e being start[start_scene[e]]
  std::vector<int> start_scene;
  /// Where a vehicle ended the last sweep.
  struct Place {
    Vec2 position_W = Vec2::Zero();
    double heading = 0;
  };
  /// The last sweep's end places and the overlaps there: when the vehicles a step looks at start where
  /// they ended (no time of impact moved them back), those overlaps are their start overlaps, and need
  /// no query.
  std::vector<Place> last_end;
  std::vector<Contact> last_end_contacts;
};

/// True if `a` and `b` are the same contact as a sweep tracks it: the same vehicle pair, or the same
/// vehicle against the scene along one face (normals within 30 degrees).
bool same_sweep_key(const Contact& a, const Contact& b);

/// The pose a fraction `f` in [0, 1] of the way from `a` to `b`: CG and heading linear (headings not
/// wrapped), size and height from `b`.
VehiclePose interpolate(const VehiclePose& a, const VehiclePose& b, double f);

/// How many substeps keep every rectangle point's motion between tested poses within half the smallest
/// CG-to-edge distance of any vehicle (1 when the whole step does; at most kMaxSweepSubsteps).
int sweep_substeps(std::span<const VehiclePose> start, std::span<const VehiclePose> end);

/// The first part of sweep_by_substeps together with the end query, for a step that needs no substeps:
/// the grown query over the whole step, which holds every rectangle's whole sweep, the end one too, and
/// the end query of the vehicles that query did not know clear (Detector::detect_grown_and_end): the end
/// rectangle lies inside the grown one on the road the vehicle ends on, so where the grown one is clear
/// the end query would find nothing. Appends the scene contacts at the end of the step to `end_out` (what
/// detector.detect(end) gives) and returns true; returns false, having only measured the step, where it
/// needs substeps. The next sweep of `scratch` takes the measures and the grown query from there. Like the
/// sweep, it reads `scratch.pairs` (null: it finds them) and `scratch.threads`, and sets them back to null.
bool sweep_grown_first(Detector& detector, std::span<const VehiclePose> start, std::span<const VehiclePose> end,
                       std::vector<Contact>& end_out, DetectorStats& stats, SweepScratch& scratch);

/// The default Detector::sweep: conservative substeps and bisection through `detector.detect_all`.
void sweep_by_substeps(Detector& detector, std::span<const VehiclePose> start, std::span<const VehiclePose> end,
                       std::vector<Contact>& out, DetectorStats& stats, SweepScratch& scratch);

/// detect_all(end) then sweep(start, end): the contacts that begin during the step, each at its toi.
void detect_swept(Detector& detector, std::span<const VehiclePose> start, std::span<const VehiclePose> end,
                  std::vector<Contact>& out, DetectorStats& stats, SweepScratch& scratch);

}  // namespace crashbench
