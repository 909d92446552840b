#pragma once
// The vehicle-pair pass every detector shares (Detector::detect_all): vehicle rectangles at CG height
// against each other, the same for every detector whatever scene geometry it reads. Broad phase: the
// rectangles' bounding boxes through BoxPairs (a 2D grid, O(N)), taken without placing the rectangles,
// which only the vehicles in a pair need. Narrow phase: rectangle_contact
// (separating axes). Allocates nothing once sized for the largest layout it has seen.
#include <cstdint>
#include <span>
#include <vector>

#include "detectors/analytic_rectangles.hpp"
#include "detectors/box_pairs.hpp"

namespace crashbench {

class VehiclePairs {
 public:
  /// `coherence_margin` [m] > 0: the poses are the same vehicles call after call (the run's, step by
  /// step), and the broad phase keeps its candidates while each box stays within this margin of where it
  /// was (BoxPairs::find_coherent); 0: every call stands alone (subsets of vehicles, as a sweep asks).
  explicit VehiclePairs(double coherence_margin = 0) : coherence_margin_(coherence_margin) {}
  /// Sizes the buffers for `vehicle_count` vehicles.
  void reserve(int vehicle_count);
  /// Appends one Contact per overlapping pair of `poses` (vehicle = lower index a, other = b, normal from
  /// b towards a, feature = separating-axis index), ordered by (vehicle, other). Adds its work to `stats`:
  /// nodes_visited = bounding-box tests, primitives_tested = exact tests.
  void detect(std::span<const VehiclePose> poses, std::vector<Contact>& out, DetectorStats& stats);

 private:
  /// Vehicle `v`'s rectangle, placed on first use this query: most vehicles are in no pair.
  const PlacedRectangle& rectangle(std::span<const VehiclePose> poses, int v);

  std::vector<PlacedRectangle> rects_;  // this query's rectangles, by vehicle index, where placed
  std::vector<std::uint32_t> placed_;   // per vehicle: the query that placed rects_[v]
  std::uint32_t query_ = 0;
  std::vector<Box2> boxes_;             // the rectangles' bounds
  BoxPairs broad_;
  double coherence_margin_;
};

}  // namespace crashbench
