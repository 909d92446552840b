#pragma once
// Our own spatial structure: a uniform 2D grid over the footprint bounds of the collision triangles, built
// once in prepare, with cells sized from the triangles (fine walls get fine cells). When the rectangle
// covers few cells, a query scans them; otherwise, since only triangles that cross the rectangle's boundary
// make contacts (interference.hpp), it walks the rectangle's four edges cell by cell (Amanatides & Woo).
// Either way it tests the triangles listed there: not yet taken this query (a stamp per triangle),
// spanning the plane's height (a cell lists them highest first, so a scan stops at the first wholly below
// the plane), with footprint bounds that meet the rectangle's (or the edge); those are sliced exactly as
// the brute-force reference does. Horizontal triangles never cut a horizontal plane into a segment and are
// left out. A car on open road skips all this while it stays inside a box that no triangle of its plane's
// heights meets (clear_boxes.hpp); a car driving slowly along a barrier, while it stays inside a box whose
// few triangles it lists, tests those alone (near_boxes.hpp). No allocation per step.
#include <array>
#include <cstdint>
#include <memory>

#include "core/huge_pages.hpp"
#include "detectors/broadphase/cell_occupancy.hpp"
#include "detectors/broadphase/clear_boxes.hpp"
#include "detectors/broadphase/float_bounds.hpp"
#include "detectors/broadphase/near_boxes.hpp"
#include "detectors/detector.hpp"
#include "detectors/scenes/interference.hpp"
#include "detectors/tree_grid.hpp"

namespace crashbench {

class TreeDetector final : public PoseByPoseDetector<TreeDetector> {
 public:
  /// `cell_size` [m]: the grid's cell edge; 0 chooses it from the triangles (tree_grid.cpp).
  explicit TreeDetector(double cell_size = 0) : cell_size_(cell_size) {}
  std::string_view name() const override { return "tree"; }
  /// {"name": "tree"}, with "cell_size" [m] when the case fixed it.
  nlohmann::json parameters() const override;
  void prepare(const Scene& scene, int vehicle_count) override;
  /// Shares `prepared`'s grid when it is a tree with the same cell_size prepared for `scene`.
  void prepare_as(const Detector& prepared, const Scene& scene, int vehicle_count) override;
  /// The grid its queries read (shared after prepare_as).
  const TreeGrid& grid() const { return *grid_; }

 private:
  friend class PoseByPoseDetector<TreeDetector>;
  /// Queries `grid` (built for `scene`) from now on, with fresh per-query state for `vehicle_count` slots.
  void use_grid(std::shared_ptr<const TreeGrid> grid, const Scene& scene, int vehicle_count);
  /// Pose `v`'s contacts into `out`; returns whether it is known clear (Detector::detect_grown_and_end): a
  /// clear box (of `slot`) holds the rectangle, or its cells were scanned (not walked, no crowded wall's)
  /// and no triangle there meets it.
  bool query(std::size_t v, std::size_t slot, const VehiclePose& pose, std::vector<Contact>& out, DetectorStats& stats);
  /// query() of a probe (probe_slots): `slot`'s boxes may answer; none is counted, left or offered.
  bool query_reading(std::size_t v, std::size_t slot, const VehiclePose& pose, std::vector<Contact>& out,
                     DetectorStats& stats);
  /// The triangles the grid lists under `rect`, into set_ (reset for it); sets unseen_inside_.
  void scan(const BoundingRectangle& rect, DetectorStats& stats);
  /// On a large scene every car's cells are cache (and TLB) misses: as pose v is queried, asks for the
  /// cell lists of the pose two ahead and the items of the next one (`slot`: pose v's).
  void fetch_ahead(std::span<const VehiclePose> poses, std::size_t v, std::size_t slot) const;
  void share_boxes(const TreeDetector& owner) {
    clear_.share(owner.clear_);
    near_.share(owner.near_);
  }
  void take(std::uint32_t entry, DetectorStats& stats);
  /// Takes pending_[0, pending) in order, then empties it.
  void take_pending(std::size_t& pending, DetectorStats& stats);
  static constexpr std::size_t kPending = 16;
  std::array<std::uint32_t, kPending> pending_{};  // scan_cells: entries found, being fetched, to take
  void scan_cells(const BoundingRectangle& rect, int i0, int i1, int j0, int j1, DetectorStats& stats);
  void walk_edge(const Vec2& a_W, const Vec2& b_W, double z, DetectorStats& stats);
  bool cells_near(const VehiclePose& pose, int& i0, int& i1, int& j0, int& j1) const;
  void prefetch_cell_lists(const VehiclePose& pose) const;
  void prefetch_items(const VehiclePose& pose) const;
  void prefetch_near_triangles(const NearBoxes::Items& near) const;
  void visit_cell(std::size_t c, const Vec2& a_W, const Vec2& d_W, double z, DetectorStats& stats);
  /// Cell c's run, if it has one, visited by the edge a_W + t d_W at height z (tree_runs.cpp); false for a
  /// cell without one.
  bool visit_run(std::size_t c, const Vec2& a_W, const Vec2& d_W, double z, DetectorStats& stats);
  /// Run cell c under `rect`: each edge's crossings, after taking the `pending` entries (scan_cells' order),
  /// unless the rectangle lies beside the run's band, where it neither crosses nor holds any of it.
  void scan_run(std::size_t c, const BoundingRectangle& rect, std::size_t& pending, DetectorStats& stats);
  /// The items of `run` (cell c's) that the edge a_W + t d_W crosses at height z, taken; `across_a` and
  /// `across_d`: a_W and d_W across the run (perp(run.dir) . a_W, . d_W).
  void cross_run(std::size_t c, const TreeGrid::Run& run, const Vec2& a_W, const Vec2& d_W, double across_a,
                 double across_d, double z, DetectorStats& stats);

  /// Whether `box` reaches the band of cell c's run (true for a cell without one): a clear box beside a
  /// finely cut wall skips the wall's hundreds of items at once.
  bool box_meets_run_band(std::size_t c, const OrientedRectangle& box) const;

  /// visit(entry) for each triangle slicing some plane in the proposal's band that meets its box (an entry
  /// listed in several cells comes once a cell, unless visited(entry) says it came already) until a visit
  /// returns false; false then, or when the box covers too many cells to tell cheaply.
  template <class Visit, class Visited>
  bool for_each_triangle_in(const ClearBoxes::Proposal& p, Visit&& visit, Visited&& visited) const;
  /// Whether a triangle slicing some plane in the proposal's band meets its box (clear_boxes.hpp); true
  /// when the box covers too many cells to tell cheaply.
  bool triangles_meet(const ClearBoxes::Proposal& p) const;
  /// The triangles that for_each_triangle_in visits, into `items`; false when they are too many for it
  /// (near_boxes.hpp) or the box covers too many cells.
  bool list_triangles(const ClearBoxes::Proposal& p, NearBoxes::Items& items) const;
  /// Pose `v`'s contacts from its near box's triangles `near` alone (its rectangle `rect` lies in the box).
  bool query_near(std::size_t v, const NearBoxes::Items& near, const BoundingRectangle& rect,
                  std::vector<Contact>& out, DetectorStats& stats);

  std::shared_ptr<const TreeGrid> grid_;  // the scene's grid: shared by the detectors of a run's threads
  GridVector<std::uint32_t> stamp_;       // last query that visited each entry
  std::uint32_t query_ = 0;
  bool unseen_inside_ = false;            // this query tested only the triangles crossing its edges
  ClearBoxes clear_;                      // per slot of the poses given to detect()
  double cell_size_ = 0;  // the option; 0: automatic
  std::shared_ptr<const SurfaceQuery> surface_;  // the scene's, shared
  InterferenceSet set_;
  NearBoxes near_;  // the same slots: boxes beside a few triangles
};

/// The tree from its `detector` object: only `cell_size` [m], 0.05 to 1000 (detectors/tree.schema.json).
std::unique_ptr<Detector> make_tree_detector(const JsonReader& detector);

}  // namespace crashbench
