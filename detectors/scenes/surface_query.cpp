#include "detectors/scenes/surface_query.hpp"

#include <algorithm>
#include <cmath>
#include <functional>

#include "detectors/scenes/triangle_extraction.hpp"

namespace crashbench {
namespace {

/// Twice the signed area of (a, b, p): > 0 when p is left of a->b.
double edge(const Vec2& a, const Vec2& b, const Vec2& p) { return cross(b - a, p - a); }

}  // namespace

SurfaceQuery::SurfaceQuery(const std::vector<Triangle>& all, double tolerance_deg, GroundGrid barrier_bottoms,
                           double above_road_max)
    : barrier_bottoms_(std::move(barrier_bottoms)), above_road_max_(above_road_max) {
  Vec2 lo = Vec2::Constant(std::numeric_limits<double>::max()), hi = -lo;
  double footprint = 0;
  for (const Triangle& t : all) {
    if (is_degenerate(t) || is_vertical(t, tolerance_deg)) continue;
    const Vec3 n = (t.b_W - t.a_W).cross(t.c_W - t.a_W);
    Face f{t.a_W.head<2>(), t.b_W.head<2>(), t.c_W.head<2>()};
    f.gx = -n.x() / n.z();
    f.gy = -n.y() / n.z();
    f.z0 = t.a_W.z() - f.gx * t.a_W.x() - f.gy * t.a_W.y();
    faces_.push_back(f);
    footprint += 0.5 * std::abs(n.z());
    for (const Vec2* v : {&f.a, &f.b, &f.c}) lo = lo.cwiseMin(*v), hi = hi.cwiseMax(*v);
  }
  if (faces_.empty()) return;
  // Cells about twice the mean footprint's side, within 1..32 m, at most kMaxCells of them; and coarser still
  // while the cell lists would hold more than kMaxListed entries (a few faces spanning the whole scene
  // would otherwise be listed in millions of cells each).
  cell_ = std::clamp(2 * std::sqrt(footprint / faces_.size()), 1.0, 32.0);
  const Vec2 extent = hi - lo;
  origin_W_ = lo;
  const double max_listed = std::max(kMaxListed, 4.0 * static_cast<double>(faces_.size()));
  for (;; cell_ *= 2) {
    if ((extent.x() / cell_ + 1) * (extent.y() / cell_ + 1) > kMaxCells) continue;
    nx_ = static_cast<int>(extent.x() / cell_) + 1;
    ny_ = static_cast<int>(extent.y() / cell_) + 1;
    if (listed_entries() <= max_listed) break;
  }
  // Two passes over each face's cell range: count, then fill (CSR).
  cell_start_.assign(static_cast<std::size_t>(nx_) * ny_ + 1, 0);
  int i0, i1, j0, j1;
  for (const Face& f : faces_) {
    cell_range(f, i0, i1, j0, j1);
    for (int j = j0; j <= j1; ++j)
      for (int i = i0; i <= i1; ++i) ++cell_start_[static_cast<std::size_t>(j) * nx_ + i + 1];
  }
  for (std::size_t k = 1; k < cell_start_.size(); ++k) cell_start_[k] += cell_start_[k - 1];
  items_.resize(static_cast<std::size_t>(cell_start_.back()));
  std::vector<int> fill(cell_start_.begin(), cell_start_.end() - 1);
  for (std::size_t n = 0; n < faces_.size(); ++n) {
    cell_range(faces_[n], i0, i1, j0, j1);
    for (int j = j0; j <= j1; ++j)
      for (int i = i0; i <= i1; ++i) items_[static_cast<std::size_t>(fill[static_cast<std::size_t>(j) * nx_ + i]++)] = static_cast<int>(n);
  }
}

void SurfaceQuery::cell_range(const Face& f, int& i0, int& i1, int& j0, int& j1) const {
  const Vec2 flo = f.a.cwiseMin(f.b).cwiseMin(f.c) - origin_W_, fhi = f.a.cwiseMax(f.b).cwiseMax(f.c) - origin_W_;
  i0 = std::clamp(static_cast<int>(flo.x() / cell_), 0, nx_ - 1), i1 = std::clamp(static_cast<int>(fhi.x() / cell_), 0, nx_ - 1);
  j0 = std::clamp(static_cast<int>(flo.y() / cell_), 0, ny_ - 1), j1 = std::clamp(static_cast<int>(fhi.y() / cell_), 0, ny_ - 1);
}

double SurfaceQuery::listed_entries() const {
  double total = 0;
  int i0, i1, j0, j1;
  for (const Face& f : faces_) {
    cell_range(f, i0, i1, j0, j1);
    total += (i1 - i0 + 1.0) * (j1 - j0 + 1.0);
  }
  return total;
}

bool SurfaceQuery::covers(const Face& f, const Vec2& p) const {
  // Inside or on the edge, whichever the winding; a relative tolerance keeps shared edges covered.
  const double d0 = edge(f.a, f.b, p), d1 = edge(f.b, f.c, p), d2 = edge(f.c, f.a, p);
  const double tol = 1e-12 * std::abs(edge(f.a, f.b, f.c));
  return (d0 >= -tol && d1 >= -tol && d2 >= -tol) || (d0 <= tol && d1 <= tol && d2 <= tol);
}

template <class Keep, class Better>
double SurfaceQuery::pick(const Vec2& p_W, Keep keep, Better better) const {
  const Vec2 q = (p_W - origin_W_) / cell_;
  constexpr double kNone = std::numeric_limits<double>::quiet_NaN();
  if (faces_.empty() || !(q.x() >= 0 && q.y() >= 0 && q.x() < nx_ && q.y() < ny_)) return kNone;
  const std::size_t k = static_cast<std::size_t>(static_cast<int>(q.y())) * nx_ + static_cast<int>(q.x());
  double best = kNone;
  for (int n = cell_start_[k]; n < cell_start_[k + 1]; ++n) {
    const Face& f = faces_[static_cast<std::size_t>(items_[static_cast<std::size_t>(n)])];
    const double z = f.z0 + f.gx * p_W.x() + f.gy * p_W.y();
    if (keep(z) && (std::isnan(best) || better(z, best)) && covers(f, p_W)) best = z;
  }
  return best;
}

double SurfaceQuery::height_below(const Vec2& p_W, double z_hint) const {
  const double ceiling = z_hint + kStepAllowance;
  return pick(p_W, [ceiling](double z) { return z <= ceiling; }, std::greater<>());
}

double SurfaceQuery::lowest_at(const Vec2& p_W) const {
  return pick(p_W, [](double) { return true; }, std::less<>());
}

}  // namespace crashbench
