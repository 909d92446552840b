#pragma once
// The `analytic` detector: exact rectangle-segment tests at CG height, no scene graph. Walls: Knight's
// bounding rectangle against each wall footprint (Liang-Barsky clip, contact at the midpoint of the
// interference line, wall normal), the walls found through a uniform grid; a car on open road skips it
// while it stays inside a box clear of every wall (clear_boxes.hpp). Vehicle pairs come from the
// pass every detector shares (Detector::detect_all, detectors/broadphase/vehicle_pairs.hpp).
#include <memory>
#include <span>
#include <vector>

#include "detectors/broadphase/analytic_rectangles.hpp"
#include "detectors/broadphase/clear_boxes.hpp"
#include "detectors/broadphase/wall_grid.hpp"
#include "detectors/detector.hpp"
#include "detectors/scenes/interference.hpp"

namespace crashbench {

class AnalyticDetector final : public PoseByPoseDetector<AnalyticDetector> {
 public:
  std::string_view name() const override { return "analytic"; }
  SceneGeometry geometry() const override { return SceneGeometry::kWalls; }
  /// Precomputes the walls of `scene` and their grid (throws crashbench::Error on a zero-length wall).
  void prepare(const Scene& scene, int vehicle_count) override;
  // detect() appends, for each vehicle in index order, one Contact per wall it meets (other =
  // kStaticScene, feature = wall index), walls in index order. Adds its work to `stats`: nodes_visited =
  // bounding-box tests of the walls in the vehicle's grid cells, primitives_tested = exact tests.
  // Allocates nothing once `out` has capacity.

 private:
  friend class PoseByPoseDetector<AnalyticDetector>;
  /// Pose `i`'s contacts into `out`; returns whether it is known clear (Detector::detect_grown_and_end): a
  /// clear box (of `slot`) holds the rectangle, or no wall in its band reaches its bounds.
  bool query(std::size_t i, std::size_t slot, const VehiclePose& pose, std::vector<Contact>& out, DetectorStats& stats);
  void fetch_ahead(std::span<const VehiclePose>, std::size_t, std::size_t) const {}  // walls are few
  void share_boxes(const AnalyticDetector& owner) { clear_.share(owner.clear_); }
  /// A probe's query (probe_slots): its walls are few, so it reads no box.
  bool query_reading(std::size_t i, std::size_t, const VehiclePose& pose, std::vector<Contact>& out,
                     DetectorStats& stats) {
    return query(i, kNoSlot, pose, out, stats);
  }
  /// Appends the walls in `band` that `r` meets; returns whether any reached its bounds.
  bool detect_walls(int vehicle, const PlacedRectangle& r, const HeightBand& band, std::vector<Contact>& out,
                    DetectorStats& stats);
  /// Whether any wall's footprint meets the proposal's box (clear_boxes.hpp), at any height.
  bool walls_meet(const ClearBoxes::Proposal& p);

  std::vector<PreparedWall> walls_;
  std::vector<Vec2> wall_heights_;  // each wall's lowest and highest point, for the height band [m]
  std::shared_ptr<const SurfaceQuery> surface_;  // the scene's: the road the band is measured from
  WallGrid grid_;
  std::vector<int> candidates_;  // one query's walls from the grid
  ClearBoxes clear_;             // per slot of the poses given to detect()
};

/// A new `analytic` detector (registry factory).
std::unique_ptr<Detector> make_analytic_detector();

}  // namespace crashbench
