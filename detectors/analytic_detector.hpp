#pragma once
// The `analytic` detector: exact rectangle-segment and rectangle-rectangle tests at CG height, no scene graph.
// Walls: Knight's bounding rectangle against each wall footprint (Liang-Barsky clip, contact at the midpoint
// of the interference line, wall normal). Vehicles: separating axes with a sort-and-sweep broad phase on X.
#include <memory>
#include <span>
#include <vector>

#include "detectors/analytic_rectangles.hpp"
#include "detectors/detector.hpp"
#include "detectors/scenes/interference.hpp"

namespace crashbench {

class AnalyticDetector final : public Detector {
 public:
  std::string_view name() const override { return "analytic"; }
  SceneGeometry geometry() const override { return SceneGeometry::kWalls; }
  /// Precomputes the walls of `scene` (throws crashbench::Error on a zero-length wall) and sizes the
  /// per-vehicle scratch for `vehicle_count` vehicles.
  void prepare(const Scene& scene, int vehicle_count) override;
  /// Appends, for each vehicle in index order, one Contact per wall it meets (other = kStaticScene,
  /// feature = wall index), then one Contact per overlapping vehicle pair (vehicle = lower index a,
  /// other = b, normal from b towards a). Adds its work to `stats`: nodes_visited = bounding-box tests,
  /// primitives_tested = exact tests. Allocates nothing once `out` has capacity and poses.size() is at
  /// most the prepared vehicle count.
  void detect(std::span<const VehiclePose> poses, std::vector<Contact>& out, DetectorStats& stats) override;

 private:
  /// Places the rectangles; returns the broad-phase order to use for this many vehicles.
  std::vector<int>& place_all(std::span<const VehiclePose> poses);
  void detect_walls(int vehicle, std::vector<Contact>& out, DetectorStats& stats) const;
  void sort_by_box_min_x(std::vector<int>& order);
  void sweep_vehicles(const std::vector<int>& order, std::vector<Contact>& out, DetectorStats& stats) const;

  std::vector<PreparedWall> walls_;
  std::vector<Vec2> wall_heights_;      // each wall's lowest and highest point, for the height band [m]
  std::vector<HeightBand> bands_;       // this step's height band of each vehicle [m]
  std::shared_ptr<const SurfaceQuery> surface_;  // the scene's: the road the band is measured from
  std::vector<PlacedRectangle> rects_;  // this step's rectangles, by vehicle index
  std::vector<int> order_;              // vehicle indices by box_min_W.x; nearly sorted from step to step
  std::vector<int> subset_order_;       // the same for queries on fewer vehicles than prepared
  std::size_t prepared_count_ = 0;
};

/// A new `analytic` detector (registry factory).
std::unique_ptr<Detector> make_analytic_detector();

}  // namespace crashbench
