#pragma once
// A uniform 2D grid over wall footprints (the analytic detector's walls, no_tunnelling's walls), built
// once in prepare: each wall is listed in every cell its bounding box covers, so a vehicle's box meets
// only the walls of the cells it covers instead of every wall of the scene. Each listing carries the
// wall's box (floats rounded outwards) so that a query rejects most walls without touching anything but
// the cell's list; an occupancy bit per cell skips empty cells without touching even that. Queries
// allocate nothing.
#include <cstdint>
#include <vector>

#include "core/huge_pages.hpp"
#include "detectors/broadphase/box_pairs.hpp"
#include "detectors/broadphase/cell_occupancy.hpp"
#include "detectors/broadphase/float_bounds.hpp"

namespace crashbench {

class WallGrid {
 public:
  /// Lists the walls, given by their bounding boxes, in cells about as large as a wall, at most about
  /// 16 cells per wall; coarser where the lists would exceed 64 MB (or 16 entries per wall).
  void build(std::span<const Box2> walls);
  /// Which walls a query has listed already: a caller's own, so that threads may query one grid at once.
  class Marks {
    friend class WallGrid;
    GridVector<std::uint32_t> stamps_;  // per wall: the last query that listed it
    std::uint32_t query_ = 0;
  };
  /// Marks sized for this grid's walls.
  Marks marks() const;
  /// The indices of the walls listed in the cells the box [lo, hi] covers whose boxes (rounded outwards)
  /// meet it, each once, ascending, into `out` (cleared first). `out` needs no more capacity than the
  /// number of walls. `marks`: from marks(), one caller's at a time.
  void candidates(const Vec2& lo_W, const Vec2& hi_W, std::vector<int>& out, Marks& marks) const;
  /// What candidates(lo_W, hi_W) reads first, asked of the memory ahead of the query: the cells' occupancy
  /// and offsets; then, once those have arrived, the first items of the occupied cells.
  void prefetch_cells(const Vec2& lo_W, const Vec2& hi_W) const;
  void prefetch_items(const Vec2& lo_W, const Vec2& hi_W) const;
  /// The same with the grid's own marks.
  void candidates(const Vec2& lo_W, const Vec2& hi_W, std::vector<int>& out) { candidates(lo_W, hi_W, out, marks_); }
  /// Capacity a query's `out` may need: the number of walls.
  std::size_t wall_count() const { return walls_; }

 private:
  /// The cell `cells` cell edges from the origin among `count`; beyond the grid (or NaN) the border cell.
  static int clamped_cell(double cells, int count) {
    if (!(cells >= 1)) return 0;
    return cells < count - 1 ? static_cast<int>(cells) : count - 1;
  }
  // By a product, not a division: any index that grows with x lists every wall in a cell that a box
  // meeting it covers, and candidates() sorts what it finds, so the walls found are the same.
  int cell_x(double x) const { return clamped_cell((x - origin_W_.x()) * per_metre_, nx_); }
  int cell_y(double y) const { return clamped_cell((y - origin_W_.y()) * per_metre_, ny_); }

  Vec2 origin_W_ = Vec2::Zero();  // lower corner of the grid [m]
  double cell_ = 1;               // cell edge [m]
  double per_metre_ = 1;          // 1 / cell_
  int nx_ = 0, ny_ = 0;
  GridVector<std::uint32_t> cell_start_;  // nx * ny + 1 offsets into items_
  /// A wall as listed in a cell: its box and its index.
  struct Item {
    float lo_x, lo_y, hi_x, hi_y;
    int wall;
  };
  GridVector<Item> items_;                // cell by cell, walls ascending in each cell
  CellOccupancy occupied_;
  std::size_t walls_ = 0;
  Marks marks_;
};

}  // namespace crashbench
