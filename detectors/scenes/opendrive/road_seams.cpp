#include "detectors/scenes/opendrive/road_seams.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <utility>

namespace crashbench::odr {
namespace {

/// A road's cross-section at one end in plan, from its outermost left lane border to its outermost right
/// (the reference point twice where it has no lane), and the way out of the road there [m].
struct CrossSection {
  Vec2 left, right, outward;
};

CrossSection cross_section(const RoadSurface& surface, bool at_end) {
  const double s = at_end ? surface.road().length : 0.0;
  std::vector<LaneSpan> spans;
  surface.spans(surface.section_at(s), s, spans);
  const double t_left = spans.empty() ? 0.0 : spans.front().t_outer;
  const double t_right = spans.empty() ? 0.0 : spans.back().t_outer;
  const double hdg = surface.reference_line().at(s).hdg;
  const Vec2 ahead(std::cos(hdg), std::sin(hdg));
  return {surface.point(s, t_left).head<2>(), surface.point(s, t_right).head<2>(), at_end ? ahead : Vec2(-ahead)};
}

/// How far one end of `from` lies beyond `to`'s end, out of `to`, where it is across from it: the opening
/// between the two surfaces there; negative where they overlap; none where it is not across from `to`.
std::optional<double> beyond(const Vec2& from, const CrossSection& to) {
  const Vec2 d = to.right - to.left;
  const double length2 = d.squaredNorm();
  const double u = length2 > 0 ? (from - to.left).dot(d) / length2 : 0.5;
  if (u < 0 || u > 1) return std::nullopt;
  return (from - to.left).dot(to.outward);
}

/// How wide the surface opens between two linked ends that face each other: the farthest either end's
/// corner lies out beyond the other's, of the corners across from it (a wedge opens on one side; ends that
/// overlap, as roads drawn a few centimetres into each other do, open nothing, nor does a width that
/// changes at the seam); none where no corner is across from the other end.
std::optional<double> facing_opening(const CrossSection& a, const CrossSection& b) {
  std::optional<double> widest;
  for (const auto& [corner, end] : {std::pair{&a.left, &b}, {&a.right, &b}, {&b.left, &a}, {&b.right, &a}})
    if (const std::optional<double> d = beyond(*corner, *end)) widest = std::max(widest.value_or(0.0), *d);
  return widest;
}

/// How wide the surface opens between two linked ends: facing_opening, or where no corner is across from
/// the other end, the distance between the two (a link naming a far end).
double opening(const CrossSection& a, const CrossSection& b) {
  if (const std::optional<double> facing = facing_opening(a, b)) return *facing;
  return std::min({distance_to_segment(a.left, b.left, b.right), distance_to_segment(a.right, b.left, b.right),
                   distance_to_segment(b.left, a.left, a.right), distance_to_segment(b.right, a.left, a.right)});
}

/// Calls visit(road index, at_end, the other road's surface, other_at_end) for each road-to-road link of
/// `roads` with a contactPoint naming a road the list has.
template <class Visit>
void each_link(const std::vector<RoadSurface>& roads, const Visit& visit) {
  std::map<std::string, const RoadSurface*> by_id;
  for (const RoadSurface& r : roads) by_id.emplace(r.road().id, &r);
  for (std::size_t i = 0; i < roads.size(); ++i) {
    const Road& road = roads[i].road();
    for (const bool at_end : {false, true}) {
      const Link& link = at_end ? road.successor : road.predecessor;
      if (link.element_type != "road" || link.contact_point.empty()) continue;
      if (const auto other = by_id.find(link.element_id); other != by_id.end())
        visit(i, at_end, *other->second, link.contact_point == "end");
    }
  }
}

}  // namespace

std::vector<OpenSeam> open_seams(const std::vector<RoadSurface>& roads, double tolerance) {
  std::vector<OpenSeam> out;
  each_link(roads, [&](std::size_t i, bool at_end, const RoadSurface& other, bool other_at_end) {
    const Road& road = roads[i].road();
    const double gap = opening(cross_section(roads[i], at_end), cross_section(other, other_at_end));
    if (gap > tolerance) out.push_back({road.id, other.road().id, at_end, other_at_end, road.line, gap});
  });
  std::stable_sort(out.begin(), out.end(), [](const OpenSeam& a, const OpenSeam& b) { return a.opening > b.opening; });
  return out;
}

std::vector<EndReach> wedge_reaches(const std::vector<RoadSurface>& roads) {
  std::vector<EndReach> out(roads.size());
  each_link(roads, [&](std::size_t i, bool at_end, const RoadSurface& other, bool other_at_end) {
    const std::optional<double> wedge =
        facing_opening(cross_section(roads[i], at_end), cross_section(other, other_at_end));
    if (!wedge || *wedge > kLongestWedgeReach) return;
    double& reach = at_end ? out[i].end : out[i].start;
    reach = std::max(reach, *wedge);
  });
  return out;
}

}  // namespace crashbench::odr
