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
  /// Appends this step's contacts of the vehicles with the scene (other = kStaticScene) to caller-owned
  /// `out`. Our own detectors allocate nothing here once `out` has capacity.
  virtual void detect(std::span<const VehiclePose> poses, std::vector<Contact>& out, DetectorStats& stats) = 0;
  /// detect(), and per pose in `clear` (one per pose) 1 where the detector knows that no scene geometry
  /// lies inside or on the rectangle at the pose's plane and height band, 0 where it does not: a query of a
  /// rectangle inside that one, on the same road, would find nothing. The default knows it of no pose.
  virtual void detect_noting_clear(std::span<const VehiclePose> poses, std::vector<Contact>& out, DetectorStats& stats,
                                   std::span<char> clear);
  /// detect() of the poses whose `skip` (one per pose) is 0, numbered as in `poses`: the contacts
  /// detect(poses) gives for them, in its order. The default queries them as one span of their own.
  virtual void detect_except(std::span<const VehiclePose> poses, std::span<const char> skip, std::vector<Contact>& out,
                             DetectorStats& stats);
  /// Sizes the vehicle-pair pass and detect_except's scratch for `vehicle_count` vehicles, so that
  /// detect_all and detect_except allocate nothing.
  void reserve_pairs(int vehicle_count);
  /// All this step's contacts: detect's, then one per overlapping vehicle pair (vehicle = lower index,
  /// other = higher, normal from other towards vehicle; detectors/broadphase/vehicle_pairs.hpp), by (vehicle, other).
  void detect_all(std::span<const VehiclePose> poses, std::vector<Contact>& out, DetectorStats& stats);
  /// Turns `out`, which holds detect_all(end)'s contacts for this step (toi = 1), into the contacts that begin
  /// DURING the step, the vehicles moving from `start` to `end` (same size and order): each one once, at
  /// its time of first contact `toi` (fraction of the step), with the point and normal at that time.
  /// The default is the detector-agnostic conservative sweep of detectors/swept.hpp through detect_all();
  /// a detector with an exact sweep may override. Allocation-free once `scratch` is prepared.
  virtual void sweep(std::span<const VehiclePose> start, std::span<const VehiclePose> end, std::vector<Contact>& out,
                     DetectorStats& stats, SweepScratch& scratch);

 private:
  std::unique_ptr<VehiclePairs> pairs_;  // detect_all: any poses (the run's own pass: StepPairs)
  std::vector<VehiclePose> unskipped_;    // detect_except's poses, and their indices in the caller's span
  std::vector<int> unskipped_ids_;
};

/// A detector that answers pose by pose and can tell clear poses (the tree, the analytic detector): detect,
/// detect_noting_clear and detect_except are one loop over the poses, query_each.
class PoseByPoseDetector : public Detector {
 public:
  void detect(std::span<const VehiclePose> poses, std::vector<Contact>& out, DetectorStats& stats) final {
    query_each(poses, {}, {}, out, stats);
  }
  void detect_noting_clear(std::span<const VehiclePose> poses, std::vector<Contact>& out, DetectorStats& stats,
                           std::span<char> clear) final {
    query_each(poses, {}, clear, out, stats);
  }
  void detect_except(std::span<const VehiclePose> poses, std::span<const char> skip, std::vector<Contact>& out,
                     DetectorStats& stats) final {
    query_each(poses, skip, {}, out, stats);
  }

 protected:
  /// detect() of the poses not in `skip` (empty: none skipped), noting in `clear` (empty: not noted).
  virtual void query_each(std::span<const VehiclePose> poses, std::span<const char> skip, std::span<char> clear,
                          std::vector<Contact>& out, DetectorStats& stats) = 0;
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
