#pragma once
// The vehicle-pair pass every detector shares (Detector::detect_all): vehicle rectangles at CG height
// against each other, the same for every detector whatever scene geometry it reads. Broad phase: the
// rectangles' bounding boxes through BoxPairs (a 2D grid, O(N)), taken without placing the rectangles,
// which only the vehicles in a pair need. Narrow phase: rectangle_contact
// (separating axes). Allocates nothing once sized for the largest layout it has seen.
#include <cstdint>
#include <span>
#include <vector>

#include "detectors/broadphase/analytic_rectangles.hpp"
#include "detectors/broadphase/box_pairs.hpp"

namespace crashbench {

/// One query's rectangles and their bounds (rectangle_bounds), each made on first use: most vehicles are
/// in no pair.
class QueryRectangles {
 public:
  void reserve(int vehicle_count);
  /// Starts a query of `count` poses: what the last one made is forgotten (O(1)).
  void begin(std::size_t count);
  const PlacedRectangle& rectangle(std::span<const VehiclePose> poses, int v);
  const Box2& box(std::span<const VehiclePose> poses, int v);

 private:
  std::vector<PlacedRectangle> rects_;  // by vehicle index, where placed
  std::vector<Box2> boxes_;             // by vehicle index, where bounded
  std::vector<std::uint32_t> placed_, bounded_;  // per vehicle: the query that made rects_[v], boxes_[v]
  std::uint32_t query_ = 0;
};

/// The narrow phase of a pair a < b: appends their contact (vehicle = a, other = b, normal from b towards
/// a, feature = separating-axis index) if they stand on one level (on_one_level) and their rectangles
/// overlap, counting the rectangle test in stats.primitives_tested.
bool append_pair_contact(QueryRectangles& rects, std::span<const VehiclePose> poses, int a, int b,
                         std::vector<Contact>& out, DetectorStats& stats);

class VehiclePairs {
 public:
  /// Sizes the buffers for `vehicle_count` vehicles.
  void reserve(int vehicle_count);
  /// Appends one Contact per overlapping pair of `poses` (vehicle = lower index a, other = b, normal from
  /// b towards a, feature = separating-axis index), ordered by (vehicle, other). Adds its work to `stats`:
  /// nodes_visited = bounding-box tests, primitives_tested = exact tests.
  void detect(std::span<const VehiclePose> poses, std::vector<Contact>& out, DetectorStats& stats);

 private:
  QueryRectangles rects_;
  std::vector<Box2> boxes_;  // the rectangles' bounds
  BoxPairs broad_;
};

}  // namespace crashbench
