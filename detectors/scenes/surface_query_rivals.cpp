// SurfaceQuery's rival search (surface_query.hpp): for each face, the faces listed with it that could
// outbid it at a point inside it (its rivals), and how far inside a point must be for every other face
// listed with it to be out of the question (its insets). The queries are in surface_query.cpp, the cell
// lists in surface_query_cells.cpp.
#include "detectors/scenes/surface_query.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <span>
#include <tuple>
#include <vector>

namespace crashbench {
namespace {

/// Cells listing at most this many faces are always compared pairwise; longer lists (an OpenDRIVE town's
/// long lane faces in 1 m cells: up to 179) only while kComparisonBudget lasts.
constexpr std::size_t kAlwaysComparedInCell = 16;
/// Pairs the longer lists may spend, per entry of the cell lists (at least 1e6): the build stays linear
/// in the lists on hostile geometry (thousands of faces in every cell), whose faces are then scanned for.
constexpr double kComparisonBudget = 8;
constexpr double kInfinity = std::numeric_limits<double>::infinity();

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
  const auto outside = [&](const Vec2& p, const Vec2& q) {  // corners counted, not short-circuited
    return int{winding * edge_function(p, q, g.a) <= 0} + int{winding * edge_function(p, q, g.b) <= 0} +
               int{winding * edge_function(p, q, g.c) <= 0} ==
           3;
  };
  return int{outside(f.a, f.b)} + int{outside(f.b, f.c)} + int{outside(f.c, f.a)} > 0;
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
  return int{below_at(f.a)} + int{below_at(f.b)} + int{below_at(f.c)} == 3;
}

/// A face's plane, coefficient by coefficient. Faces with equal planes have the same heights, bit for bit, at
/// every point (the coefficients carry no -0, so equal values are equal bits): neither can outbid the other
/// (the overlapping connecting roads of a flat junction), so they are never each other's rivals.
template <class Face>
std::tuple<double, double, double> plane_of(const Face& f) {
  return {f.z0, f.gx, f.gy};
}

/// The rival search, list after list. A mate that could outbid a face (another plane, not below it) is its
/// rival where their footprints overlap; where they are apart, the face's margin keeps the point beyond
/// the mate's covering reach. Each face keeps its first kMaxRivals distinct rivals; past that, the box of
/// all of them instead (the face is scanned for inside it): bounded memory whatever the geometry.
template <class Face, class Box, std::size_t kMaxRivals>
class RivalRun {
 public:
  RivalRun(std::span<const Face> faces, std::span<const double> reach, std::span<const double> winding,
           double budget)
      : faces_(faces),
        reach_(reach),
        winding_(winding),
        budget_(budget),
        found_(faces.size()),
        found_count_(faces.size(), 0),
        scanned_(faces.size(), 0),
        box_of_(faces.size(), -1),
        margin_(faces.size(), 0.0),
        also_in_(faces.size(), 0) {}

  /// Compares the pairs of `list`. A pair meets again in every list both faces are in (3 to 6 times a pair
  /// on torcs-data's tracks), and comparing it again changes nothing (a rival is kept once, a margin is a
  /// maximum): a pair both of whose faces the list to the left or below also holds was met there (or, in a
  /// list over the budget, both are scanned for), and is skipped.
  void visit(std::span<const int> list, std::span<const int> left, std::span<const int> below) {
    mark(list, left, 1);
    mark(list, below, 2);
    compare_pairs(list);
    for (const int f : list) also_in_[static_cast<std::size_t>(f)] = 0;
  }

  bool scanned(std::size_t f) const { return scanned_[f] != 0; }
  /// The box of face f's rivals when it has more than kMaxRivals, else null.
  const Box* box(std::size_t f) const {
    return box_of_[f] < 0 ? nullptr : &boxes_[static_cast<std::size_t>(box_of_[f])];
  }
  double margin(std::size_t f) const { return margin_[f]; }
  std::span<const int> rivals(std::size_t f) const {
    return {found_[f].data(), static_cast<std::size_t>(found_count_[f])};
  }

 private:
  void add_rival(std::size_t f, int rival) {
    if (scanned_[f]) return;
    if (box_of_[f] >= 0) return grow(boxes_[static_cast<std::size_t>(box_of_[f])], rival);
    const auto first = found_[f].begin(), last = first + found_count_[f];
    if (std::find(first, last, rival) != last) return;
    if (found_count_[f] < static_cast<int>(kMaxRivals)) {
      found_[f][static_cast<std::size_t>(found_count_[f]++)] = rival;
      return;
    }
    // One more than it keeps: from here on the face answers alone outside the box of them all.
    Box all{Vec2::Constant(kInfinity), Vec2::Constant(-kInfinity)};
    for (auto r = first; r != last; ++r) grow(all, *r);
    grow(all, rival);
    box_of_[f] = static_cast<int>(boxes_.size());
    boxes_.push_back(all);
  }

  /// Grows `box` over face g's footprint and its covering reach.
  void grow(Box& box, int g) const {
    const Face& face = faces_[static_cast<std::size_t>(g)];
    const double reach = reach_[static_cast<std::size_t>(g)];
    box.lo = box.lo.cwiseMin(face.a.cwiseMin(face.b).cwiseMin(face.c) - Vec2::Constant(reach));
    box.hi = box.hi.cwiseMax(face.a.cwiseMax(face.b).cwiseMax(face.c) + Vec2::Constant(reach));
  }

  void compare(int f, int g) {
    const auto i = static_cast<std::size_t>(f), j = static_cast<std::size_t>(g);
    if (also_in_[i] & also_in_[j]) return;
    const Face &a = faces_[i], &b = faces_[j];
    if (plane_of(a) == plane_of(b)) return;
    const bool apart = int{edge_separates(a, winding_[i], b)} + int{edge_separates(b, winding_[j], a)} > 0;
    offer(i, g, apart, b, a);
    offer(j, f, apart, a, b);
  }

  /// `mate` (face `g`) to face `f`: a rival where their footprints overlap, a reach its margin keeps clear
  /// of where they are apart, unless it lies below. The plane test, the pair's dearest, only where its
  /// answer can change something (on a real track the margin mostly holds the reach already).
  void offer(std::size_t f, int g, bool apart, const Face& mate, const Face& face) {
    const double reach = reach_[static_cast<std::size_t>(g)];
    if (apart ? reach <= margin_[f] : scanned_[f] != 0) return;  // nothing the plane test could change
    if (lies_below(mate, face)) return;
    apart ? void(margin_[f] = reach) : add_rival(f, g);
  }

  void compare_pairs(std::span<const int> list) {
    if (list.size() <= kAlwaysComparedInCell) {
      for (std::size_t i = 0; i < list.size(); ++i)
        for (std::size_t j = 0; j < i; ++j) compare(list[i], list[j]);
      return;
    }
    // A long list is compared plane against plane, while the budget lasts: all pairs less those within
    // each plane's run (a run of r: r^2 / 2, summed as (k - 1/2) for k = 1 .. r).
    by_plane_.assign(list.begin(), list.end());
    const auto plane = [&](int f) { return plane_of(faces_[static_cast<std::size_t>(f)]); };
    std::sort(by_plane_.begin(), by_plane_.end(), [&](int a, int b) { return plane(a) < plane(b); });
    double pairs = 0.5 * static_cast<double>(list.size()) * static_cast<double>(list.size());
    for (std::size_t i = 0, run = 0; i < by_plane_.size(); ++i) {
      run = i > 0 && plane(by_plane_[i]) == plane(by_plane_[i - 1]) ? run + 1 : 1;
      pairs -= static_cast<double>(run) - 0.5;
    }
    if (pairs > budget_) {
      for (const int f : list) scanned_[static_cast<std::size_t>(f)] = 1;
      return;
    }
    budget_ -= pairs;
    for (std::size_t i = 0, run_start = 0; i < by_plane_.size(); ++i) {
      if (i > 0 && plane(by_plane_[i]) != plane(by_plane_[i - 1])) run_start = i;
      for (std::size_t j = 0; j < run_start; ++j) compare(by_plane_[i], by_plane_[j]);
    }
  }

  /// Marks with `bit` the faces of `list` that `other` holds too (both ascend: they are filled face by face).
  void mark(std::span<const int> list, std::span<const int> other, std::uint8_t bit) {
    for (auto f = list.begin(), o = other.begin(); f != list.end() && o != other.end();) {
      if (*f == *o) also_in_[static_cast<std::size_t>(*f)] |= bit;
      *f < *o ? ++f : *o < *f ? ++o : (++f, ++o);
    }
  }

  std::span<const Face> faces_;
  std::span<const double> reach_, winding_;
  double budget_;
  std::vector<std::array<int, kMaxRivals>> found_;
  std::vector<int> found_count_;
  std::vector<char> scanned_;  // compared in no list (over the budget): always scanned for
  std::vector<int> box_of_;     // index into boxes_ of a face with more rivals than it keeps, else -1
  std::vector<Box> boxes_;
  std::vector<double> margin_;
  std::vector<std::uint8_t> also_in_;  // the current list's faces that the list to the left (1), below (2) holds
  std::vector<int> by_plane_;          // a long list's faces, those of one plane together
};

}  // namespace

void SurfaceQuery::find_interiors() {
  // A remembered face answers with its rivals where every other cell mate cannot: its plane is the face's
  // (the same heights), lies below, or its footprint is apart from the face's interior (a point far enough
  // inside is beyond the mate's covering reach). A rival (a mate overlapping the face, not below it: a
  // bridge deck over the road, the next road's end overlapping this one's by 2 cm) is tested at the point.
  // The windings copied out of interiors_, whose `across` the link thread writes meanwhile (no cache line
  // shared with it in the pair loop).
  std::vector<double> reach(faces_.size()), winding(faces_.size());
  for (std::size_t n = 0; n < faces_.size(); ++n) {
    reach[n] = covering_reach(faces_[n]);
    winding[n] = interiors_[n].winding;
  }
  const double budget = std::max(1e6, kComparisonBudget * static_cast<double>(items_.size() + sub_items_.size()));
  RivalRun<Face, RivalBox, kMaxRivals> run(faces_, reach, winding, budget);
  for_each_list([&](std::span<const int> list, std::span<const int> left, std::span<const int> below) {
    run.visit(list, left, below);
  });
  rival_start_.assign(faces_.size() + 1, 0);
  rivals_.clear();
  rival_boxes_.clear();
  for (std::size_t n = 0; n < faces_.size(); ++n) {
    const RivalBox* box = run.box(n);
    if (!run.scanned(n) && !box) rivals_.insert(rivals_.end(), run.rivals(n).begin(), run.rivals(n).end());
    rival_start_[n + 1] = static_cast<int>(rivals_.size());
    const Face& f = faces_[n];
    Interior& in = interiors_[n];
    in.rival_box = box && !run.scanned(n) ? static_cast<int>(rival_boxes_.size()) : -1;
    if (in.rival_box >= 0) rival_boxes_.push_back(*box);
    const double lengths[3] = {(f.b - f.a).norm(), (f.c - f.b).norm(), (f.a - f.c).norm()};
    for (int e = 0; e < 3; ++e)
      in.inset[e] = run.scanned(n) ? kInfinity : std::max(run.margin(n), reach[n]) * lengths[e];
  }
}

template <class Visit>
void SurfaceQuery::for_each_list(Visit visit) const {
  const std::span<const int> none;
  const auto is_split = [&](std::size_t k) {
    return cell_start_[k + 1] - cell_start_[k] == 1 && items_[static_cast<std::size_t>(cell_start_[k])] < 0;
  };
  const auto cell = [&](std::size_t k) {  // a split cell's faces are in its subcells
    return is_split(k) ? none
                       : std::span<const int>(items_.data() + cell_start_[k], items_.data() + cell_start_[k + 1]);
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

}  // namespace crashbench
