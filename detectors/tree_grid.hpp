#pragma once
// The tree detector's grid over one scene's collision triangles (tree_detector.hpp says how queries use
// it). Built once and only read after, so the detectors of a run's threads share one (Detector::prepare_as):
// on the 1M-triangle tiled track a grid is about 380 MB, which each thread used to build again.
#include <algorithm>
#include <cstdint>
#include <vector>

#include "core/huge_pages.hpp"
#include "detectors/broadphase/cell_occupancy.hpp"
#include "detectors/scenes/scene.hpp"

namespace crashbench {

struct TreeGrid {
  /// Builds the grid over `scene`'s non-horizontal triangles; `cell_size` [m]: the cell edge, 0 chooses it
  /// from the triangles (tree_grid.cpp). Throws Error when a fixed cell_size gives too many cells.
  TreeGrid(const Scene& scene, double cell_size);

  struct Entry {
    Vec2 lo_W, hi_W;    // footprint bounds [m]
    double zmin, zmax;  // [m]
    Triangle t;
    int index;          // into the Scene's triangles
  };
  /// An entry as listed in a cell: its bounds (floats rounded outwards, so tests stay conservative) next
  /// to each other in memory, so rejecting it touches nothing else.
  struct CellItem {
    float lo_x, lo_y, hi_x, hi_y, zmin, zmax;
    std::uint32_t entry;
    float s_lo, s_hi;  // in a run: extent along its direction [m]
  };
  /// A crowded cell whose items lie in a thin band (a finely cut wall): sorted by s_lo along `dir`, so an
  /// edge finds the few it can cross by binary search (tree_runs.cpp).
  struct Run {
    Vec2 dir = Vec2::UnitX();  // unit, along the band
    double p_lo = 0, p_hi = 0; // the band across `dir`: perp(dir) . x in [p_lo, p_hi] [m]
  };
  static constexpr std::uint32_t kNoRun = ~0u;

  // Truncation, not std::floor (a libm call without SSE4.1): they differ only below zero, where both clamp
  // to 0. A product, not a division (a query takes up to twelve): it may land in the next cell a rounding
  // away from a boundary, as a quotient may, and the building lists a triangle in every cell it meets
  // grown by 1 mm (tree_grid.cpp), so a cell a rounding off still lists what lies there.
  int cell_x(double x) const { return std::clamp(static_cast<int>((x - origin_W.x()) * per_metre), 0, nx - 1); }
  int cell_y(double y) const { return std::clamp(static_cast<int>((y - origin_W.y()) * per_metre), 0, ny - 1); }
  /// Cell c's run, or kNoRun.
  std::uint32_t run_of(std::size_t c) const { return in_run(c) ? run_of_cell[c] : kNoRun; }

  const Scene* scene;  // what it was built for
  double cell_size;    // the option it was built with; 0: automatic
  GridVector<Entry> entries;
  GridVector<std::uint32_t> cell_start;  // nx * ny + 1 offsets into items
  GridVector<CellItem> items;            // cell by cell: a run's by s_lo, any other cell's by zmax, highest first
  GridVector<float> run_keys;            // parallel to items: in a run, the running max of s_hi [m]
  GridVector<std::uint32_t> run_of_cell; // per cell: index into runs, or kNoRun
  CellOccupancy in_run;                   // the cells with a run: few, and the bit stays cached
  CellOccupancy occupied;                 // skips empty cells cheaply
  std::vector<Run> runs;
  Vec2 origin_W = Vec2::Zero();
  double cell = 1;
  double per_metre = 1;  // 1 / cell
  int nx = 0, ny = 0;

 private:
  void collect_entries();
  void layout_grid();
  /// How many cells of edge `edge` from `origin` the entries' footprint bounds cover in all.
  double cells_tested(const Vec2& origin, double edge) const;
  void fill_cells();
  /// Lists each cell's items highest zmax first: a plane above an item is above every later one, and a
  /// scan stops there (a visual scene's ground faces, 13 of a query's 18 items on track-visual).
  void order_by_height();
  void build_runs();
};

}  // namespace crashbench
