#include "detectors/scenes/surface_query.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>

#include "detectors/scenes/triangle_extraction.hpp"

namespace crashbench {
namespace {

/// Twice the signed area of (a, b, p): > 0 when p is left of a->b.
double edge(const Vec2& a, const Vec2& b, const Vec2& p) { return cross(b - a, p - a); }

/// Cells listing at most this many faces are always compared pairwise; longer lists (an OpenDRIVE town's
/// long lane faces in 1 m cells: up to 179) only while kComparisonBudget lasts.
constexpr std::size_t kAlwaysComparedInCell = 16;
/// Pairs the longer lists may spend, per entry of the cell lists (at least 1e6): the build stays linear
/// in the lists on hostile geometry (thousands of faces in every cell), whose faces are then scanned for.
constexpr double kComparisonBudget = 8;

/// How far from its footprint a face's covering tolerance can accept a point [m], with room for the
/// rounding of coordinates: covers()' tolerance 1e-12 of twice the area, over the shortest edge, grows
/// towards a sharp corner by at most the longest edge over the inradius (3 x longest^2 / shortest).
template <class Face>
double covering_reach(const Face& f) {
  const double ab = (f.b - f.a).norm(), bc = (f.c - f.b).norm(), ca = (f.a - f.c).norm();
  const double longest = std::max({ab, bc, ca}), shortest = std::min({ab, bc, ca});
  const double size = std::max({f.a.cwiseAbs().maxCoeff(), f.b.cwiseAbs().maxCoeff(), f.c.cwiseAbs().maxCoeff()});
  return 1e-9 * (size + longest * longest / shortest);
}

/// Whether an edge of `f` has every corner of `g` on its outer side or on it (so their interiors are apart).
template <class Face>
bool edge_separates(const Face& f, const Face& g) {
  const Vec2 v[3] = {f.a, f.b, f.c};
  const double winding = edge(f.a, f.b, f.c) > 0 ? 1 : -1;
  for (int e = 0; e < 3; ++e) {
    const Vec2 &p = v[e], &q = v[(e + 1) % 3];
    if (winding * edge(p, q, g.a) <= 0 && winding * edge(p, q, g.b) <= 0 && winding * edge(p, q, g.c) <= 0) return true;
  }
  return false;
}

/// Whether `g`'s plane lies below `f`'s all over `f`'s footprint (at its corners, the plane difference
/// being linear), by more than the rounding of either height there.
template <class Face>
bool lies_below(const Face& g, const Face& f) {
  for (const Vec2& v : {f.a, f.b, f.c}) {
    const double rounding = 1e-9 * (1 + std::abs(f.z0) + std::abs(g.z0) +
                                    (std::abs(f.gx) + std::abs(g.gx)) * std::abs(v.x()) +
                                    (std::abs(f.gy) + std::abs(g.gy)) * std::abs(v.y()));
    if (!(g.height_at(v) < f.height_at(v) - rounding)) return false;
  }
  return true;
}

}  // namespace

SurfaceQuery::SurfaceQuery(const std::vector<Triangle>& all, double tolerance_deg, GroundGrid barrier_bottoms,
                           double above_road_max)
    : barrier_bottoms_(std::move(barrier_bottoms)), above_road_max_(above_road_max) {
  Vec2 lo = Vec2::Constant(std::numeric_limits<double>::max()), hi = -lo;
  std::vector<double> footprints;
  for (const Triangle& t : all) {
    if (is_degenerate(t) || is_vertical(t, tolerance_deg)) continue;
    const Vec3 n = (t.b_W - t.a_W).cross(t.c_W - t.a_W);
    Face f{t.a_W.head<2>(), t.b_W.head<2>(), t.c_W.head<2>()};
    f.gx = -n.x() / n.z();
    f.gy = -n.y() / n.z();
    f.z0 = t.a_W.z() - f.gx * t.a_W.x() - f.gy * t.a_W.y();
    faces_.push_back(f);
    footprints.push_back(0.5 * std::abs(n.z()));
    for (const Vec2* v : {&f.a, &f.b, &f.c}) lo = lo.cwiseMin(*v), hi = hi.cwiseMax(*v);
  }
  if (faces_.empty()) return;
  // Cells the median footprint's side, within 1..32 m: on a real track the road's small faces set it, not
  // the terrain's large ones (a mean-sized cell lists 20-120 faces under a car, this one 4-6). Coarser while
  // there would be more than kMaxCells cells or kMaxListed entries (a few faces spanning the whole scene
  // would otherwise be listed in millions of cells each).
  auto median = footprints.begin() + static_cast<std::ptrdiff_t>(footprints.size() / 2);
  std::nth_element(footprints.begin(), median, footprints.end());
  cell_ = std::clamp(0.5 * std::sqrt(*median), 1.0, 32.0);
  const Vec2 extent = hi - lo;
  origin_W_ = lo;
  const double max_listed = std::max(kMaxListed, 4.0 * static_cast<double>(faces_.size()));
  for (;; cell_ *= 2) {
    if ((extent.x() / cell_ + 1) * (extent.y() / cell_ + 1) > kMaxCells) continue;
    nx_ = static_cast<int>(extent.x() / cell_) + 1;
    ny_ = static_cast<int>(extent.y() / cell_) + 1;
    if (listed_entries(max_listed) <= max_listed) break;
  }
  // Two passes over each face's cells: count, then fill (CSR).
  cell_start_.assign(static_cast<std::size_t>(nx_) * ny_ + 1, 0);
  for (const Face& f : faces_) for_each_cell(f, [&](std::size_t k) { ++cell_start_[k + 1]; });
  for (std::size_t k = 1; k < cell_start_.size(); ++k) cell_start_[k] += cell_start_[k - 1];
  items_.resize(static_cast<std::size_t>(cell_start_.back()));
  std::vector<int> fill(cell_start_.begin(), cell_start_.end() - 1);
  for (std::size_t n = 0; n < faces_.size(); ++n)
    for_each_cell(faces_[n], [&](std::size_t k) { items_[static_cast<std::size_t>(fill[k]++)] = static_cast<int>(n); });
  find_interiors();
}

void SurfaceQuery::find_interiors() {
  // A remembered face answers with its rivals where every other cell mate cannot: its footprint is apart
  // from the face's interior (a point far enough inside is beyond the mate's covering reach) or its plane
  // lies below. A rival (a mate overlapping the face, not below it: a bridge deck over the road, the next
  // road's end overlapping this one's by 2 cm) is tested at the point instead.
  std::vector<double> reach(faces_.size()), margin(faces_.size(), 0.0);
  for (std::size_t n = 0; n < faces_.size(); ++n) reach[n] = covering_reach(faces_[n]);
  std::vector<char> scanned(faces_.size(), 0);
  // Each face's distinct rivals, at most kMaxRivals (one more and the face is scanned for): bounded memory
  // whatever the geometry; a pair listed together in several cells is met in each.
  std::vector<std::array<int, kMaxRivals>> found(faces_.size());
  std::vector<int> found_count(faces_.size(), 0);
  const auto add_rival = [&](std::size_t f, int rival) {
    const auto first = found[f].begin(), last = first + found_count[f];
    if (scanned[f] || std::find(first, last, rival) != last) return;
    if (found_count[f] == kMaxRivals)
      scanned[f] = 1;
    else
      found[f][static_cast<std::size_t>(found_count[f]++)] = rival;
  };
  double budget = std::max(1e6, kComparisonBudget * static_cast<double>(items_.size()));
  for (std::size_t k = 0; k + 1 < cell_start_.size(); ++k) {
    const auto first = items_.begin() + cell_start_[k], last = items_.begin() + cell_start_[k + 1];
    const double n = static_cast<double>(last - first), pairs = 0.5 * n * (n - 1);
    const bool compared = n <= kAlwaysComparedInCell || pairs <= budget;
    if (n > kAlwaysComparedInCell && compared) budget -= pairs;
    for (auto i = first; i != last; ++i) {
      const auto f = static_cast<std::size_t>(*i);
      if (!compared) scanned[f] = 1;
      for (auto j = first; compared && j != i; ++j) {  // each pair once
        const auto g = static_cast<std::size_t>(*j);
        margin[f] = std::max(margin[f], reach[g]), margin[g] = std::max(margin[g], reach[f]);
        if (edge_separates(faces_[f], faces_[g]) || edge_separates(faces_[g], faces_[f])) continue;
        if (!lies_below(faces_[g], faces_[f])) add_rival(f, *j);
        if (!lies_below(faces_[f], faces_[g])) add_rival(g, *i);
      }
    }
  }
  rival_start_.assign(faces_.size() + 1, 0);
  rivals_.clear();
  interiors_.resize(faces_.size());
  for (std::size_t n = 0; n < faces_.size(); ++n) {
    if (!scanned[n]) rivals_.insert(rivals_.end(), found[n].begin(), found[n].begin() + found_count[n]);
    rival_start_[n + 1] = static_cast<int>(rivals_.size());
    const Face& f = faces_[n];
    Interior& in = interiors_[n];
    in.winding = edge(f.a, f.b, f.c) > 0 ? 1 : -1;
    const double lengths[3] = {(f.b - f.a).norm(), (f.c - f.b).norm(), (f.a - f.c).norm()};
    for (int e = 0; e < 3; ++e)
      in.inset[e] = scanned[n] ? std::numeric_limits<double>::infinity() : std::max(margin[n], reach[n]) * lengths[e];
  }
}

template <class Visit>
void SurfaceQuery::for_each_cell(const Face& f, Visit visit) const {
  // Row by row: the footprint's X extent within the row's band, widened by a margin far above the rounding
  // of a query's cell index and of covers()' edge tolerance, so that a face covering a point is always
  // listed in the point's cell. A long diagonal road strip meets a few cells per row, not its bounds' many.
  const double margin = 1e-6 * std::max(1.0, cell_);
  const Vec2 v[3] = {f.a - origin_W_, f.b - origin_W_, f.c - origin_W_};
  const int j0 = cell_at(std::min({v[0].y(), v[1].y(), v[2].y()}) - margin, ny_);
  const int j1 = cell_at(std::max({v[0].y(), v[1].y(), v[2].y()}) + margin, ny_);
  for (int j = j0; j <= j1; ++j) {
    const double band_lo = j * cell_ - margin, band_hi = (j + 1) * cell_ + margin;
    double x_lo = std::numeric_limits<double>::infinity(), x_hi = -x_lo;
    for (int e = 0; e < 3; ++e) {
      const Vec2 &p = v[e], &q = v[(e + 1) % 3];
      if (p.y() >= band_lo && p.y() <= band_hi) x_lo = std::min(x_lo, p.x()), x_hi = std::max(x_hi, p.x());
      for (const double y : {band_lo, band_hi})
        if ((p.y() < y && q.y() > y) || (p.y() > y && q.y() < y)) {
          const double x = p.x() + (q.x() - p.x()) * ((y - p.y()) / (q.y() - p.y()));
          x_lo = std::min(x_lo, x), x_hi = std::max(x_hi, x);
        }
    }
    if (!(x_lo <= x_hi)) continue;
    for (int i = cell_at(x_lo - margin, nx_), last = cell_at(x_hi + margin, nx_); i <= last; ++i) visit(static_cast<std::size_t>(j) * nx_ + i);
  }
}

int SurfaceQuery::cell_at(double offset, int n) const { return std::clamp(static_cast<int>(offset / cell_), 0, n - 1); }

double SurfaceQuery::listed_entries(double stop_above) const {
  double total = 0;
  for (const Face& f : faces_) {
    for_each_cell(f, [&total](std::size_t) { ++total; });
    if (total > stop_above) break;
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
double SurfaceQuery::pick(const Vec2& p_W, Keep keep, Better better, int& face) const {
  const Vec2 q = (p_W - origin_W_) / cell_;
  constexpr double kNone = std::numeric_limits<double>::quiet_NaN();
  face = -1;
  if (faces_.empty() || !(q.x() >= 0 && q.y() >= 0 && q.x() < nx_ && q.y() < ny_)) return kNone;
  const std::size_t k = static_cast<std::size_t>(static_cast<int>(q.y())) * nx_ + static_cast<int>(q.x());
  double best = kNone;
  for (int n = cell_start_[k]; n < cell_start_[k + 1]; ++n) {
    const int index = items_[static_cast<std::size_t>(n)];
    const Face& f = faces_[static_cast<std::size_t>(index)];
    const double z = f.height_at(p_W);
    if (keep(z) && (std::isnan(best) || better(z, best)) && covers(f, p_W)) best = z, face = index;
  }
  return best;
}

bool SurfaceQuery::answers_without_scan(int face, const Vec2& p_W) const {
  if (face < 0) return false;
  const Face& f = faces_[static_cast<std::size_t>(face)];
  const Interior& in = interiors_[static_cast<std::size_t>(face)];
  return in.winding * edge(f.a, f.b, p_W) > in.inset[0] && in.winding * edge(f.b, f.c, p_W) > in.inset[1] &&
         in.winding * edge(f.c, f.a, p_W) > in.inset[2];
}

double SurfaceQuery::height_below(const Vec2& p_W, double z_hint, int& face) const {
  const double ceiling = z_hint + kStepAllowance;
  if (answers_without_scan(face, p_W)) {
    // The scan's answer is the highest height under the ceiling of the faces covering the point; the
    // remembered face covers it, and of the others only its rivals can: the same heights, the same maximum.
    double z = faces_[static_cast<std::size_t>(face)].height_at(p_W);
    if (z <= ceiling) {
      const auto f = static_cast<std::size_t>(face);
      for (int r = rival_start_[f]; r < rival_start_[f + 1]; ++r) {
        const Face& rival = faces_[static_cast<std::size_t>(rivals_[static_cast<std::size_t>(r)])];
        const double zr = rival.height_at(p_W);
        if (zr <= ceiling && zr > z && covers(rival, p_W)) z = zr;
      }
      return z;
    }
  }
  return pick(p_W, [ceiling](double z) { return z <= ceiling; }, std::greater<>(), face);
}

double SurfaceQuery::height_below(const Vec2& p_W, double z_hint) const {
  int face = -1;
  return height_below(p_W, z_hint, face);
}

double SurfaceQuery::lowest_at(const Vec2& p_W) const {
  int face = -1;
  return pick(p_W, [](double) { return true; }, std::less<>(), face);
}

}  // namespace crashbench
