#pragma once
// The detector seam: vehicle rectangles in, contacts out. Nothing here knows about response models.
#include <memory>
#include <span>
#include <string_view>
#include <vector>

#include "core/contact.hpp"
#include "core/registry.hpp"
#include "core/vehicle.hpp"
#include "detectors/scenes/scene.hpp"

namespace crashbench {

/// Where a vehicle's bounding rectangle is this step.
struct VehiclePose {
  Vec2 position_W = Vec2::Zero();  ///< CG [m]
  double heading = 0;              ///< [rad]
  double cg_height = 0;            ///< rectangle height above ground [m]
  RectangleSize size;
};

/// Work a query did, like b2TreeStats.
struct DetectorStats {
  int nodes_visited = 0;
  int primitives_tested = 0;
};

struct SweepScratch;  // detectors/swept.hpp

class Detector {
 public:
  virtual ~Detector() = default;
  virtual std::string_view name() const = 0;
  /// Builds whatever the queries need; not timed per step.
  virtual void prepare(const Scene& scene, int vehicle_count) = 0;
  /// Appends this step's contacts to caller-owned `out`. Our own detectors allocate nothing here
  /// once `out` has capacity.
  virtual void detect(std::span<const VehiclePose> poses, std::vector<Contact>& out, DetectorStats& stats) = 0;
  /// Turns `out`, which holds detect(end)'s contacts for this step (toi = 1), into the contacts that begin
  /// DURING the step, the vehicles moving from `start` to `end` (same size and order): each one once, at
  /// its time of first contact `toi` (fraction of the step), with the point and normal at that time.
  /// The default is the detector-agnostic conservative sweep of detectors/swept.hpp through detect();
  /// a detector with an exact sweep may override. Allocation-free once `scratch` is prepared.
  virtual void sweep(std::span<const VehiclePose> start, std::span<const VehiclePose> end, std::vector<Contact>& out,
                     DetectorStats& stats, SweepScratch& scratch);
};

using DetectorFactory = std::unique_ptr<Detector> (*)();
std::span<const RegistryEntry<DetectorFactory>> detectors();

}  // namespace crashbench
