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

/// How wide the surface opens between two linked ends: the farthest either end's corner lies out beyond
/// the other's, of the corners across from it (a wedge opens on one side; ends that overlap, as roads
/// drawn a few centimetres into each other do, open nothing, nor does a width that changes at the seam);
/// where no corner is across from the other end, the distance between the two (a link naming a far end).
double opening(const CrossSection& a, const CrossSection& b) {
  double widest = 0;
  bool facing = false;
  for (const auto& [corner, end] : {std::pair{&a.left, &b}, {&a.right, &b}, {&b.left, &a}, {&b.right, &a}})
    if (const std::optional<double> d = beyond(*corner, *end)) {
      facing = true;
      widest = std::max(widest, *d);
    }
  if (facing) return widest;
  return std::min({distance_to_segment(a.left, b.left, b.right), distance_to_segment(a.right, b.left, b.right),
                   distance_to_segment(b.left, a.left, a.right), distance_to_segment(b.right, a.left, a.right)});
}

}  // namespace

std::vector<OpenSeam> open_seams(const std::vector<RoadSurface>& roads, double tolerance) {
  std::map<std::string, const RoadSurface*> by_id;
  for (const RoadSurface& r : roads) by_id.emplace(r.road().id, &r);
  std::vector<OpenSeam> out;
  for (const RoadSurface& surface : roads) {
    const Road& road = surface.road();
    for (const bool at_end : {false, true}) {
      const Link& link = at_end ? road.successor : road.predecessor;
      if (link.element_type != "road" || link.contact_point.empty()) continue;
      const auto other = by_id.find(link.element_id);
      if (other == by_id.end()) continue;
      const bool other_at_end = link.contact_point == "end";
      const double gap = opening(cross_section(surface, at_end), cross_section(*other->second, other_at_end));
      if (gap > tolerance) out.push_back({road.id, link.element_id, at_end, other_at_end, road.line, gap});
    }
  }
  std::stable_sort(out.begin(), out.end(), [](const OpenSeam& a, const OpenSeam& b) { return a.opening > b.opening; });
  return out;
}

}  // namespace crashbench::odr
