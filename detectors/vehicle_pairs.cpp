#include "detectors/vehicle_pairs.hpp"

#include <algorithm>
#include <bit>
#include <cmath>

namespace crashbench {
namespace {

/// Bucket of a cell in a table of mask + 1 buckets (two odd multipliers mix the two indices).
std::uint64_t bucket_of(std::int64_t ix, std::int64_t iy, std::uint64_t mask) {
  std::uint64_t h = static_cast<std::uint64_t>(ix) * 0x9E3779B97F4A7C15ull ^ static_cast<std::uint64_t>(iy) * 0xC2B2AE3D27D4EB4Full;
  h ^= h >> 31;
  return h & mask;
}

/// Table size for `entries` entries: a power of two, at least as many buckets as entries.
std::size_t table_size(std::size_t entries) { return std::bit_ceil(std::max<std::size_t>(entries, 1)); }

}  // namespace

void VehiclePairs::reserve(int vehicle_count) {
  const std::size_t n = static_cast<std::size_t>(std::max(vehicle_count, 0));
  rects_.reserve(n);
  extents_.reserve(n);
  oversize_.reserve(n);
  is_oversize_.reserve(n);
  // A box no larger than a cell covers at most 2 x 2 cells.
  entries_.reserve(4 * n);
  bucketed_.reserve(4 * n);
  bucket_start_.reserve(table_size(4 * n) + 1);
}

void VehiclePairs::detect(std::span<const VehiclePose> poses, std::vector<Contact>& out, DetectorStats& stats) {
  if (poses.size() < 2) return;
  rects_.resize(poses.size());
  for (std::size_t i = 0; i < poses.size(); ++i) rects_[i] = place_rectangle(poses[i]);
  choose_cell_size();
  list_cells();
  bucket_entries();
  const std::size_t first = out.size();
  test_buckets(out, stats);
  test_oversize(out, stats);
  // One order whatever the grid: by vehicle, then other.
  std::sort(out.begin() + static_cast<std::ptrdiff_t>(first), out.end(), [](const Contact& p, const Contact& q) {
    return p.vehicle < q.vehicle || (p.vehicle == q.vehicle && p.other < q.other);
  });
}

void VehiclePairs::choose_cell_size() {
  // Cells the size of the median box: a typical box covers 1 to 4 cells, and a few huge boxes do not
  // make every cell crowded.
  extents_.resize(rects_.size());
  for (std::size_t i = 0; i < rects_.size(); ++i) {
    const Vec2 span = rects_[i].box_max_W - rects_[i].box_min_W;
    extents_[i] = std::max(span.x(), span.y());
  }
  const auto middle = extents_.begin() + static_cast<std::ptrdiff_t>(extents_.size() / 2);
  std::nth_element(extents_.begin(), middle, extents_.end());
  cell_ = *middle > 0 && std::isfinite(*middle) ? *middle : 1.0;
}

std::int64_t VehiclePairs::cell_of(double coordinate) const {
  // Far beyond any scene the cells merge: more candidates, never a missed pair.
  constexpr double kLimit = 4e18;
  const double f = std::floor(coordinate / cell_);
  if (!(f > -kLimit)) return static_cast<std::int64_t>(-kLimit);  // NaN too: no crash, the narrow phase rejects it
  return static_cast<std::int64_t>(std::min(f, kLimit));
}

void VehiclePairs::list_cells() {
  entries_.clear();
  oversize_.clear();
  is_oversize_.assign(rects_.size(), 0);
  for (std::size_t v = 0; v < rects_.size(); ++v) {
    const PlacedRectangle& r = rects_[v];
    const std::int64_t i0 = cell_of(r.box_min_W.x()), i1 = cell_of(r.box_max_W.x());
    const std::int64_t j0 = cell_of(r.box_min_W.y()), j1 = cell_of(r.box_max_W.y());
    if (i1 - i0 >= kMaxCellsPerAxis || j1 - j0 >= kMaxCellsPerAxis) {
      oversize_.push_back(static_cast<int>(v));
      is_oversize_[v] = 1;
      continue;
    }
    for (std::int64_t i = i0; i <= i1; ++i)
      for (std::int64_t j = j0; j <= j1; ++j) entries_.push_back({i, j, static_cast<int>(v)});
  }
}

void VehiclePairs::bucket_entries() {
  // Counting sort by bucket; filled from the back so that each bucket keeps the vehicles' order.
  const std::size_t size = table_size(entries_.size());
  mask_ = size - 1;
  bucket_start_.assign(size + 1, 0);
  for (const CellEntry& e : entries_) ++bucket_start_[bucket_of(e.ix, e.iy, mask_)];
  for (std::size_t b = 1; b <= size; ++b) bucket_start_[b] += bucket_start_[b - 1];
  bucketed_.resize(entries_.size());
  for (std::size_t k = entries_.size(); k-- > 0;) {
    const CellEntry& e = entries_[k];
    bucketed_[--bucket_start_[bucket_of(e.ix, e.iy, mask_)]] = e;
  }
}

void VehiclePairs::test_buckets(std::vector<Contact>& out, DetectorStats& stats) {
  for (std::size_t b = 0; b + 1 < bucket_start_.size(); ++b) {
    const std::uint32_t begin = bucket_start_[b], end = bucket_start_[b + 1];
    for (std::uint32_t p = begin; p < end; ++p) {
      const CellEntry& ep = bucketed_[p];
      const PlacedRectangle& rp = rects_[static_cast<std::size_t>(ep.vehicle)];
      for (std::uint32_t q = p + 1; q < end; ++q) {
        const CellEntry& eq = bucketed_[q];
        if (eq.ix != ep.ix || eq.iy != ep.iy) continue;  // another cell in the same bucket
        const PlacedRectangle& rq = rects_[static_cast<std::size_t>(eq.vehicle)];
        ++stats.nodes_visited;
        if (!boxes_overlap(rp.box_min_W, rp.box_max_W, rq.box_min_W, rq.box_max_W)) continue;
        // Boxes sharing several cells: only the cell holding their overlap's lower corner tests them.
        const double x = std::max(rp.box_min_W.x(), rq.box_min_W.x()), y = std::max(rp.box_min_W.y(), rq.box_min_W.y());
        if (cell_of(x) != ep.ix || cell_of(y) != ep.iy) continue;
        test_pair(ep.vehicle, eq.vehicle, out, stats);  // entries keep the vehicles' order: ep's is lower
      }
    }
  }
}

void VehiclePairs::test_oversize(std::vector<Contact>& out, DetectorStats& stats) {
  for (const int o : oversize_) {
    const PlacedRectangle& ro = rects_[static_cast<std::size_t>(o)];
    for (std::size_t v = 0; v < rects_.size(); ++v) {
      const int w = static_cast<int>(v);
      if (w == o || (is_oversize_[v] && w < o)) continue;  // two oversize boxes: tested once, by the lower
      ++stats.nodes_visited;
      if (!boxes_overlap(ro.box_min_W, ro.box_max_W, rects_[v].box_min_W, rects_[v].box_max_W)) continue;
      test_pair(std::min(o, w), std::max(o, w), out, stats);
    }
  }
}

void VehiclePairs::test_pair(int a, int b, std::vector<Contact>& out, DetectorStats& stats) const {
  ++stats.primitives_tested;
  Contact c;
  if (!rectangle_contact(rects_[static_cast<std::size_t>(a)], rects_[static_cast<std::size_t>(b)], c)) return;
  c.vehicle = a;
  c.other = b;
  out.push_back(c);
}

}  // namespace crashbench
