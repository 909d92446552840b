#pragma once
// The drivable surface under a vehicle: a downward query against the scene's non-wall triangles, the
// same for every detector. A 2D uniform grid lists each surface triangle in the cells its footprint
// meets (a crowded cell, in the subcells of a grid of its own); a query tests the triangles of one list.
// Of the triangles under the point, the answer is the highest whose plane there lies at most
// kStepAllowance above the vehicle's previous surface height (its hint): on a bridge the deck, under the
// bridge the road, and an overhead banner never. A vehicle well inside the face it found last, or one a
// short walk across edges away, is answered by that face and its few rivals, without the list
// (height_below with a face; docs/scenes.md, "The face of the step before" and "Junctions").
#include <algorithm>
#include <array>
#include <limits>
#include <span>
#include <vector>

#include "detectors/scenes/scene.hpp"

namespace crashbench {

/// How far above its previous surface a vehicle's next surface may be: kerbs and grades, not bridges [m].
inline constexpr double kStepAllowance = 0.5;

/// No hint: the highest surface under the point.
inline constexpr double kHighest = std::numeric_limits<double>::infinity();

/// Twice the signed area of (a, b, p): > 0 when p is left of a->b. cross(b - a, p - a) written out, the
/// same operations: the sanitizers' -O1 build makes a call of each Eigen temporary, and the index build's
/// every covers() test makes three of these.
inline double edge_function(const Vec2& a, const Vec2& b, const Vec2& p) {
  return (b.x() - a.x()) * (p.y() - a.y()) - (b.y() - a.y()) * (p.x() - a.x());
}

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
  /// The index of `all` alone (flat ground z = 0 as the fallback, no height band), to be completed by the
  /// next constructor: a scene load builds it on a thread of its own while it finds the collision
  /// triangles the fallback is made of (make_scene).
  SurfaceQuery(const std::vector<Triangle>& all, double tolerance_deg);
  /// `index` with `barrier_bottoms` and `above_road_max`: the first constructor's query.
  SurfaceQuery(SurfaceQuery index, GroundGrid barrier_bottoms, double above_road_max);

  /// Height [m, world Z] of the surface under `p_W` [m]: the highest surface triangle whose plane at
  /// `p_W` is at most `z_hint + kStepAllowance`; NaN where there is none (off the scene, or only roofs
  /// above). No allocation.
  double height_below(const Vec2& p_W, double z_hint) const;

  /// height_below, with the face that answered last time for this vehicle in `face` (-1: none; set to the
  /// face that answers, or -1). While `p_W` stays well inside that face (answers_without_scan), the answer
  /// is its height or that of one of its few rivals (the faces that overlap it and do not lie below it)
  /// that covers the point, bit for bit what the cell's scan gives, without the scan: a car crosses a road
  /// face in tens of steps. A point beyond the face is looked for in the faces next to it (answering_face).
  /// No allocation.
  double height_below(const Vec2& p_W, double z_hint, int& face) const;

  /// Whether the query at `p_W` remembering `face` needs no scan of the cell: `p_W` lies inside the face,
  /// farther from its edges than any neighbour's covering tolerance reaches, and the face has at most
  /// kMaxRivals rivals (tested one by one) or `p_W` lies outside the box of its rivals. False for -1.
  bool answers_without_scan(int face, const Vec2& p_W) const;

  /// The face that answers at `p_W` without the cell's scan: `face` if it answers_without_scan there, else
  /// the first that does on a walk from it of at most kMaxWalk faces, each across the edge `p_W` lies
  /// farthest beyond into the face sharing its corners; -1 if none (the query then scans).
  int answering_face(int face, const Vec2& p_W) const;

  /// A face keeps at most this many faces overlapping it and not lying below it (its rivals), to test at the
  /// point; with more, it answers alone outside the box their footprints lie in, and is scanned for inside.
  static constexpr int kMaxRivals = 4;
  /// Faces crossed from the remembered one towards the point, edge to edge, before the list is scanned
  /// instead: a car crosses one or two of an OpenDRIVE junction's slivers (4-8 cm wide) a step, and a walk
  /// led along a fan by the farthest edge zig-zags (4 left a fifth of netconvert grid's junction steps to
  /// the scan, 16 few).
  static constexpr int kMaxWalk = 16;

  /// Height [m] of the surface triangle under `p_W` whose height there is nearest `z` [m], above or below,
  /// its face in `face` (-1: none); NaN where there is none. For a vehicle finding its road again after a
  /// stretch without one (SurfaceFollowing). No allocation.
  double nearest_to(const Vec2& p_W, double z, int& face) const;

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
    long long split_cells = 0, sub_entries = 0;  ///< crowded cells given a finer grid, and its lists' entries
  };
  Layout layout() const {
    return {grid_.cell, static_cast<long long>(grid_.nx) * grid_.ny, static_cast<long long>(items_.size()),
            static_cast<long long>(splits_.size()), static_cast<long long>(sub_items_.size())};
  }

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
  /// What answering_face needs of a face: its winding (+1 counter-clockwise, -1 clockwise) and, per edge
  /// ab, bc, ca, how far inside it the point must be, as a bound on the edge function (edge length times
  /// distance; +inf for a face that is always scanned for), and the face across it (-1: none). One record,
  /// so that a step of the walk reads the face and this.
  struct Interior {
    double winding = 1;
    double inset[3] = {0, 0, 0};
    int across[3] = {-1, -1, -1};
    int rival_box = -1;  ///< more rivals than kMaxRivals: rival_boxes_[rival_box] holds them all; -1: none
  };
  /// The plan box a face's many rivals' footprints lie in, reached by their covering tolerance [m]. Outside
  /// it none of them covers a point (a long lane face with a junction's roads overlapping its end).
  struct RivalBox {
    Vec2 lo, hi;
    bool holds(const Vec2& p) const { return p.x() >= lo.x() && p.y() >= lo.y() && p.x() <= hi.x() && p.y() <= hi.y(); }
  };
  /// A uniform grid of nx x ny square cells of edge `cell` [m] from `origin` [m].
  struct GridFrame {
    Vec2 origin = Vec2::Zero();
    double cell = 1;
    int nx = 0, ny = 0;
    /// The cell (of `n` along the axis) at `offset` [m] from the origin, clamped to the grid.
    int at(double offset, int n) const { return std::clamp(static_cast<int>(offset / cell), 0, n - 1); }
  };
  /// A crowded cell's own grid of d x d subcells: subcell s lists sub_items_[sub_start_[first + s] ..
  /// sub_start_[first + s + 1]). The cell's list then holds one item, ~index into splits_.
  struct Split {
    int first = 0;
    int d = 0;
  };
  bool covers(const Face& f, const Vec2& p) const;
  /// The faces listed where `p_W` lies: its cell's list, or its subcell's in a split cell; empty off the grid.
  std::span<const int> faces_at(const Vec2& p_W) const;
  /// The height at `p_W` of the covering face that `better(z, best)` prefers, among those `keep(z)`
  /// accepts, with its index in `face` (-1 with NaN where none).
  template <class Keep, class Better>
  double pick(const Vec2& p_W, Keep keep, Better better, int& face) const;
  /// The insets of every face (interiors_, their windings set) and its rivals, from the faces that share a
  /// list, a cell's or a subcell's (surface_query_rivals.cpp).
  void find_interiors();
  /// Interior::across: the face sharing each edge's corners, else the face just beyond the edge.
  void link_neighbours();
  /// Face n's edge functions at `p_W` for edges ab, bc, ca, positive inside.
  std::array<double, 3> edge_values(std::size_t n, const Vec2& p_W) const;
  /// Whether edge functions `d` put the point farther inside the face than its insets.
  static bool well_inside(const Interior& in, const std::array<double, 3>& d);
  /// Whether `p_W` lies outside the box of the rivals of the face of `in` (true for a face that keeps its
  /// rivals): with well_inside, the face answers there without a scan.
  bool clear_of_rival_box(const Interior& in, const Vec2& p_W) const {
    return in.rival_box < 0 || !rival_boxes_[static_cast<std::size_t>(in.rival_box)].holds(p_W);
  }

  /// Chooses the grid over bounds [lo, hi] from the faces' footprint areas (reordered), lists each face in
  /// the cells it meets, and splits the crowded cells (surface_query_cells.cpp).
  void list_faces(const Vec2& lo, const Vec2& hi, std::vector<double>& footprints);
  /// Gives each cell listing more than kCrowdedCell faces a grid of its own where that shortens its lists.
  void split_crowded_cells();
  enum class SplitOutcome { kSplit, kListStaysLong, kTooManyEntries };
  /// Lists the faces `list` of cell (i, j) in a grid of d x d subcells, appended to sub_items_ (kSplit);
  /// nothing appended if a subcell would list over half of them (kListStaysLong) or the subcells more than
  /// kSplitGrowth times their entries (kTooManyEntries).
  SplitOutcome split_cell(int i, int j, std::span<const int> list, int d);
  /// split_cell's refusal where lower bounds of its counts, from the faces' bounds in grid `sub`, already
  /// give one; kSplit where they do not (the count decides).
  SplitOutcome split_bound(std::span<const int> list, const GridFrame& sub) const;
  /// How far beyond a cell's edges a face is still listed in it [m] (for_each_cell).
  double cell_margin() const { return 1e-6 * std::max(1.0, grid_.cell); }
  /// Whether over half of `list` covers the whole of cell (i, j): then no split of the cell pays.
  bool mostly_covering(int i, int j, std::span<const int> list) const;
  /// Calls `visit(k)` for each cell k of `grid` that face `f`'s footprint meets (with a margin: never one
  /// fewer).
  template <class Visit>
  void for_each_cell(const Face& f, const GridFrame& grid, Visit visit) const;
  /// Calls `visit(list, left, below)` for each list of faces a query may scan, the cells' and then the
  /// subcells', with the lists of the cell (subcell of the same split) to its left and below it: empty at
  /// the grid's edge or where that cell is split.
  template <class Visit>
  void for_each_list(Visit visit) const;
  /// How many entries the cell lists would hold at the current layout (counting stops above `stop_above`).
  double listed_entries(double stop_above) const;

  /// The cell lists' budget: 1M entries (4 MB), or four per face if that is more. The cell size
  /// changes only the work, never an answer.
  static constexpr double kMaxListed = 1e6;
  /// At most this many cells (4 MB of offsets): faces whose bounds span kilometres get coarser cells.
  static constexpr double kMaxCells = 1e6;
  /// A cell listing more faces than this gets a grid of its own (an OpenDRIVE junction's overlapping
  /// connecting roads, cut fine on their curves: up to a thousand faces in a 4 m cell), if that halves
  /// its longest list with at most kSplitGrowth times its entries.
  static constexpr std::size_t kCrowdedCell = 24;
  static constexpr int kMaxSplit = 16;
  static constexpr double kSplitGrowth = 8;
  /// Edges whose corners agree to this [m] join their faces for the walk (link_neighbours).
  static constexpr double kJoinTolerance = 1e-4;
  /// An edge no face shares leads to the face this far beyond its middle [m] (link_neighbours).
  static constexpr double kAcrossEdge = 0.01;

  std::vector<Face> faces_;
  std::vector<Interior> interiors_;  // per face, for answering_face
  std::vector<int> rival_start_;     // CSR: face f's rivals are rivals_[rival_start_[f] .. rival_start_[f + 1])
  std::vector<int> rivals_;
  std::vector<RivalBox> rival_boxes_;
  std::vector<int> cell_start_;  // CSR: cell k lists items[cell_start_[k] .. cell_start_[k + 1])
  std::vector<int> items_;
  GridFrame grid_;
  std::vector<Split> splits_;
  std::vector<int> sub_start_{0};  // CSR over every split's subcells, as cell_start_
  std::vector<int> sub_items_;
  GroundGrid barrier_bottoms_;
  double above_road_max_ = kNoHeightBand;
};

}  // namespace crashbench
