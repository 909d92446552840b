#pragma once
// The detector seam: vehicle rectangles in, contacts out. Nothing here knows about response models.
// Each detector's factory reads its own `detector` object and parameters() echoes the options it used.
#include <nlohmann/json.hpp>

#include <cstdint>
#include <limits>
#include <memory>
#include <span>
#include <string_view>
#include <vector>

#include "core/contact.hpp"
#include "core/json_reader.hpp"
#include "core/registry.hpp"
#include "core/vehicle.hpp"
#include "detectors/geometry/geometry.hpp"
#include "detectors/scenes/scene.hpp"

namespace crashbench {

/// The scene geometry a detector queries.
enum class SceneGeometry : std::uint8_t {
  kWalls,      ///< Scene::walls, the 2D wall footprints
  kTriangles,  ///< Scene::graph or the collision triangles extracted from it
};

struct SweepScratch;  // detectors/swept.hpp
class VehiclePairs;  // detectors/broadphase/vehicle_pairs.hpp

/// A detector answers for the scene (prepare, detect: its own geometry); detect_all adds the vehicle pairs,
/// found by one pass every detector shares, so that all of them report vehicle-pair contacts alike.
class Detector {
 public:
  Detector();
  virtual ~Detector();
  virtual std::string_view name() const = 0;
  /// The detector's `detector` object as it runs, "name" included; its factory accepts it back and builds
  /// the same detector (results.json echoes it as config.detector). The default: a detector without options.
  virtual nlohmann::json parameters() const { return {{"name", name()}}; }
  /// What it reads: detectors reading the same geometry must find the same contacts (the agreement tests
  /// compare every kTriangles detector with brute-force on every scene).
  virtual SceneGeometry geometry() const { return SceneGeometry::kTriangles; }
  /// False for a detector built on a library that allocates during queries (OpenSceneGraph's
  /// IntersectionVisitor): its allocations are measured (detect_bench), not held to zero by the tests.
  virtual bool allocation_free() const { return true; }
  /// Builds whatever the queries need; not timed per step.
  virtual void prepare(const Scene& scene, int vehicle_count) = 0;
  /// prepare() for another thread of the same run: `prepared` is a detector built from the same options
  /// and prepared for `scene`, which outlives both. A detector may share what `prepared` built and its
  /// queries only read (the tree's grid) instead of building it again; the default prepares afresh.
  virtual void prepare_as(const Detector& prepared, const Scene& scene, int vehicle_count);
  /// Appends this step's contacts of the vehicles with the scene (other = kStaticScene) to caller-owned
  /// `out`. Our own detectors allocate nothing here once `out` has capacity.
  virtual void detect(std::span<const VehiclePose> poses, std::vector<Contact>& out, DetectorStats& stats) = 0;
  /// Whether this detector keeps what it keeps per pose slot (clear boxes) in `owner`'s store from now on,
  /// `owner` being a detector of the same kind prepared for the same scene and vehicles. Then a run's
  /// vehicle keeps its slot (its index in the run) on whichever of them queries it (detect_slots), so the
  /// runner may hand any thread's detector any vehicles and still count the work of one thread; calls on
  /// different slots may run at once. The default: false, and each thread's detector keeps its own
  /// vehicles.
  virtual bool share_slots(Detector& owner);
  /// detect() of the poses of slots [first_slot, first_slot + poses.size()), the vehicles still numbered
  /// from 0 in the contacts. The default: detect(), whose slots begin at 0.
  virtual void detect_slots(std::size_t first_slot, std::span<const VehiclePose> poses, std::vector<Contact>& out,
                            DetectorStats& stats);
  /// The two scene queries of a step without substeps (detectors/swept.hpp, sweep_grown_first), each
  /// vehicle's one after the other: detect() of its `grown` pose into `grown_out`, noting in `clear` 1
  /// where the detector knows that no scene geometry lies inside or on that rectangle at its plane and
  /// height band (0 where it does not); then detect() of its `end` pose into `end_out`, unless it is clear
  /// and `skippable` (the end rectangle lies inside the grown one on the same road, so that query would
  /// find nothing). Each list holds what detect() of its poses gives, in its order, less the skipped
  /// vehicles'. All spans one per vehicle, their slots from `first_slot` on (detect_slots). The default
  /// knows no pose clear and queries every one.
  struct GrownAndEnd {
    std::span<const VehiclePose> grown, end;
    std::span<const char> skippable;
    std::vector<Contact>* grown_out = nullptr;
    std::vector<Contact>* end_out = nullptr;
    std::span<char> clear;
    std::size_t first_slot = 0;
  };
  virtual void detect_grown_and_end(const GrownAndEnd& q, DetectorStats& stats);
  /// detect() of poses that are not the run's vehicles, as a sweep's searches place them at fractions of
  /// a step (detectors/swept.hpp): the same contacts, without reading or changing what the detector keeps
  /// per pose slot between calls (a clear box). So a search leaves the run's own queries as they were,
  /// and whichever thread's detector runs it counts the same work. The default: detect(); a detector
  /// that keeps anything per slot overrides it.
  virtual void probe(std::span<const VehiclePose> poses, std::vector<Contact>& out, DetectorStats& stats);
  /// probe() of poses of the run's vehicles at slots first_slot, first_slot + 1, ... (detect_slots'), which
  /// may answer from the boxes those slots keep, reading them and changing nothing: a box states a fact
  /// about the scene, so the contacts are probe()'s, and with the slots' store shared by every thread's
  /// detector (share_slots) or one thread, the work counted does not depend on the thread. The default:
  /// probe().
  virtual void probe_slots(std::size_t first_slot, std::span<const VehiclePose> poses, std::vector<Contact>& out,
                           DetectorStats& stats);
  /// Sizes the vehicle-pair pass for `vehicle_count` vehicles, so that detect_all allocates nothing.
  void reserve_pairs(int vehicle_count);
  /// All this step's contacts: detect's, then one per overlapping vehicle pair (vehicle = lower index,
  /// other = higher, normal from other towards vehicle; detectors/broadphase/vehicle_pairs.hpp), by (vehicle, other).
  void detect_all(std::span<const VehiclePose> poses, std::vector<Contact>& out, DetectorStats& stats);
  /// detect_all() through probe().
  void probe_all(std::span<const VehiclePose> poses, std::vector<Contact>& out, DetectorStats& stats);
  /// detect_all() through probe_slots().
  void probe_all_slots(std::size_t first_slot, std::span<const VehiclePose> poses, std::vector<Contact>& out,
                       DetectorStats& stats);
  /// The vehicle-pair half of probe_all() alone: the contacts of the poses' overlapping pairs, no scene
  /// query (a sweep's search for a pair's touch reads nothing else).
  void probe_pairs(std::span<const VehiclePose> poses, std::vector<Contact>& out, DetectorStats& stats);
  /// Turns `out`, which holds detect_all(end)'s contacts for this step (toi = 1), into the contacts that begin
  /// DURING the step, the vehicles moving from `start` to `end` (same size and order): each one once, at
  /// its time of first contact `toi` (fraction of the step), with the point and normal at that time.
  /// The default is the detector-agnostic conservative sweep of detectors/swept.hpp through detect_all();
  /// a detector with an exact sweep may override. Allocation-free once `scratch` is prepared.
  virtual void sweep(std::span<const VehiclePose> start, std::span<const VehiclePose> end, std::vector<Contact>& out,
                     DetectorStats& stats, SweepScratch& scratch);

 private:
  std::unique_ptr<VehiclePairs> pairs_;  // detect_all: any poses (the run's own pass: StepPairs)
};

/// A detector that answers pose by pose and can tell clear poses (the tree, the analytic detector):
/// `Self` has `bool query(std::size_t v, std::size_t slot, const VehiclePose&, std::vector<Contact>&,
/// DetectorStats&)` for pose v, returning whether it knows the pose clear, with what it keeps between
/// calls (its clear boxes) in `slot` (kNoSlot: none read or kept); `void fetch_ahead(std::span<const
/// VehiclePose> poses, std::size_t v, std::size_t slot)`, called as pose v (of slot `slot`) is queried:
/// the poses after it come next; `query_reading`, query() that may answer from the slot's boxes but changes
/// nothing (probe_slots); and `void share_boxes(const Self& owner)`, which keeps what it keeps per slot in
/// `owner`'s store (ClearBoxes::share).
template <class Self>
class PoseByPoseDetector : public Detector {
 public:
  /// The slot of a probe: beyond any run's vehicles, so that no box is read or kept there.
  static constexpr std::size_t kNoSlot = ~std::size_t{0};

  void detect(std::span<const VehiclePose> poses, std::vector<Contact>& out, DetectorStats& stats) final {
    detect_slots(0, poses, out, stats);
  }
  void detect_slots(std::size_t first_slot, std::span<const VehiclePose> poses, std::vector<Contact>& out,
                    DetectorStats& stats) final {
    Self& self = static_cast<Self&>(*this);
    for (std::size_t v = 0; v < poses.size(); ++v) {
      self.fetch_ahead(poses, v, first_slot + v);
      self.query(v, first_slot + v, poses[v], out, stats);
    }
  }
  bool share_slots(Detector& owner) final {
    auto* same_kind = dynamic_cast<Self*>(&owner);
    if (!same_kind) return false;
    static_cast<Self&>(*this).share_boxes(*same_kind);
    return true;
  }
  /// A search's one or two poses: nothing to fetch ahead.
  void probe(std::span<const VehiclePose> poses, std::vector<Contact>& out, DetectorStats& stats) final {
    for (std::size_t v = 0; v < poses.size(); ++v) static_cast<Self&>(*this).query(v, kNoSlot, poses[v], out, stats);
  }
  void probe_slots(std::size_t first_slot, std::span<const VehiclePose> poses, std::vector<Contact>& out,
                   DetectorStats& stats) final {
    Self& self = static_cast<Self&>(*this);
    for (std::size_t v = 0; v < poses.size(); ++v) self.query_reading(v, first_slot + v, poses[v], out, stats);
  }
  /// The end query right after the grown one, while the vehicle's cells are in cache.
  void detect_grown_and_end(const GrownAndEnd& q, DetectorStats& stats) final {
    Self& self = static_cast<Self&>(*this);
    for (std::size_t v = 0; v < q.grown.size(); ++v) {
      const std::size_t slot = q.first_slot + v;
      self.fetch_ahead(q.grown, v, slot);
      q.clear[v] = self.query(v, slot, q.grown[v], *q.grown_out, stats);
      if (!(q.clear[v] && q.skippable[v])) self.query(v, slot, q.end[v], *q.end_out, stats);
    }
  }
};

/// Builds a detector from its own `detector` object (the whole object, "name" included); throws Error
/// naming the file and JSON pointer of the first option it rejects.
using DetectorFactory = std::unique_ptr<Detector> (*)(const JsonReader& detector);
/// The detectors, built-ins first; plugins add theirs here (docs/plugins.md).
Registry<RegistryEntry<DetectorFactory>>& detector_registry();
/// All registered detectors, by name.
std::span<const RegistryEntry<DetectorFactory>> detectors();

/// The detector a case's `detector` names: a name, read as {"name": name}, or {"name": name, ...options}
/// built by that detector's factory. Errors name the file and the JSON pointer.
std::unique_ptr<Detector> make_detector(const JsonReader& detector);
/// The detector `name` with its default options (throws Error for an unknown name).
std::unique_ptr<Detector> make_detector(std::string_view name);

/// A factory for a detector without options: it accepts {"name": ...} only.
template <std::unique_ptr<Detector> (*make)()>
std::unique_ptr<Detector> without_options(const JsonReader& detector) {
  detector.only_keys({"name"});
  return make();
}

}  // namespace crashbench
