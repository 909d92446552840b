#pragma once
// The vehicle-pair pass every detector shares (Detector::detect_all): vehicle rectangles at CG height
// against each other, the same for every detector whatever scene geometry it reads. Broad phase: a
// uniform 2D grid keyed by cell, hashed into a table by a counting sort (O(N), no sort by coordinate),
// with cells as large as the median vehicle's bounding box; a box spanning more than kMaxCellsPerAxis
// cells on an axis is tested against every vehicle instead. Narrow phase: rectangle_contact (separating
// axes). Allocates nothing once sized for the largest layout it has seen.
#include <cstdint>
#include <span>
#include <vector>

#include "detectors/analytic_rectangles.hpp"

namespace crashbench {

class VehiclePairs {
 public:
  /// Most cells a vehicle's box may cover along X or Y before it is tested against every vehicle.
  static constexpr int kMaxCellsPerAxis = 4;

  /// Sizes the buffers for `vehicle_count` vehicles of similar size (more grow them once).
  void reserve(int vehicle_count);
  /// Appends one Contact per overlapping pair of `poses` (vehicle = lower index a, other = b, normal from
  /// b towards a, feature = separating-axis index), ordered by (vehicle, other). Adds its work to `stats`:
  /// nodes_visited = bounding-box tests, primitives_tested = exact tests.
  void detect(std::span<const VehiclePose> poses, std::vector<Contact>& out, DetectorStats& stats);

 private:
  /// A vehicle's box listed in one cell.
  struct CellEntry {
    std::int64_t ix, iy;  // the cell
    int vehicle;
  };
  void choose_cell_size();
  void list_cells();
  void bucket_entries();
  void test_buckets(std::vector<Contact>& out, DetectorStats& stats);
  void test_oversize(std::vector<Contact>& out, DetectorStats& stats);
  void test_pair(int a, int b, std::vector<Contact>& out, DetectorStats& stats) const;
  std::int64_t cell_of(double coordinate) const;

  std::vector<PlacedRectangle> rects_;  // this query's rectangles, by vehicle index
  std::vector<double> extents_;         // scratch for the median box size [m]
  std::vector<CellEntry> entries_;      // (cell, vehicle) in vehicle order
  std::vector<CellEntry> bucketed_;     // the same, grouped by hashed cell
  std::vector<std::uint32_t> bucket_start_;  // table size + 1 offsets into bucketed_
  std::vector<int> oversize_;           // vehicles whose box spans too many cells, ascending
  std::vector<char> is_oversize_;       // per vehicle
  double cell_ = 1;                     // cell edge [m]
  std::uint64_t mask_ = 0;              // table size - 1 (a power of two)
};

}  // namespace crashbench
