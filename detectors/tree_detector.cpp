#include "detectors/tree_detector.hpp"

#include <algorithm>
#include <limits>

#include "core/error.hpp"

namespace crashbench {
namespace {

/// Cell edge: about a vehicle's half length (2.5 m), but no more than ~4 cells per triangle and 4M cells.
double choose_cell(const Vec2& extent, std::size_t triangles) {
  const double area = std::max(extent.x() * extent.y(), 1.0);
  double cell = std::max(2.5, std::sqrt(area / (4.0 * static_cast<double>(std::max<std::size_t>(triangles, 1)))));
  while ((extent.x() / cell + 1) * (extent.y() / cell + 1) > 4e6) cell *= 2;
  return cell;
}

}  // namespace

void TreeDetector::prepare(const Scene& scene, int /*vehicle_count*/) {
  if (scene.triangles.empty()) throw Error(scene.name, "", "detector 'tree' needs collision triangles");
  ground_ = scene.ground;
  entries_.clear();
  Vec2 lo = Vec2::Constant(std::numeric_limits<double>::max()), hi = -lo;
  for (std::size_t i = 0; i < scene.triangles.size(); ++i) {
    const Triangle& t = scene.triangles[i];
    const double zmin = std::min({t.a_W.z(), t.b_W.z(), t.c_W.z()}), zmax = std::max({t.a_W.z(), t.b_W.z(), t.c_W.z()});
    if (zmin == zmax) continue;  // horizontal: never sliced
    const Vec2 flo = t.a_W.head<2>().cwiseMin(t.b_W.head<2>()).cwiseMin(t.c_W.head<2>());
    const Vec2 fhi = t.a_W.head<2>().cwiseMax(t.b_W.head<2>()).cwiseMax(t.c_W.head<2>());
    entries_.push_back({flo, fhi, zmin, zmax, t, static_cast<int>(i)});
    for (const Vec3* v : {&t.a_W, &t.b_W, &t.c_W}) lo = lo.cwiseMin(v->head<2>()), hi = hi.cwiseMax(v->head<2>());
  }
  if (entries_.empty()) lo = hi = Vec2::Zero();
  cell_ = choose_cell(hi - lo, entries_.size());
  origin_W_ = lo;
  nx_ = static_cast<int>((hi.x() - lo.x()) / cell_) + 1;
  ny_ = static_cast<int>((hi.y() - lo.y()) / cell_) + 1;
  // Two passes (count, then fill) give the compressed cell lists.
  cell_start_.assign(static_cast<std::size_t>(nx_) * ny_ + 1, 0);
  const auto cells_of = [&](const Entry& e, auto&& visit) {
    const Vec2 &a = e.lo_W, &b = e.hi_W;
    const int i0 = static_cast<int>((a.x() - lo.x()) / cell_), i1 = static_cast<int>((b.x() - lo.x()) / cell_);
    const int j0 = static_cast<int>((a.y() - lo.y()) / cell_), j1 = static_cast<int>((b.y() - lo.y()) / cell_);
    for (int j = j0; j <= j1; ++j)
      for (int i = i0; i <= i1; ++i) visit(static_cast<std::size_t>(j) * nx_ + i);
  };
  for (const Entry& e : entries_) cells_of(e, [&](std::size_t c) { ++cell_start_[c + 1]; });
  for (std::size_t c = 1; c < cell_start_.size(); ++c) cell_start_[c] += cell_start_[c - 1];
  items_.assign(cell_start_.back(), 0);
  std::vector<std::uint32_t> fill(cell_start_.begin(), cell_start_.end() - 1);
  for (std::size_t k = 0; k < entries_.size(); ++k)
    cells_of(entries_[k], [&](std::size_t c) { items_[fill[c]++] = static_cast<std::uint32_t>(k); });
  stamp_.assign(entries_.size(), 0);
  query_ = 0;
}

void TreeDetector::query(const BoundingRectangle& rect, DetectorStats& stats) {
  if (++query_ == 0) std::fill(stamp_.begin(), stamp_.end(), 0), query_ = 1;
  const auto index = [&](double x, double o, int n) {
    return std::clamp(static_cast<int>(std::floor((x - o) / cell_)), 0, n - 1);
  };
  if (rect.hi_W.x() < origin_W_.x() || rect.hi_W.y() < origin_W_.y()) return;
  if (rect.lo_W.x() > origin_W_.x() + nx_ * cell_ || rect.lo_W.y() > origin_W_.y() + ny_ * cell_) return;
  const int i0 = index(rect.lo_W.x(), origin_W_.x(), nx_), i1 = index(rect.hi_W.x(), origin_W_.x(), nx_);
  const int j0 = index(rect.lo_W.y(), origin_W_.y(), ny_), j1 = index(rect.hi_W.y(), origin_W_.y(), ny_);
  for (int j = j0; j <= j1; ++j)
    for (int i = i0; i <= i1; ++i) {
      const std::size_t c = static_cast<std::size_t>(j) * nx_ + i;
      ++stats.nodes_visited;
      for (std::uint32_t k = cell_start_[c]; k < cell_start_[c + 1]; ++k) {
        const std::uint32_t e = items_[k];
        if (stamp_[e] == query_) continue;
        stamp_[e] = query_;
        const Entry& entry = entries_[e];
        if (rect.z <= entry.zmin || rect.z > entry.zmax) continue;  // as slice_triangle decides
        if ((entry.lo_W.array() > rect.hi_W.array()).any() || (entry.hi_W.array() < rect.lo_W.array()).any()) continue;
        ++stats.primitives_tested;
        set_.add_triangle(entry.t, entry.index);
      }
    }
}

void TreeDetector::detect(std::span<const VehiclePose> poses, std::vector<Contact>& out, DetectorStats& stats) {
  for (std::size_t v = 0; v < poses.size(); ++v) {
    const BoundingRectangle rect = bounding_rectangle(poses[v], ground_);
    set_.reset(rect);
    if (!entries_.empty()) query(rect, stats);
    set_.emit(static_cast<int>(v), out);
  }
}

std::size_t TreeDetector::memory_bytes() const {
  return entries_.capacity() * sizeof(Entry) + (cell_start_.capacity() + items_.capacity() + stamp_.capacity()) *
                                                   sizeof(std::uint32_t);
}

std::unique_ptr<Detector> make_tree_detector() { return std::make_unique<TreeDetector>(); }

}  // namespace crashbench
