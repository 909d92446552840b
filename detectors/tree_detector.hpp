#pragma once
// Our own spatial structure: a uniform 2D grid over the footprints of the collision triangles, built once
// in prepare. A query visits the cells under the rectangle's bounds, skips triangles already seen this
// query (a stamp per triangle), outside the plane's height or whose footprint bounds miss the rectangle's,
// and slices the rest exactly as the brute-force reference does. Horizontal triangles (floors) never cut a horizontal plane into a segment
// and are left out. No allocation per step.
#include <cstdint>

#include "detectors/detector.hpp"
#include "detectors/scenes/interference.hpp"

namespace crashbench {

class TreeDetector final : public Detector {
 public:
  std::string_view name() const override { return "tree"; }
  void prepare(const Scene& scene, int vehicle_count) override;
  void detect(std::span<const VehiclePose> poses, std::vector<Contact>& out, DetectorStats& stats) override;

  /// Cells along X and Y and the cell edge [m], for the benchmark's report.
  int cells_x() const { return nx_; }
  int cells_y() const { return ny_; }
  double cell_size() const { return cell_; }
  /// Bytes held by the structure.
  std::size_t memory_bytes() const;

 private:
  struct Entry {
    Vec2 lo_W, hi_W;    // footprint bounds [m]
    double zmin, zmax;  // [m]
    Triangle t;
    int index;          // into the Scene's triangles
  };
  void query(const BoundingRectangle& rect, DetectorStats& stats);

  std::vector<Entry> entries_;
  std::vector<std::uint32_t> cell_start_;  // nx * ny + 1 offsets into items_
  std::vector<std::uint32_t> items_;       // entry indices, cell by cell
  std::vector<std::uint32_t> stamp_;       // last query that visited each entry
  std::uint32_t query_ = 0;
  Vec2 origin_W_ = Vec2::Zero();
  double cell_ = 1;
  int nx_ = 0, ny_ = 0;
  GroundGrid ground_;
  InterferenceSet set_;
};

std::unique_ptr<Detector> make_tree_detector();

}  // namespace crashbench
