#include "detectors/scenes/surface_query.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cmath>
#include <functional>
#include <tuple>

#include "detectors/scenes/triangle_extraction.hpp"

namespace crashbench {
namespace {

/// Twice the signed area of (a, b, p): > 0 when p is left of a->b. cross(b - a, p - a) written out, the
/// same operations: the sanitizers' -O1 build makes a call of each Eigen temporary, and the index build's
/// every covers() test makes three of these.
double edge(const Vec2& a, const Vec2& b, const Vec2& p) {
  return (b.x() - a.x()) * (p.y() - a.y()) - (b.y() - a.y()) * (p.x() - a.x());
}

/// Cells listing at most this many faces are always compared pairwise; longer lists (an OpenDRIVE town's
/// long lane faces in 1 m cells: up to 179) only while kComparisonBudget lasts.
constexpr std::size_t kAlwaysComparedInCell = 16;
/// Pairs the longer lists may spend, per entry of the cell lists (at least 1e6): the build stays linear
/// in the lists on hostile geometry (thousands of faces in every cell), whose faces are then scanned for.
constexpr double kComparisonBudget = 8;
/// Faces the guesses across unjoined edges may read, per face (link_neighbours): the junctions of
/// netconvert's networks (4 m cells, subcell lists of hundreds) spend up to 185, torcs-data's tracks 41.
constexpr double kGuessBudget = 512;
/// A guess whose point's list is longer is not made: a cell of thousands of slivers (a fuzzed lane 5 km
/// wide, cut every millimetre) would spend the whole budget on a few guesses. Real lists at guesses: up to
/// 1,052 (netconvert's spider junctions), 307 on torcs-data's tracks.
constexpr std::size_t kGuessListMost = 4096;

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

/// Whether an edge of `f` (winding `winding`: +1 counter-clockwise, -1 clockwise) has every corner of `g`
/// on its outer side or on it (so their interiors are apart). Without branches: the outcomes are as good
/// as random over the rival search's pairs (a fifth of a real track's `scene info` when it branched).
template <class Face>
bool edge_separates(const Face& f, double winding, const Face& g) {
  const auto outside = [&](const Vec2& p, const Vec2& q) {
    return (winding * edge(p, q, g.a) <= 0) & (winding * edge(p, q, g.b) <= 0) & (winding * edge(p, q, g.c) <= 0);
  };
  return outside(f.a, f.b) | outside(f.b, f.c) | outside(f.c, f.a);
}

/// Whether `g`'s plane lies below `f`'s all over `f`'s footprint (at its corners, the plane difference
/// being linear), by more than the rounding of either height there.
template <class Face>
bool lies_below(const Face& g, const Face& f) {
  const double level = 1 + std::abs(f.z0) + std::abs(g.z0), slope_x = std::abs(f.gx) + std::abs(g.gx),
               slope_y = std::abs(f.gy) + std::abs(g.gy);
  const auto below_at = [&](const Vec2& v) {
    const double rounding = 1e-9 * (level + slope_x * std::abs(v.x()) + slope_y * std::abs(v.y()));
    return g.height_at(v) < f.height_at(v) - rounding;
  };
  return below_at(f.a) & below_at(f.b) & below_at(f.c);
}

/// A face's plane, coefficient by coefficient. Faces with equal planes have the same heights, bit for bit, at
/// every point (the coefficients carry no -0, so equal values are equal bits): neither can outbid the other
/// (the overlapping connecting roads of a flat junction), so they are never each other's rivals.
template <class Face>
std::tuple<double, double, double> plane_of(const Face& f) {
  return {f.z0, f.gx, f.gy};
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
    // + 0.0 turns a -0 into +0 and leaves every other value as it is (plane_of).
    f.gx = -n.x() / n.z() + 0.0;
    f.gy = -n.y() / n.z() + 0.0;
    f.z0 = t.a_W.z() - f.gx * t.a_W.x() - f.gy * t.a_W.y() + 0.0;
    faces_.push_back(f);
    footprints.push_back(0.5 * std::abs(n.z()));
    for (const Vec2* v : {&f.a, &f.b, &f.c}) lo = lo.cwiseMin(*v), hi = hi.cwiseMax(*v);
  }
  if (faces_.empty()) return;
  list_faces(lo, hi, footprints);
  find_interiors();
  link_neighbours();
}

void SurfaceQuery::link_neighbours() {
  // Each edge by a hash of its corners, rounded to kJoinTolerance and taken in order (so that the two faces
  // sharing it agree), sorted: a hash met exactly twice joins the two faces. Rounded, the last face of one
  // OpenDRIVE road meets the first of the next (their corners agree to micrometres, not bits). A wrong
  // join, or a missed one, costs only time: the face a walk reaches answers only if the point lies well
  // inside it.
  const auto key = [&](std::size_t n, int e) {
    const Vec2 v[3] = {faces_[n].a, faces_[n].b, faces_[n].c};
    std::array<std::int64_t, 4> k;
    for (int c = 0; c < 2; ++c) {
      const Vec2& p = v[(e + c) % 3];
      k[static_cast<std::size_t>(2 * c)] = std::llround(p.x() / kJoinTolerance);
      k[static_cast<std::size_t>(2 * c + 1)] = std::llround(p.y() / kJoinTolerance);
    }
    if (std::tie(k[2], k[3]) < std::tie(k[0], k[1])) std::swap(k[0], k[2]), std::swap(k[1], k[3]);
    std::uint64_t h = 0;
    for (const std::int64_t c : k) h = (h ^ static_cast<std::uint64_t>(c)) * 0x9e3779b97f4a7c15ull;
    return h ^ (h >> 29);
  };
  struct HalfEdge {
    std::uint64_t key;
    int face, edge;
  };
  std::vector<HalfEdge> half(3 * faces_.size());
  for (std::size_t n = 0; n < faces_.size(); ++n)
    for (int e = 0; e < 3; ++e) half[3 * n + static_cast<std::size_t>(e)] = {key(n, e), static_cast<int>(n), e};
  std::sort(half.begin(), half.end(), [](const HalfEdge& l, const HalfEdge& r) { return l.key < r.key; });
  for (std::size_t i = 0; i < half.size();) {
    std::size_t j = i + 1;
    while (j < half.size() && half[j].key == half[i].key) ++j;
    if (j == i + 2) {
      const HalfEdge &l = half[i], &r = half[i + 1];
      interiors_[static_cast<std::size_t>(l.face)].across[l.edge] = r.face;
      interiors_[static_cast<std::size_t>(r.face)].across[r.edge] = l.face;
    }
    i = j;
  }
  // An edge no face shares (a lane against the next one cut elsewhere, a connecting road over another):
  // the face under a point 1 cm beyond its middle, where a car crossing it would most likely be. Each
  // guess scans a list: while a budget of kGuessBudget listed faces per face (at least 1e6) lasts, so
  // that hostile geometry (thousands of unjoined faces in every list) keeps the build linear; none in a
  // list past kGuessListMost.
  double budget = std::max(1e6, kGuessBudget * static_cast<double>(faces_.size()));
  for (std::size_t n = 0; n < faces_.size() && budget > 0; ++n) {
    const Vec2 v[3] = {faces_[n].a, faces_[n].b, faces_[n].c};
    for (int e = 0; e < 3; ++e) {
      int& across = interiors_[n].across[e];
      if (across >= 0) continue;
      const Vec2 d = v[(e + 1) % 3] - v[e];
      const Vec2 outward = interiors_[n].winding * Vec2(d.y(), -d.x()) / d.norm();
      const Vec2 beyond = 0.5 * (v[e] + v[(e + 1) % 3]) + kAcrossEdge * outward;
      const std::size_t listed = faces_at(beyond).size();
      if (listed > kGuessListMost) continue;
      budget -= static_cast<double>(listed);
      int found = -1;
      pick(beyond, [](double) { return true; }, std::greater<>(), found);
      if (found != static_cast<int>(n)) across = found;
    }
  }
}

void SurfaceQuery::find_interiors() {
  // A remembered face answers with its rivals where every other cell mate cannot: its plane is the face's
  // (the same heights), lies below, or its footprint is apart from the face's interior (a point far enough
  // inside is beyond the mate's covering reach). A rival (a mate overlapping the face, not below it: a
  // bridge deck over the road, the next road's end overlapping this one's by 2 cm) is tested at the point.
  std::vector<double> reach(faces_.size()), margin(faces_.size(), 0.0), winding(faces_.size());
  for (std::size_t n = 0; n < faces_.size(); ++n) {
    const Face& f = faces_[n];
    reach[n] = covering_reach(f);
    winding[n] = edge(f.a, f.b, f.c) > 0 ? 1 : -1;
  }
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
  double budget = std::max(1e6, kComparisonBudget * static_cast<double>(items_.size() + sub_items_.size()));
  // A mate that could outbid a face (another plane, not below it) is its rival where their footprints
  // overlap; where they are apart, the face's margin keeps the point beyond the mate's covering reach.
  // A pair meets again in every cell both are listed in (3 to 6 times a pair on torcs-data's tracks), and
  // comparing it again changes nothing (a rival is kept once, a margin is a maximum): a pair both of whose
  // faces the list to the left or below also holds was met there (or, in a list over the budget, both are
  // scanned for), and is skipped. `also_in` marks the list's faces: bit 1 left, bit 2 below.
  std::vector<std::uint8_t> also_in(faces_.size(), 0);
  const auto compare = [&](int f, int g) {
    const auto i = static_cast<std::size_t>(f), j = static_cast<std::size_t>(g);
    if (also_in[i] & also_in[j]) return;
    const Face &a = faces_[i], &b = faces_[j];
    if (plane_of(a) == plane_of(b)) return;
    const bool apart = edge_separates(a, winding[i], b) | edge_separates(b, winding[j], a);
    if (!lies_below(b, a)) apart ? void(margin[i] = std::max(margin[i], reach[j])) : add_rival(i, g);
    if (!lies_below(a, b)) apart ? void(margin[j] = std::max(margin[j], reach[i])) : add_rival(j, f);
  };
  std::vector<int> by_plane;  // a long list's faces, those of one plane together
  const auto compare_pairs = [&](std::span<const int> list) {
    if (list.size() <= kAlwaysComparedInCell) {
      for (std::size_t i = 0; i < list.size(); ++i)
        for (std::size_t j = 0; j < i; ++j) compare(list[i], list[j]);
      return;
    }
    // A long list is compared plane against plane, while the budget lasts: all pairs less those within
    // each plane's run (a run of r: r^2 / 2, summed as (k - 1/2) for k = 1 .. r).
    by_plane.assign(list.begin(), list.end());
    const auto plane = [&](int f) { return plane_of(faces_[static_cast<std::size_t>(f)]); };
    std::sort(by_plane.begin(), by_plane.end(), [&](int a, int b) { return plane(a) < plane(b); });
    double pairs = 0.5 * static_cast<double>(list.size()) * static_cast<double>(list.size());
    for (std::size_t i = 0, run = 0; i < by_plane.size(); ++i) {
      run = i > 0 && plane(by_plane[i]) == plane(by_plane[i - 1]) ? run + 1 : 1;
      pairs -= static_cast<double>(run) - 0.5;
    }
    if (pairs > budget) {
      for (const int f : list) scanned[static_cast<std::size_t>(f)] = 1;
      return;
    }
    budget -= pairs;
    for (std::size_t i = 0, run_start = 0; i < by_plane.size(); ++i) {
      if (i > 0 && plane(by_plane[i]) != plane(by_plane[i - 1])) run_start = i;
      for (std::size_t j = 0; j < run_start; ++j) compare(by_plane[i], by_plane[j]);
    }
  };
  // Both lists ascend (they are filled face by face): one merge marks the faces they share.
  const auto mark = [&](std::span<const int> list, std::span<const int> other, std::uint8_t bit) {
    for (auto f = list.begin(), o = other.begin(); f != list.end() && o != other.end();) {
      if (*f == *o) also_in[static_cast<std::size_t>(*f)] |= bit;
      *f < *o ? ++f : *o < *f ? ++o : (++f, ++o);
    }
  };
  for_each_list([&](std::span<const int> list, std::span<const int> left, std::span<const int> below) {
    mark(list, left, 1);
    mark(list, below, 2);
    compare_pairs(list);
    for (const int f : list) also_in[static_cast<std::size_t>(f)] = 0;
  });
  rival_start_.assign(faces_.size() + 1, 0);
  rivals_.clear();
  interiors_.resize(faces_.size());
  for (std::size_t n = 0; n < faces_.size(); ++n) {
    if (!scanned[n]) rivals_.insert(rivals_.end(), found[n].begin(), found[n].begin() + found_count[n]);
    rival_start_[n + 1] = static_cast<int>(rivals_.size());
    const Face& f = faces_[n];
    Interior& in = interiors_[n];
    in.winding = winding[n];
    const double lengths[3] = {(f.b - f.a).norm(), (f.c - f.b).norm(), (f.a - f.c).norm()};
    for (int e = 0; e < 3; ++e)
      in.inset[e] = scanned[n] ? std::numeric_limits<double>::infinity() : std::max(margin[n], reach[n]) * lengths[e];
  }
}

template <class Visit>
void SurfaceQuery::for_each_list(Visit visit) const {
  const std::span<const int> none;
  const auto is_split = [&](std::size_t k) {
    return cell_start_[k + 1] - cell_start_[k] == 1 && items_[static_cast<std::size_t>(cell_start_[k])] < 0;
  };
  const auto cell = [&](std::size_t k) {  // a split cell's faces are in its subcells
    return is_split(k) ? none : std::span<const int>(items_.data() + cell_start_[k], items_.data() + cell_start_[k + 1]);
  };
  const auto nx = static_cast<std::size_t>(grid_.nx);
  for (std::size_t k = 0; k + 1 < cell_start_.size(); ++k)
    if (!is_split(k)) visit(cell(k), k % nx > 0 ? cell(k - 1) : none, k >= nx ? cell(k - nx) : none);
  const auto subcell = [&](std::size_t s) {
    return std::span<const int>(sub_items_.data() + sub_start_[s], sub_items_.data() + sub_start_[s + 1]);
  };
  for (const Split& split : splits_) {
    const auto d = static_cast<std::size_t>(split.d);
    for (std::size_t t = 0; t < d * d; ++t) {
      const std::size_t s = static_cast<std::size_t>(split.first) + t;
      visit(subcell(s), t % d > 0 ? subcell(s - 1) : none, t >= d ? subcell(s - d) : none);
    }
  }
}

std::span<const int> SurfaceQuery::faces_at(const Vec2& p_W) const {
  const Vec2 q = (p_W - grid_.origin) / grid_.cell;
  if (faces_.empty() || !(q.x() >= 0 && q.y() >= 0 && q.x() < grid_.nx && q.y() < grid_.ny)) return {};
  const int i = static_cast<int>(q.x()), j = static_cast<int>(q.y());
  const std::size_t k = static_cast<std::size_t>(j) * grid_.nx + i;
  const int* first = items_.data() + cell_start_[k];
  const int* last = items_.data() + cell_start_[k + 1];
  if (last - first != 1 || *first >= 0) return {first, last};
  const Split& split = splits_[static_cast<std::size_t>(~*first)];
  const int si = std::min(static_cast<int>((q.x() - i) * split.d), split.d - 1);
  const int sj = std::min(static_cast<int>((q.y() - j) * split.d), split.d - 1);
  const std::size_t s = static_cast<std::size_t>(split.first + sj * split.d + si);
  return {sub_items_.data() + sub_start_[s], sub_items_.data() + sub_start_[s + 1]};
}

bool SurfaceQuery::covers(const Face& f, const Vec2& p) const {
  // Inside or on the edge, whichever the winding; a relative tolerance keeps shared edges covered.
  const double d0 = edge(f.a, f.b, p), d1 = edge(f.b, f.c, p), d2 = edge(f.c, f.a, p);
  const double tol = 1e-12 * std::abs(edge(f.a, f.b, f.c));
  return (d0 >= -tol && d1 >= -tol && d2 >= -tol) || (d0 <= tol && d1 <= tol && d2 <= tol);
}

template <class Keep, class Better>
double SurfaceQuery::pick(const Vec2& p_W, Keep keep, Better better, int& face) const {
  face = -1;
  double best = std::numeric_limits<double>::quiet_NaN();
  for (const int index : faces_at(p_W)) {
    const Face& f = faces_[static_cast<std::size_t>(index)];
    const double z = f.height_at(p_W);
    if (keep(z) && (std::isnan(best) || better(z, best)) && covers(f, p_W)) best = z, face = index;
  }
  return best;
}

std::array<double, 3> SurfaceQuery::edge_values(std::size_t n, const Vec2& p_W) const {
  const Face& f = faces_[n];
  const double w = interiors_[n].winding;
  return {w * edge(f.a, f.b, p_W), w * edge(f.b, f.c, p_W), w * edge(f.c, f.a, p_W)};
}

bool SurfaceQuery::well_inside(const Interior& in, const std::array<double, 3>& d) {
  return d[0] > in.inset[0] && d[1] > in.inset[1] && d[2] > in.inset[2];
}

bool SurfaceQuery::answers_without_scan(int face, const Vec2& p_W) const {
  if (face < 0) return false;
  const auto n = static_cast<std::size_t>(face);
  return well_inside(interiors_[n], edge_values(n, p_W));
}

int SurfaceQuery::answering_face(int face, const Vec2& p_W) const {
  for (int step = 0; face >= 0; ++step) {
    const auto n = static_cast<std::size_t>(face);
    const std::array<double, 3> d = edge_values(n, p_W);
    const Interior& in = interiors_[n];
    if (well_inside(in, d)) return face;
    if (step == kMaxWalk) return -1;
    // Across the edge the point lies farthest beyond (by its edge function); none: it is inside, near an edge.
    const auto e = static_cast<std::size_t>(std::min_element(d.begin(), d.end()) - d.begin());
    face = d[e] < 0 ? in.across[e] : -1;
  }
  return -1;
}

double SurfaceQuery::height_below(const Vec2& p_W, double z_hint, int& face) const {
  const double ceiling = z_hint + kStepAllowance;
  if (const int known = answering_face(face, p_W); known >= 0) {
    face = known;
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
