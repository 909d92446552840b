#include "detectors/box_pairs.hpp"

#include <algorithm>
#include <bit>
#include <cmath>

#include "detectors/analytic_rectangles.hpp"

namespace crashbench {
namespace {

/// A cell's hash (two odd multipliers mix the two indices); its low bits pick the cell's bucket.
std::uint32_t cell_hash(std::int64_t ix, std::int64_t iy) {
  std::uint64_t h = static_cast<std::uint64_t>(ix) * 0x9E3779B97F4A7C15ull ^ static_cast<std::uint64_t>(iy) * 0xC2B2AE3D27D4EB4Full;
  h ^= h >> 31;
  return static_cast<std::uint32_t>(h);
}

/// Table size for `entries` entries: a power of two, at least as many buckets as entries.
std::size_t table_size(std::size_t entries) { return std::bit_ceil(std::max<std::size_t>(entries, 1)); }

bool overlap(const Box2& a, const Box2& b) { return boxes_overlap(a.lo, a.hi, b.lo, b.hi); }

}  // namespace

void BoxPairs::reserve(int box_count) {
  const std::size_t n = static_cast<std::size_t>(std::max(box_count, 0));
  extents_.reserve(n);
  oversize_.reserve(n);
  is_oversize_.reserve(n);
  // A box up to twice the median's size covers at most 3 x 3 cells.
  entries_.reserve(9 * n);
  bucketed_.reserve(9 * n);
  bucket_start_.reserve(table_size(9 * n) + 1);
  pairs_.reserve(8 * n);
}

void BoxPairs::find(std::span<const Box2> boxes, DetectorStats& stats) {
  pairs_.clear();
  if (boxes.size() < 2) return;
  choose_cell_size(boxes);
  list_cells(boxes);
  bucket_entries();
  pair_in_buckets(boxes, stats);
  pair_oversize(boxes, stats);
}

void BoxPairs::choose_cell_size(std::span<const Box2> boxes) {
  // Cells the size of the median box: a typical box covers 1 to 4 cells, and a few huge boxes do not
  // make every cell crowded.
  extents_.resize(boxes.size());
  for (std::size_t i = 0; i < boxes.size(); ++i) extents_[i] = (boxes[i].hi - boxes[i].lo).maxCoeff();
  const auto middle = extents_.begin() + static_cast<std::ptrdiff_t>(extents_.size() / 2);
  std::nth_element(extents_.begin(), middle, extents_.end());
  cell_ = *middle > 0 && std::isfinite(*middle) ? *middle : 1.0;
  inverse_cell_ = 1 / cell_;
}

std::int64_t BoxPairs::cell_of(double coordinate) const {
  // Far beyond any scene the cells merge: more candidates, never a missed pair.
  constexpr double kLimit = 4e18;
  const double f = std::floor(coordinate * inverse_cell_);
  if (!(f > -kLimit)) return static_cast<std::int64_t>(-kLimit);  // NaN too: no crash, the box tests reject it
  return static_cast<std::int64_t>(std::min(f, kLimit));
}

void BoxPairs::list_cells(std::span<const Box2> boxes) {
  entries_.clear();
  oversize_.clear();
  is_oversize_.assign(boxes.size(), 0);
  for (std::size_t v = 0; v < boxes.size(); ++v) {
    const std::int64_t i0 = cell_of(boxes[v].lo.x()), i1 = cell_of(boxes[v].hi.x());
    const std::int64_t j0 = cell_of(boxes[v].lo.y()), j1 = cell_of(boxes[v].hi.y());
    if (i1 - i0 >= kMaxCellsPerAxis || j1 - j0 >= kMaxCellsPerAxis) {
      oversize_.push_back(static_cast<int>(v));
      is_oversize_[v] = 1;
      continue;
    }
    for (std::int64_t i = i0; i <= i1; ++i)
      for (std::int64_t j = j0; j <= j1; ++j) entries_.push_back({i, j, static_cast<int>(v), cell_hash(i, j)});
  }
}

void BoxPairs::bucket_entries() {
  // Counting sort by bucket; filled from the back so that each bucket keeps the boxes' order.
  const std::size_t size = table_size(entries_.size());
  mask_ = size - 1;
  bucket_start_.assign(size + 1, 0);
  for (const CellEntry& e : entries_) ++bucket_start_[e.hash & mask_];
  for (std::size_t b = 1; b <= size; ++b) bucket_start_[b] += bucket_start_[b - 1];
  bucketed_.resize(entries_.size());
  for (std::size_t k = entries_.size(); k-- > 0;) {
    const CellEntry& e = entries_[k];
    bucketed_[--bucket_start_[e.hash & mask_]] = e;
  }
}

void BoxPairs::pair_in_buckets(std::span<const Box2> boxes, DetectorStats& stats) {
  int tests = 0;  // counted here, not through `stats`, which the compiler must keep in memory
  for (std::size_t b = 0; b + 1 < bucket_start_.size(); ++b) {
    const std::uint32_t begin = bucket_start_[b], end = bucket_start_[b + 1];
    for (std::uint32_t p = begin; p < end; ++p) {
      const CellEntry& ep = bucketed_[p];
      const Box2& bp = boxes[static_cast<std::size_t>(ep.box)];
      for (std::uint32_t q = p + 1; q < end; ++q) {
        const CellEntry& eq = bucketed_[q];
        if (eq.ix != ep.ix || eq.iy != ep.iy) continue;  // another cell in the same bucket
        const Box2& bq = boxes[static_cast<std::size_t>(eq.box)];
        ++tests;
        if (!overlap(bp, bq)) continue;
        // Boxes sharing several cells: only the cell holding their overlap's lower corner pairs them.
        if (cell_of(std::max(bp.lo.x(), bq.lo.x())) != ep.ix || cell_of(std::max(bp.lo.y(), bq.lo.y())) != ep.iy) continue;
        pairs_.emplace_back(ep.box, eq.box);  // entries keep the boxes' order: ep's is lower
      }
    }
  }
  stats.nodes_visited += tests;
}

void BoxPairs::pair_oversize(std::span<const Box2> boxes, DetectorStats& stats) {
  for (const int o : oversize_) {
    for (std::size_t v = 0; v < boxes.size(); ++v) {
      const int w = static_cast<int>(v);
      if (w == o || (is_oversize_[v] && w < o)) continue;  // two oversize boxes: paired once, by the lower
      ++stats.nodes_visited;
      if (overlap(boxes[static_cast<std::size_t>(o)], boxes[v])) pairs_.emplace_back(std::min(o, w), std::max(o, w));
    }
  }
}

}  // namespace crashbench
