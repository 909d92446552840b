#include "detectors/scenes/surface_query.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cmath>
#include <functional>
#include <future>
#include <numeric>

#include "detectors/scenes/triangle_extraction.hpp"

namespace crashbench {
namespace {

/// Faces the guesses across unjoined edges may read, per face (link_neighbours): the junctions of
/// netconvert's networks (4 m cells, subcell lists of hundreds) spend up to 185, torcs-data's tracks 41.
constexpr double kGuessBudget = 512;
/// A guess whose point's list is longer is not made: a cell of thousands of slivers (a fuzzed lane 5 km
/// wide, cut every millimetre) would spend the whole budget on a few guesses. Real lists at guesses: up to
/// 1,052 (netconvert's spider junctions), 307 on torcs-data's tracks.
constexpr std::size_t kGuessListMost = 4096;

}  // namespace

SurfaceQuery::SurfaceQuery(const std::vector<Triangle>& all, double tolerance_deg, GroundGrid barrier_bottoms,
                           double above_road_max)
    : SurfaceQuery(SurfaceQuery(all, tolerance_deg), std::move(barrier_bottoms), above_road_max) {}

SurfaceQuery::SurfaceQuery(SurfaceQuery index, GroundGrid barrier_bottoms, double above_road_max)
    : SurfaceQuery(std::move(index)) {
  barrier_bottoms_ = std::move(barrier_bottoms);
  above_road_max_ = above_road_max;
}

SurfaceQuery::SurfaceQuery(const std::vector<Triangle>& all, double tolerance_deg) {
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
  interiors_.resize(faces_.size());
  for (std::size_t n = 0; n < faces_.size(); ++n) {
    const Face& f = faces_[n];
    interiors_[n].winding = edge_function(f.a, f.b, f.c) > 0 ? 1 : -1;
  }
  // The walk's links and the rivals, each a sixth to a half of a real track's index, need only the lists
  // and the windings, and write fields of their own: the links on a second thread. (On a throw here, the
  // future's destructor waits for them.)
  std::future<void> linked = std::async(std::launch::async, [this] { link_neighbours(); });
  find_interiors();
  linked.get();
}

void SurfaceQuery::link_neighbours() {
  // Each edge by a hash of its corners, rounded to kJoinTolerance and taken in order (so that the two faces
  // sharing it agree), sorted: a hash met exactly twice joins the two faces. Rounded, the last face of one
  // OpenDRIVE road meets the first of the next (their corners agree to micrometres, not bits). A wrong
  // join, or a missed one, costs only time: the face a walk reaches answers only if the point lies well
  // inside it.
  // The corners rounded once per face (each is on two of its edges).
  const auto key = [](const std::array<std::int64_t, 6>& r, int e) {
    const auto c = static_cast<std::size_t>(2 * e), d = static_cast<std::size_t>(2 * ((e + 1) % 3));
    std::array<std::int64_t, 4> k = {r[c], r[c + 1], r[d], r[d + 1]};
    if (std::tie(k[2], k[3]) < std::tie(k[0], k[1])) std::swap(k[0], k[2]), std::swap(k[1], k[3]);
    std::uint64_t h = 0;
    for (const std::int64_t x : k) h = (h ^ static_cast<std::uint64_t>(x)) * 0x9e3779b97f4a7c15ull;
    return h ^ (h >> 29);
  };
  struct HalfEdge {
    std::uint64_t key;
    int face, edge;
  };
  std::vector<HalfEdge> half(3 * faces_.size());
  for (std::size_t n = 0; n < faces_.size(); ++n) {
    std::array<std::int64_t, 6> rounded;
    const Vec2* corners[3] = {&faces_[n].a, &faces_[n].b, &faces_[n].c};
    for (std::size_t c = 0; c < 3; ++c) {
      rounded[2 * c] = std::llround(corners[c]->x() / kJoinTolerance);
      rounded[2 * c + 1] = std::llround(corners[c]->y() / kJoinTolerance);
    }
    for (int e = 0; e < 3; ++e)
      half[3 * n + static_cast<std::size_t>(e)] = {key(rounded, e), static_cast<int>(n), e};
  }
  // Ordered by key: counted into buckets by the key's top bits (about 16 half-edges a bucket), then each
  // bucket sorted in cache. std::sort of the whole took 0.56 s on netconvert's spider (4.4 million).
  const int bits = std::clamp(static_cast<int>(std::bit_width(half.size())) - 4, 1, 20);
  std::vector<std::size_t> bucket_start((std::size_t{1} << bits) + 1, 0);
  const auto bucket = [&](const HalfEdge& h) { return static_cast<std::size_t>(h.key >> (64 - bits)); };
  for (const HalfEdge& h : half) ++bucket_start[bucket(h) + 1];
  std::partial_sum(bucket_start.begin(), bucket_start.end(), bucket_start.begin());
  std::vector<HalfEdge> by_key(half.size());
  std::vector<std::size_t> next(bucket_start.begin(), bucket_start.end() - 1);
  for (const HalfEdge& h : half) by_key[next[bucket(h)]++] = h;
  const auto at = [&](std::size_t k) { return by_key.begin() + static_cast<long>(k); };
  const auto by_hash = [](const HalfEdge& l, const HalfEdge& r) { return l.key < r.key; };
  for (std::size_t b = 0; b + 1 < bucket_start.size(); ++b)
    std::sort(at(bucket_start[b]), at(bucket_start[b + 1]), by_hash);
  half = std::move(by_key);
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
  const double d0 = edge_function(f.a, f.b, p), d1 = edge_function(f.b, f.c, p), d2 = edge_function(f.c, f.a, p);
  const double tol = 1e-12 * std::abs(edge_function(f.a, f.b, f.c));
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
  return {w * edge_function(f.a, f.b, p_W), w * edge_function(f.b, f.c, p_W), w * edge_function(f.c, f.a, p_W)};
}

bool SurfaceQuery::well_inside(const Interior& in, const std::array<double, 3>& d) {
  return d[0] > in.inset[0] && d[1] > in.inset[1] && d[2] > in.inset[2];
}

bool SurfaceQuery::answers_without_scan(int face, const Vec2& p_W) const {
  if (face < 0) return false;
  const auto n = static_cast<std::size_t>(face);
  return well_inside(interiors_[n], edge_values(n, p_W)) && clear_of_rival_box(interiors_[n], p_W);
}

int SurfaceQuery::answering_face(int face, const Vec2& p_W) const {
  for (int step = 0; face >= 0; ++step) {
    const auto n = static_cast<std::size_t>(face);
    const std::array<double, 3> d = edge_values(n, p_W);
    const Interior& in = interiors_[n];
    if (well_inside(in, d)) return clear_of_rival_box(in, p_W) ? face : -1;  // inside its rivals' box: the scan
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

double SurfaceQuery::nearest_to(const Vec2& p_W, double z, int& face) const {
  return pick(p_W, [](double) { return true; }, [z](double a, double b) { return std::abs(a - z) < std::abs(b - z); },
              face);
}

double SurfaceQuery::lowest_at(const Vec2& p_W) const {
  int face = -1;
  return pick(p_W, [](double) { return true; }, std::less<>(), face);
}

}  // namespace crashbench
