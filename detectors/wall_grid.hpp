#pragma once
// A uniform 2D grid over wall footprints (the analytic detector's walls, no_tunnelling's walls), built
// once in prepare: each wall is listed in every cell its bounding box covers, so a vehicle's box meets
// only the walls of the cells it covers instead of every wall of the scene. Queries allocate nothing.
#include <cstdint>
#include <vector>

#include "detectors/box_pairs.hpp"

namespace crashbench {

class WallGrid {
 public:
  /// Lists the walls, given by their bounding boxes, in cells about as large as a wall, at most about
  /// 16 cells per wall; coarser where the lists would exceed 16M entries (or 16 per wall).
  void build(std::span<const Box2> walls);
  /// The indices of the walls listed in the cells the box [lo, hi] covers, each once, ascending, into
  /// `out` (cleared first). `out` needs no more capacity than build() gave it.
  void candidates(const Vec2& lo_W, const Vec2& hi_W, std::vector<int>& out);
  /// Capacity a query's `out` may need: the number of walls.
  std::size_t wall_count() const { return stamps_.size(); }

 private:
  int cell_x(double x) const;
  int cell_y(double y) const;

  Vec2 origin_W_ = Vec2::Zero();  // lower corner of the grid [m]
  double cell_ = 1;               // cell edge [m]
  int nx_ = 0, ny_ = 0;
  std::vector<std::uint32_t> cell_start_;  // nx * ny + 1 offsets into items_
  std::vector<int> items_;                 // wall indices, cell by cell, ascending in each cell
  std::vector<std::uint32_t> stamps_;      // per wall: the last query that listed it
  std::uint32_t query_ = 0;
};

}  // namespace crashbench
