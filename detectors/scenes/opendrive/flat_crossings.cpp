#include "detectors/scenes/opendrive/flat_crossings.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <unordered_map>
#include <utility>

#include "detectors/geometry/geometry.hpp"
#include "detectors/scenes/opendrive/road_mesh.hpp"

namespace crashbench::odr {
namespace {

constexpr double kSampleStep = 2.0;   // [m] between reference-line samples
constexpr double kCell = 20.0;        // [m] grid cell for the segments
constexpr double kEndMargin = 1.0;    // [m] a crossing this near a road's end is where two roads join
constexpr double kHalfLongVehicle = 6.0;  // [m] added to a crossing's reach: a CG that far from the overlap

/// A piece of a road's reference line, with its s range and heights at both ends.
struct Piece {
  int road = 0;
  Vec3 a = Vec3::Zero(), b = Vec3::Zero();
  double s0 = 0, s1 = 0;
};

bool has_drivable_lane(const Road& road, const OpenDriveOptions& options) {
  for (const LaneSection& section : road.sections)
    for (const auto* side : {&section.left, &section.right})
      for (const Lane& lane : *side)
        if (is_drivable(lane, options)) return true;
  return false;
}

/// A junction that road `a` joins at an end within `reach` of its `s_a` and road `b` at an end within `reach`
/// of its `s_b` [m], or "".
std::string junction_joining(const Road& a, double s_a, const Road& b, double s_b, double reach) {
  const auto near_ends = [reach](const Road& road, double s) {
    std::vector<const std::string*> out;
    const Link &start = road.predecessor, &end = road.successor;
    if (start.element_type == "junction" && s <= reach) out.push_back(&start.element_id);
    if (end.element_type == "junction" && road.length - s <= reach) out.push_back(&end.element_id);
    return out;
  };
  for (const std::string* x : near_ends(a, s_a))
    for (const std::string* y : near_ends(b, s_b))
      if (*x == *y) return *x;
  return "";
}

/// The farthest a lane of `road` reaches from its reference line at `s` [m].
double half_extent(const RoadSurface& road, double s) {
  std::vector<LaneSpan> spans;
  road.spans(road.section_at(s), s, spans);
  double far = 0;
  for (const LaneSpan& span : spans) far = std::max({far, std::abs(span.t_inner), std::abs(span.t_outer)});
  return far;
}

}  // namespace

std::vector<FlatCrossing> flat_crossings(const std::vector<RoadSurface>& roads, const OpenDriveOptions& options) {
  std::vector<Piece> pieces;
  for (std::size_t r = 0; r < roads.size(); ++r) {
    const Road& road = roads[r].road();
    if (road.in_junction() || !(road.length > 2 * kEndMargin) || !has_drivable_lane(road, options)) continue;
    const int n = std::max(1, static_cast<int>(std::ceil(road.length / kSampleStep)));
    Vec3 last = roads[r].point(0, 0);
    for (int k = 1; k <= n; ++k) {
      const double s = road.length * k / n;
      const Vec3 next = roads[r].point(s, 0);
      pieces.push_back({static_cast<int>(r), last, next, road.length * (k - 1) / n, s});
      last = next;
    }
  }
  // Each piece in the cells its box meets.
  std::unordered_map<long long, std::vector<int>> cells;
  const auto key = [](long long i, long long j) { return (i << 32) ^ (j & 0xffffffffLL); };
  for (std::size_t k = 0; k < pieces.size(); ++k) {
    const Piece& p = pieces[k];
    const auto lo_i = static_cast<long long>(std::floor(std::min(p.a.x(), p.b.x()) / kCell));
    const auto hi_i = static_cast<long long>(std::floor(std::max(p.a.x(), p.b.x()) / kCell));
    const auto lo_j = static_cast<long long>(std::floor(std::min(p.a.y(), p.b.y()) / kCell));
    const auto hi_j = static_cast<long long>(std::floor(std::max(p.a.y(), p.b.y()) / kCell));
    for (long long i = lo_i; i <= hi_i; ++i)
      for (long long j = lo_j; j <= hi_j; ++j) cells[key(i, j)].push_back(static_cast<int>(k));
  }
  // By (road, road): the crossing at the least s along the first road.
  struct First {
    double s = 0;
    FlatCrossingZone zone;
    double overlap = 0;
    std::string junction;
  };
  std::map<std::pair<int, int>, First> first;
  for (const auto& [cell, list] : cells)
    for (std::size_t x = 0; x < list.size(); ++x)
      for (std::size_t y = x + 1; y < list.size(); ++y) {
        const Piece *p = &pieces[static_cast<std::size_t>(list[x])], *q = &pieces[static_cast<std::size_t>(list[y])];
        if (p->road == q->road) continue;
        if (p->road > q->road) std::swap(p, q);
        const Vec2 pa = p->a.head<2>(), u = p->b.head<2>() - pa, qa = q->a.head<2>(), v = q->b.head<2>() - qa;
        const double d = cross(u, v);
        if (!(std::abs(d) >= kLeastCrossingSine * u.norm() * v.norm())) continue;  // parallel, or too shallow a crossing
        const double f = cross(qa - pa, v) / d, g = cross(qa - pa, u) / d;
        if (f < 0 || f > 1 || g < 0 || g > 1) continue;
        const double sp = p->s0 + f * (p->s1 - p->s0), sq = q->s0 + g * (q->s1 - q->s0);
        const double lp = roads[static_cast<std::size_t>(p->road)].road().length;
        const double lq = roads[static_cast<std::size_t>(q->road)].road().length;
        if (sp < kEndMargin || sp > lp - kEndMargin || sq < kEndMargin || sq > lq - kEndMargin) continue;
        const double zp = p->a.z() + f * (p->b.z() - p->a.z()), zq = q->a.z() + g * (q->b.z() - q->a.z());
        if (!(std::abs(zp - zq) < kLevelSeparation)) continue;
        const std::pair<int, int> pair{p->road, q->road};
        if (const auto seen = first.find(pair); seen != first.end() && seen->second.s <= sp) continue;
        const double sine = std::abs(d) / (u.norm() * v.norm());
        const RoadSurface& road_p = roads[static_cast<std::size_t>(p->road)];
        const RoadSurface& road_q = roads[static_cast<std::size_t>(q->road)];
        const double overlap = (half_extent(road_p, sp) + half_extent(road_q, sq)) / sine;
        first[pair] = {sp, {pa + f * u, overlap + kHalfLongVehicle}, overlap,
                       junction_joining(road_p.road(), sp, road_q.road(), sq, overlap)};
      }
  std::vector<FlatCrossing> out;
  for (const auto& [pair, crossing] : first)
    out.push_back({roads[static_cast<std::size_t>(pair.first)].road().id, roads[static_cast<std::size_t>(pair.second)].road().id,
                   pair.first, pair.second, crossing.zone, crossing.overlap, crossing.junction});
  return out;
}

std::vector<std::vector<WallGap>> edge_wall_gaps(const std::vector<FlatCrossing>& bridges, std::size_t roads) {
  constexpr double kGapMargin = 1.0;  // [m] beyond the overlap: the wall's last sampled piece may reach past it
  std::vector<std::vector<WallGap>> out(roads);
  for (const FlatCrossing& x : bridges)
    for (const int road : {x.index_a, x.index_b})
      out[static_cast<std::size_t>(road)].push_back({x.zone.at_W, x.overlap + kGapMargin});
  return out;
}

}  // namespace crashbench::odr
