#pragma once
// Broad phase over axis-aligned boxes in the plane: every pair of boxes whose closed boxes overlap, once,
// in O(N) for boxes of similar size. A uniform grid with cells as large as the largest box of ordinary
// size (at most twice the median), so that each such box spans at most two cells per axis; each box is
// listed once, in the cell of its lower corner, and two overlapping boxes then have lower-corner cells at
// most one apart on each axis: a box meets its partners in its own cell and four neighbours (the other
// four see it from theirs). Cells are hashed into a table by a counting sort. A box spanning more than
// two cells on an axis is tested against every box instead. Shared by the vehicle-pair pass of every
// detector (vehicle_pairs.hpp) and the no_tunnelling check's vehicle pairs.
//
// Boxes that move little from one call to the next (the same bodies, step after step) can keep a list of
// candidate pairs (find_coherent): the pairs of their boxes grown by a margin, valid while every box stays
// inside its grown box, since two boxes that overlap then have overlapping grown boxes. A call then costs
// a containment test per box and an overlap test per candidate; the grid runs only when a box has left its
// grown box (Verlet's neighbour lists, in molecular dynamics). Allocates nothing once sized for the
// largest set it has seen.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "core/per_thread.hpp"
#include "core/vehicle_ranges.hpp"
#include "detectors/geometry/geometry.hpp"

namespace crashbench {

/// True if `inner` and `outer` have as many boxes and each box of `inner` lies inside the one of `outer`;
/// split over `ranges` if given (10,000 boxes: a pass through 640 kB).
bool all_inside(std::span<const Box2> inner, std::span<const Box2> outer, VehicleRanges* ranges = nullptr);

class BoxPairs {
 public:
  /// Sizes the buffers for `box_count` boxes found on up to `threads` threads (more grow them once).
  void reserve(int box_count, int threads = 1);
  /// The pairs (a, b), a < b, of `boxes` whose closed boxes overlap, each once, into pairs(), ascending.
  /// Counts its box tests in stats.nodes_visited. `ranges`: threads for the pairing of neighbouring cells.
  void find(std::span<const Box2> boxes, DetectorStats& stats, VehicleRanges* ranges = nullptr);
  /// The same pairs as find(), from the candidates of an earlier call while every box lies inside its box
  /// of then grown by `margin` [m] on each side (the grid runs again, with the boxes of now, when one
  /// does not; a margin <= 0 or NaN works as 0). For boxes given in the same order call after call;
  /// any boxes give the right pairs. `ranges`: threads for the containment test.
  void find_coherent(std::span<const Box2> boxes, double margin, DetectorStats& stats,
                     VehicleRanges* ranges = nullptr);
  const std::vector<std::pair<int, int>>& pairs() const { return pairs_; }
  /// After find_coherent: each pair's index among the candidates of its last grid run, which stay in
  /// place until grid_runs() changes (so an index names one pair from call to call).
  const std::vector<int>& candidate_of_pair() const { return candidate_of_pair_; }
  std::size_t candidate_count() const { return candidates_.size(); }
  /// How often find_coherent ran the grid.
  long long grid_runs() const { return grid_runs_; }

 private:
  /// A box listed in the cell of its lower corner.
  struct CellEntry {
    std::int64_t ix, iy;  // the cell
    int box;              // into the boxes given to find()
  };
  /// find()'s pairs, unordered, by the grid.
  void grid_pairs(std::span<const Box2> boxes, DetectorStats& stats, VehicleRanges* ranges);
  void choose_cell_size(std::span<const Box2> boxes);
  void list_cells(std::span<const Box2> boxes);
  void bucket_entries();
  void pair_neighbours(std::span<const Box2> boxes, DetectorStats& stats, VehicleRanges* ranges);
  /// The pairs of entries_[first, last) with the boxes of their cell after them and of the forward
  /// neighbour cells, appended to `out`; their box tests added to `tests_done`.
  void pair_entries(std::span<const Box2> boxes, std::size_t first, std::size_t last,
                    std::vector<std::pair<int, int>>& out, long long& tests_done) const;
  void pair_oversize(std::span<const Box2> boxes, DetectorStats& stats);
  std::int64_t cell_of(double coordinate) const {
    // Far beyond any scene the cells merge: more candidates, never a missed pair (the pairing needs only
    // that this map never decreases).
    constexpr double kLimit = 4e18;
    const double f = std::floor(coordinate * inverse_cell_);
    if (!(f > -kLimit)) return static_cast<std::int64_t>(-kLimit);  // NaN too: no crash, the box tests reject it
    return static_cast<std::int64_t>(std::min(f, kLimit));
  }
  std::size_t bucket_of(std::int64_t ix, std::int64_t iy) const {
    // Linear, so that neighbouring cells have nearby buckets: a car's five lookups, and the next car's,
    // stay in a few cache lines. A row stride that is no power of two spreads the rows.
    constexpr std::uint64_t kRowStride = 1031;
    return static_cast<std::size_t>((static_cast<std::uint64_t>(ix) + static_cast<std::uint64_t>(iy) * kRowStride) & mask_);
  }

  std::vector<double> extents_;              // scratch for the median box size [m]
  std::vector<CellEntry> entries_;           // ordinary boxes, in box order
  std::vector<CellEntry> bucketed_;          // the same, grouped by hashed cell
  std::vector<std::uint32_t> bucket_start_;  // table size + 1 offsets into bucketed_
  std::vector<int> oversize_;                // boxes spanning more than two cells on an axis, ascending
  std::vector<char> is_oversize_;            // per box
  std::vector<std::pair<int, int>> pairs_;
  PerThread<std::vector<std::pair<int, int>>> thread_pairs_;  // pair_neighbours: [t > 0], thread t's pairs
  PerThread<long long> thread_tests_;                         // pair_neighbours: [t], thread t's box tests
  std::vector<Box2> grown_;                       // find_coherent: the boxes of its last grid run, grown
  std::vector<std::pair<int, int>> candidates_;   // find_coherent: their pairs, ascending
  std::vector<int> candidate_of_pair_;            // find_coherent: per pair, its index in candidates_
  long long grid_runs_ = 0;
  double inverse_cell_ = 1;                  // [1/m]
  std::uint64_t mask_ = 0;                   // table size - 1 (a power of two)
};

}  // namespace crashbench
