#include "detectors/broadphase/box_pairs.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>

#include "detectors/broadphase/analytic_rectangles.hpp"

namespace crashbench {
namespace {

/// Table size for `entries` entries: a power of two, at least twice as many buckets as entries, so that
/// few cells share a bucket.
std::size_t table_size(std::size_t entries) { return std::bit_ceil(std::max<std::size_t>(2 * entries, 1)); }

bool overlap(const Box2& a, const Box2& b) { return boxes_overlap(a.lo, a.hi, b.lo, b.hi); }

/// The neighbours of a cell whose boxes it pairs with its own, as (di, dj): one half of the eight, so that
/// each pair of neighbouring cells is visited from one side only.
constexpr std::array<std::array<int, 2>, 4> kForwardNeighbours = {{{1, -1}, {1, 0}, {1, 1}, {0, 1}}};

}  // namespace

void BoxPairs::reserve(int box_count, int threads) {
  const std::size_t n = static_cast<std::size_t>(std::max(box_count, 0));
  thread_pairs_.resize(static_cast<std::size_t>(std::max(threads, 1)));
  thread_tests_.resize(thread_pairs_.size());
  // A thread may take every chunk.
  for (std::size_t t = 1; t < thread_pairs_.size(); ++t) thread_pairs_[t].reserve(8 * n);
  extents_.reserve(n);
  oversize_.reserve(n);
  is_oversize_.reserve(n);
  grown_.reserve(n);
  candidates_.reserve(8 * n);
  entries_.reserve(n);
  bucketed_.reserve(n);
  bucket_start_.reserve(table_size(n) + 1);
  pairs_.reserve(8 * n);
  candidate_of_pair_.reserve(8 * n);
}

void BoxPairs::find(std::span<const Box2> boxes, DetectorStats& stats, VehicleRanges* ranges) {
  grid_pairs(boxes, stats, ranges);
  std::sort(pairs_.begin(), pairs_.end());
}

void BoxPairs::grid_pairs(std::span<const Box2> boxes, DetectorStats& stats, VehicleRanges* ranges) {
  pairs_.clear();
  if (boxes.size() < 2) return;
  choose_cell_size(boxes);
  list_cells(boxes);
  bucket_entries();
  pair_neighbours(boxes, stats, ranges);
  pair_oversize(boxes, stats);
}

void BoxPairs::find_coherent(std::span<const Box2> boxes, double margin, DetectorStats& stats,
                             VehicleRanges* ranges) {
  if (!all_inside(boxes, grown_, ranges)) {
    ++grid_runs_;
    const Vec2 grow = Vec2::Constant(margin > 0 ? margin : 0.0);  // shrunk boxes would lose pairs
    grown_.resize(boxes.size());
    for (std::size_t i = 0; i < boxes.size(); ++i) grown_[i] = {boxes[i].lo - grow, boxes[i].hi + grow};
    find(grown_, stats, ranges);
    candidates_.swap(pairs_);
  }
  pairs_.clear();
  candidate_of_pair_.clear();
  for (std::size_t k = 0; k < candidates_.size(); ++k) {
    const auto [a, b] = candidates_[k];
    ++stats.nodes_visited;
    if (!overlap(boxes[static_cast<std::size_t>(a)], boxes[static_cast<std::size_t>(b)])) continue;
    pairs_.emplace_back(a, b);
    candidate_of_pair_.push_back(static_cast<int>(k));
  }
}

bool all_inside(std::span<const Box2> inner, std::span<const Box2> outer, VehicleRanges* ranges) {
  if (inner.size() != outer.size()) return false;
  constexpr std::size_t kChunk = 2048;
  return all_chunks(ranges, inner.size(), kChunk, [&](int, std::size_t begin, std::size_t end) {
    bool inside = true;  // no early exit: a loop the compiler can vectorise, and most calls pass
    for (std::size_t i = begin; i < end; ++i)
      inside &= inner[i].lo.x() >= outer[i].lo.x() && inner[i].lo.y() >= outer[i].lo.y() &&
                inner[i].hi.x() <= outer[i].hi.x() && inner[i].hi.y() <= outer[i].hi.y();
    return inside;
  });
}

void BoxPairs::choose_cell_size(std::span<const Box2> boxes) {
  // The largest box up to twice the median: every box of ordinary size then spans one or two cells per
  // axis, and a few huge boxes do not make every cell crowded. The median is taken over
  // kMedianSample to twice as many boxes at an even stride: near enough for a cell size, at a cost that
  // does not grow with N.
  constexpr std::size_t kMedianSample = 1024;
  const auto extent = [&](std::size_t i) { return (boxes[i].hi - boxes[i].lo).maxCoeff(); };
  const std::size_t stride = std::max<std::size_t>(1, boxes.size() / kMedianSample);
  extents_.clear();
  for (std::size_t i = 0; i < boxes.size(); i += stride) extents_.push_back(extent(i));
  const auto middle = extents_.begin() + static_cast<std::ptrdiff_t>(extents_.size() / 2);
  std::nth_element(extents_.begin(), middle, extents_.end());
  const double ordinary = 2 * *middle;
  double cell = 0;
  for (std::size_t i = 0; i < boxes.size(); ++i)
    if (const double e = extent(i); e <= ordinary) cell = std::max(cell, e);
  inverse_cell_ = cell > 0 && std::isfinite(cell) ? 1 / cell : 1.0;
}

void BoxPairs::list_cells(std::span<const Box2> boxes) {
  entries_.clear();
  oversize_.clear();
  is_oversize_.assign(boxes.size(), 0);
  for (std::size_t v = 0; v < boxes.size(); ++v) {
    const Box2& b = boxes[v];
    const std::int64_t i0 = cell_of(b.lo.x()), j0 = cell_of(b.lo.y());
    // Spanning at most two cells per axis is what the pairing relies on: checked, not assumed from the size.
    if (cell_of(b.hi.x()) - i0 > 1 || cell_of(b.hi.y()) - j0 > 1) {
      oversize_.push_back(static_cast<int>(v));
      is_oversize_[v] = 1;
      continue;
    }
    entries_.push_back({i0, j0, static_cast<int>(v)});
  }
}

void BoxPairs::bucket_entries() {
  // Counting sort by bucket; filled from the back so that each bucket keeps the boxes' order.
  const std::size_t size = table_size(entries_.size());
  mask_ = size - 1;
  bucket_start_.assign(size + 1, 0);
  for (const CellEntry& e : entries_) ++bucket_start_[bucket_of(e.ix, e.iy)];
  for (std::size_t b = 1; b <= size; ++b) bucket_start_[b] += bucket_start_[b - 1];
  bucketed_.resize(entries_.size());
  for (std::size_t k = entries_.size(); k-- > 0;) {
    const CellEntry& e = entries_[k];
    bucketed_[--bucket_start_[bucket_of(e.ix, e.iy)]] = e;
  }
}

void BoxPairs::pair_neighbours(std::span<const Box2> boxes, DetectorStats& stats, VehicleRanges* ranges) {
  // Two overlapping ordinary boxes A, B with A.lo.x <= B.lo.x: B.lo.x <= A.hi.x, so B's lower-corner
  // column lies between A's lower and upper ones, at most one apart; the same on Y. Each entry's pairs are
  // its own, so chunks of entries go on the threads, each into its own list (thread 0's is pairs_):
  // find() sorts them all after, so which thread took which chunk changes nothing.
  const auto threads = static_cast<std::size_t>(ranges ? ranges->size() : 1);
  // More threads than reserve() was told of: their lists grow here, once.
  if (thread_pairs_.size() < threads) thread_pairs_.resize(threads), thread_tests_.resize(threads);
  for (std::size_t t = 0; t < threads; ++t) thread_pairs_[t].clear(), thread_tests_[t] = 0;
  constexpr std::size_t kChunk = 512;
  for_chunks(ranges, entries_.size(), kChunk, [&](int thread, std::size_t first, std::size_t last) {
    const auto t = static_cast<std::size_t>(thread);
    pair_entries(boxes, first, last, t == 0 ? pairs_ : thread_pairs_[t], thread_tests_[t]);
  });
  for (std::size_t t = 0; t < threads; ++t) {
    if (t > 0) pairs_.insert(pairs_.end(), thread_pairs_[t].begin(), thread_pairs_[t].end());
    stats.nodes_visited += thread_tests_[t];
  }
}

void BoxPairs::pair_entries(std::span<const Box2> boxes, std::size_t first, std::size_t last,
                            std::vector<std::pair<int, int>>& out, long long& tests_done) const {
  long long tests = 0;  // counted here, not through `tests_done`, which the compiler must keep in memory
  for (std::size_t k = first; k < last; ++k) {  // the ordinary boxes in their own order, with their cells
    const CellEntry& entry = entries_[k];
    const int index = entry.box;
    const Box2& box = boxes[static_cast<std::size_t>(index)];
    const std::int64_t ix = entry.ix, iy = entry.iy;
    const auto scan = [&](std::int64_t cx, std::int64_t cy, int after) {
      const std::size_t b = bucket_of(cx, cy);
      for (std::uint32_t q = bucket_start_[b]; q < bucket_start_[b + 1]; ++q) {
        const CellEntry& e = bucketed_[q];
        if (e.ix != cx || e.iy != cy || e.box <= after) continue;
        ++tests;
        if (overlap(box, boxes[static_cast<std::size_t>(e.box)]))
          out.emplace_back(std::min(index, e.box), std::max(index, e.box));
      }
    };
    scan(ix, iy, index);  // its own cell: the boxes after it
    for (const auto& [di, dj] : kForwardNeighbours) scan(ix + di, iy + dj, -1);  // kLimit keeps these from overflow
  }
  tests_done += tests;
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
