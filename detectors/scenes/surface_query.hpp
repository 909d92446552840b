#pragma once
// The drivable surface under a vehicle: a downward query against the scene's non-wall triangles, the
// same for every detector. A 2D uniform grid lists each surface triangle in the cells its footprint's
// bounds meet; a query tests the triangles of one cell. Of the triangles under the point, the answer is
// the highest whose plane there lies at most kStepAllowance above the vehicle's previous surface height
// (its hint): on a bridge the deck, under the bridge the road, and an overhead banner never. A vehicle
// that stays well inside the face it found last is answered by that face and its few rivals, without the
// cell (height_below with a face; docs/scenes.md, "The face of the step before").
#include <limits>
#include <vector>

#include "detectors/scenes/scene.hpp"

namespace crashbench {

/// How far above its previous surface a vehicle's next surface may be: kerbs and grades, not bridges [m].
inline constexpr double kStepAllowance = 0.5;

/// No hint: the highest surface under the point.
inline constexpr double kHighest = std::numeric_limits<double>::infinity();

class SurfaceQuery {
 public:
  /// An empty query: flat ground z = 0 everywhere.
  SurfaceQuery() = default;
  /// Indexes the non-degenerate triangles of `all` that are not vertical (normal more than
  /// `tolerance_deg` from horizontal). `barrier_bottoms` is the fallback where no surface lies under a
  /// vehicle that never found one: scenes of walls only (Knight's "vertical elements only" version).
  /// `above_road_max` is the scene's height band (CollisionFilter::above_road_max), kept with the road
  /// it is measured from so that every detector's rectangle carries the same band (interference.hpp).
  SurfaceQuery(const std::vector<Triangle>& all, double tolerance_deg, GroundGrid barrier_bottoms,
               double above_road_max = kNoHeightBand);

  /// Height [m, world Z] of the surface under `p_W` [m]: the highest surface triangle whose plane at
  /// `p_W` is at most `z_hint + kStepAllowance`; NaN where there is none (off the scene, or only roofs
  /// above). No allocation.
  double height_below(const Vec2& p_W, double z_hint) const;

  /// height_below, with the face that answered last time for this vehicle in `face` (-1: none; set to the
  /// face that answers, or -1). While `p_W` stays well inside that face (answers_without_scan), the answer
  /// is its height or that of one of its few rivals (the faces that overlap it and do not lie below it)
  /// that covers the point, bit for bit what the cell's scan gives, without the scan: a car crosses a road
  /// face in tens of steps. No allocation.
  double height_below(const Vec2& p_W, double z_hint, int& face) const;

  /// Whether the query at `p_W` remembering `face` needs no scan of the cell: `p_W` lies inside the face,
  /// farther from its edges than any neighbour's covering tolerance reaches, and the face has at most
  /// kMaxRivals rivals (tested one by one). False for -1.
  bool answers_without_scan(int face, const Vec2& p_W) const;

  /// A face with more faces than this overlapping it and not lying below it is always scanned for.
  static constexpr int kMaxRivals = 4;

  /// Height [m] of the lowest surface triangle under `p_W`; NaN where there is none. For a start that
  /// must be on the road under a footbridge (VehicleSetup::start_surface).
  double lowest_at(const Vec2& p_W) const;

  /// The barrier-bottom grid's height under `p_W` [m] (0 without walls): the fallback, not a surface.
  double fallback_at(const Vec2& p_W) const { return barrier_bottoms_.at(p_W); }
  /// fallback_at, remembering the vehicle's cell of that grid in `memo` (GroundGrid::CellMemo).
  double fallback_at(const Vec2& p_W, GroundGrid::CellMemo& memo) const { return barrier_bottoms_.at(p_W, memo); }

  /// Surface triangles indexed.
  int surface_triangles() const { return static_cast<int>(faces_.size()); }

  /// The index's layout, for the benchmarks: cell edge [m], cells, and entries in the cells' lists.
  struct Layout {
    double cell = 0;
    long long cells = 0, entries = 0;
  };
  Layout layout() const { return {cell_, static_cast<long long>(nx_) * ny_, static_cast<long long>(items_.size())}; }

  /// The height band: how far above the road under a car geometry still collides with it [m].
  double above_road_max() const { return above_road_max_; }

 private:
  /// A surface triangle: its footprint and its plane z = z0 + gx x + gy y.
  struct Face {
    Vec2 a, b, c;
    double z0 = 0, gx = 0, gy = 0;
    /// The plane's height at `p_W` [m], evaluated one way everywhere (the remembered face's answer must
    /// be the scan's, bit for bit).
    double height_at(const Vec2& p_W) const { return z0 + gx * p_W.x() + gy * p_W.y(); }
  };
  /// What answers_without_scan needs of a face: its winding (+1 counter-clockwise, -1 clockwise) and, per
  /// edge ab, bc, ca, how far inside it the point must be, as a bound on the edge function (edge length
  /// times distance); +inf for a face that is always scanned for.
  struct Interior {
    double winding = 1;
    double inset[3] = {0, 0, 0};
  };
  bool covers(const Face& f, const Vec2& p) const;
  /// The height at `p_W` of the covering face that `better(z, best)` prefers, among those `keep(z)`
  /// accepts, with its index in `face` (-1 with NaN where none).
  template <class Keep, class Better>
  double pick(const Vec2& p_W, Keep keep, Better better, int& face) const;
  /// The interiors_ and rivals of every face, from the faces that share a cell with it.
  void find_interiors();
  /// The cell (of `n` along the axis) at `offset` [m] from the origin, clamped to the grid.
  int cell_at(double offset, int n) const;
  /// Calls `visit(k)` for each cell k that face `f`'s footprint meets (with a margin: never one fewer).
  template <class Visit>
  void for_each_cell(const Face& f, Visit visit) const;
  /// How many entries the cell lists would hold at the current layout (counting stops above `stop_above`).
  double listed_entries(double stop_above) const;

  /// The cell lists' budget: 1M entries (4 MB), or four per face if that is more. The cell size
  /// changes only the work, never an answer.
  static constexpr double kMaxListed = 1e6;
  /// At most this many cells (4 MB of offsets): faces whose bounds span kilometres get coarser cells.
  static constexpr double kMaxCells = 1e6;

  std::vector<Face> faces_;
  std::vector<Interior> interiors_;  // per face, for answers_without_scan
  std::vector<int> rival_start_;     // CSR: face f's rivals are rivals_[rival_start_[f] .. rival_start_[f + 1])
  std::vector<int> rivals_;
  std::vector<int> cell_start_;  // CSR: cell k lists items[cell_start_[k] .. cell_start_[k + 1])
  std::vector<int> items_;
  Vec2 origin_W_ = Vec2::Zero();
  double cell_ = 1;
  int nx_ = 0, ny_ = 0;
  GroundGrid barrier_bottoms_;
  double above_road_max_ = kNoHeightBand;
};

}  // namespace crashbench
