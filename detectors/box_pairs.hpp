#pragma once
// Broad phase over axis-aligned boxes in the plane: every pair of boxes whose closed boxes overlap, once,
// in O(N) for boxes of similar size. A uniform grid keyed by cell, hashed into a table by a counting sort
// (no sort by coordinate), with cells as large as the median box; a box spanning more than
// kMaxCellsPerAxis cells on an axis is tested against every box instead. Shared by the vehicle-pair pass
// of every detector (vehicle_pairs.hpp) and the no_tunnelling check's vehicle pairs. Allocates nothing
// once sized for the largest set it has seen.
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "detectors/detector.hpp"

namespace crashbench {

/// An axis-aligned box [m, world frame].
struct Box2 {
  Vec2 lo = Vec2::Zero(), hi = Vec2::Zero();
};

class BoxPairs {
 public:
  /// Most cells a box may cover along X or Y before it is tested against every box.
  static constexpr int kMaxCellsPerAxis = 4;

  /// Sizes the buffers for `box_count` boxes of similar size (more, or larger spreads, grow them once).
  void reserve(int box_count);
  /// The pairs (a, b), a < b, of `boxes` whose closed boxes overlap, each once, into pairs(), in an order
  /// that depends only on the boxes. Counts its box tests in stats.nodes_visited.
  void find(std::span<const Box2> boxes, DetectorStats& stats);
  const std::vector<std::pair<int, int>>& pairs() const { return pairs_; }

 private:
  /// A box listed in one cell.
  struct CellEntry {
    std::int64_t ix, iy;  // the cell
    int box;
    std::uint32_t hash;   // the cell's hash, low bits: its bucket in any table up to 2^32 buckets
  };
  void choose_cell_size(std::span<const Box2> boxes);
  void list_cells(std::span<const Box2> boxes);
  void bucket_entries();
  void pair_in_buckets(std::span<const Box2> boxes, DetectorStats& stats);
  void pair_oversize(std::span<const Box2> boxes, DetectorStats& stats);
  std::int64_t cell_of(double coordinate) const;

  std::vector<double> extents_;              // scratch for the median box size [m]
  std::vector<CellEntry> entries_;           // (cell, box) in box order
  std::vector<CellEntry> bucketed_;          // the same, grouped by hashed cell
  std::vector<std::uint32_t> bucket_start_;  // table size + 1 offsets into bucketed_
  std::vector<int> oversize_;                // boxes spanning too many cells, ascending
  std::vector<char> is_oversize_;            // per box
  std::vector<std::pair<int, int>> pairs_;
  double cell_ = 1;                          // cell edge [m]
  double inverse_cell_ = 1;                  // [1/m]
  std::uint64_t mask_ = 0;                   // table size - 1 (a power of two)
};

}  // namespace crashbench
