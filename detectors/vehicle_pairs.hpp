#pragma once
// The vehicle-pair pass every detector shares (Detector::detect_all): vehicle rectangles at CG height
// against each other, the same for every detector whatever scene geometry it reads. Broad phase: the
// rectangles' bounding boxes through BoxPairs (a 2D grid, O(N)). Narrow phase: rectangle_contact
// (separating axes). Allocates nothing once sized for the largest layout it has seen.
#include <span>
#include <vector>

#include "detectors/analytic_rectangles.hpp"
#include "detectors/box_pairs.hpp"

namespace crashbench {

class VehiclePairs {
 public:
  /// Sizes the buffers for `vehicle_count` vehicles.
  void reserve(int vehicle_count);
  /// Appends one Contact per overlapping pair of `poses` (vehicle = lower index a, other = b, normal from
  /// b towards a, feature = separating-axis index), ordered by (vehicle, other). Adds its work to `stats`:
  /// nodes_visited = bounding-box tests, primitives_tested = exact tests.
  void detect(std::span<const VehiclePose> poses, std::vector<Contact>& out, DetectorStats& stats);

 private:
  std::vector<PlacedRectangle> rects_;  // this query's rectangles, by vehicle index
  std::vector<Box2> boxes_;             // their bounding boxes
  BoxPairs broad_;
};

}  // namespace crashbench
