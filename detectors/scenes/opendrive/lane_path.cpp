#include "detectors/scenes/opendrive/lane_path.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <numbers>
#include <optional>
#include <span>

#include "core/error.hpp"
#include "detectors/scenes/opendrive/road_surface.hpp"

namespace crashbench::odr {
namespace {

constexpr double kFarthestJoin = 2.0;  // [m]: the next road's end must lie this close to the route's end
/// No two points of a route lie closer than this share of its step: a replay reads their turn over a hair
/// as a yaw rate.
constexpr double kClosest = 0.25;

/// The first (`from_start`) or last of `road`'s lane sections that has some length; the first or last if
/// none has. Where a drive starts or ends, lanes are named as that section names them: CARLA's Town03 starts
/// road 242 with a section of no length at s = 0 whose lanes the next section, also at s = 0, renumbers,
/// and the junction's lane links name the lanes as the next section does.
std::size_t end_section(const Road& road, bool from_start) {
  const std::size_t n = road.sections.size();
  const auto has_length = [&](std::size_t k) {
    const double end = k + 1 < n ? std::min(road.sections[k + 1].s, road.length) : road.length;
    return end > road.sections[k].s;
  };
  for (std::size_t i = 0; i < n; ++i)
    if (const std::size_t k = from_start ? i : n - 1 - i; has_length(k)) return k;
  return from_start ? 0 : n - 1;
}

const Road& find_road(const Network& net, const std::string& file, const std::string& id) {
  for (const Road& r : net.roads)
    if (r.id == id) return r;
  throw Error(file, "--odr-road", fmt::format("no road with id '{}'", id));
}

/// Lane `lane` of section `k` across the road at s, or nullopt when the section has no such lane.
std::optional<LaneSpan> span_at(const RoadSurface& surface, double s, std::size_t k, int lane) {
  std::vector<LaneSpan> spans;
  surface.spans(k, s, spans);
  for (const LaneSpan& l : spans)
    if (l.lane->id == lane) return l;
  return std::nullopt;
}

/// The centre of lane `lane` of section `k` at s (false when the section has no such lane).
bool centre_at(const RoadSurface& surface, double s, std::size_t k, int lane, Vec3& out) {
  const std::optional<LaneSpan> l = span_at(surface, s, k, lane);
  if (l) out = surface.point(s, 0.5 * (l->t_inner + l->t_outer), 0.5 * (l->dz_inner + l->dz_outer));
  return l.has_value();
}

/// The same in the section at s.
bool centre_at(const RoadSurface& surface, double s, int lane, Vec3& out) {
  return centre_at(surface, s, surface.section_at(s), lane, out);
}

/// Lane `id` of `section`, or null.
const Lane* lane_of(const LaneSection& section, int id) {
  for (const auto* side : {&section.left, &section.right})
    for (const Lane& l : *side)
      if (l.id == id) return &l;
  return nullptr;
}

/// The id lane `lane` of `section` has in `next`, the section after it (`with_s`) or before it: its link's;
/// without one its own, unless `next`'s lane of that id links back to another (then `lane` ends at `section`
/// and there is none: nullopt). A file without lane links keeps its ids.
std::optional<int> next_section_lane(const LaneSection& section, const LaneSection& next, int lane, bool with_s) {
  const Lane* l = lane_of(section, lane);
  if (l && (with_s ? l->successor : l->predecessor)) return *(with_s ? l->successor : l->predecessor);
  const Lane* same = lane_of(next, lane);
  const std::optional<int> back = same ? (with_s ? same->predecessor : same->successor) : std::nullopt;
  if (back && *back != lane) return std::nullopt;
  return lane;
}

/// A joint turning more than this is no polyline's corner, and its inside is not cut (tan grows without
/// bound towards a reversal) [rad]: 120 deg.
constexpr double kLargestCutTurn = 2 * std::numbers::pi / 3;

/// Where lane `lane`'s centre is taken in section `k`, in order of s: every `step` [m] or less, and at the
/// plan view's kinks (ReferenceLine::kinks), where the centre, a fixed t from a reference line that turns at
/// once, turns with it. Outside the turn (t * turn < 0) the centre jumps across the wedge the turn opens:
/// it is taken at both sides of the joint, so the drive crosses on the chord the surface mesh fills the
/// wedge with. Inside, the two sides' centres overlap and would run back (cubetown, an LGSVL map: 3 cm
/// ahead and 16 deg turned, 213 rad/s for a replay at 25 m/s): the drive cuts the corner where the two
/// lines meet, |t| tan(|turn| / 2) before the joint. No other sample lies within kClosest of a step beyond
/// that.
std::vector<double> centre_samples(const RoadSurface& surface, std::size_t k, int lane, double step) {
  const double start = surface.section_start(k), end = surface.section_end(k);
  if (!(end > start)) return {};  // a section of no length is no part of a drive
  const int n = std::max(1, static_cast<int>(std::ceil((end - start) / step)));
  std::vector<double> samples;
  for (int j = 0; j <= n; ++j) samples.push_back(start + j * (end - start) / n);
  for (const Kink& kink : surface.reference_line().kinks()) {
    if (!(kink.s >= start && kink.s <= end)) continue;
    const std::optional<LaneSpan> span = span_at(surface, kink.s, k, lane);
    if (!span) continue;
    const double t = 0.5 * (span->t_inner + span->t_outer);
    const bool inside = t * kink.turn > 0 && std::abs(kink.turn) < kLargestCutTurn;
    const double cut = inside ? std::abs(t) * std::tan(0.5 * std::abs(kink.turn)) : 0.0;
    std::erase_if(samples, [&](double s) { return std::abs(s - kink.s) < cut + kClosest * step; });
    const std::array<double, 2> at_joint{inside ? kink.s - cut : std::nextafter(kink.s, start), kink.s};
    for (const double s : std::span(at_joint.data(), inside ? 1 : 2))
      if (s >= start && s <= end) samples.push_back(s);
  }
  std::sort(samples.begin(), samples.end());
  return samples;
}

/// Appends the centre of `lane` along the whole road, with s if `forward`, else against it, section by
/// section as lane_in_sections follows it: a lane's id may change from one section to the next (a lane added
/// on the inside renumbers those outside it: ASAM's junction samples in qc-opendrive), and following the id
/// jumped the route 4.5 m across the road. Returns the lane's id in the last section it reaches.
int append_road(const RoadSurface& surface, int lane, bool forward, double step, std::vector<Vec3>& points) {
  const std::vector<std::optional<int>> ids = lane_in_sections(surface.road(), lane, forward);
  for (std::size_t i = 0; i < ids.size(); ++i) {
    const std::size_t k = forward ? i : ids.size() - 1 - i;
    if (!ids[k]) break;  // the lane ended in the section before: the route cannot go on along it
    lane = *ids[k];
    std::vector<double> samples = centre_samples(surface, k, lane, step);
    if (!forward) std::reverse(samples.begin(), samples.end());
    for (const double s : samples) {
      Vec3 p;
      if (!centre_at(surface, s, k, lane, p)) continue;
      // A point a hair from the last (a road's first after the last road's end, 1.1 mm apart in CARLA's
      // Town07, turned 2.7 deg: 1,019 rad/s in a replay) takes its place.
      if (!points.empty() && (p - points.back()).norm() < kClosest * step)
        points.back() = p;
      else
        points.push_back(p);
    }
  }
  return lane;
}

/// The lane ids of `section`, for messages.
std::string lane_ids(const LaneSection& section) {
  std::vector<int> ids;
  for (const auto* side : {&section.left, &section.right})
    for (const Lane& l : *side) ids.push_back(l.id);
  std::sort(ids.begin(), ids.end());
  return fmt::format("{}", fmt::join(ids, ", "));
}

/// The lane of `next` that the file links lane `lane` of `road` to, leaving `road` at its end if `forward`
/// (else at its start): the lane's own successor (predecessor) when the road's link names `next`, or the
/// laneLink of a junction's connection from `road` into `next`; 0 when the file says neither.
int linked_lane(const Network& net, const Road& road, int lane, bool forward, const Road& next) {
  const Link& link = forward ? road.successor : road.predecessor;
  if (link.element_type == "road" && link.element_id == next.id) {
    if (const Lane* l = lane_of(forward ? road.sections.back() : road.sections.front(), lane))
      return (forward ? l->successor : l->predecessor).value_or(0);
  }
  if (link.element_type == "junction")
    for (const Junction& j : net.junctions)
      for (const Connection& c : j.connections)
        if (j.id == link.element_id && c.incoming_road == road.id && c.connecting_road == next.id)
          for (const LaneLink& l : c.lane_links)
            if (l.from == lane) return l.to;
  return 0;
}

}  // namespace

std::vector<LanePoint> lane_route(const Network& net, const std::string& file, const std::vector<std::string>& route,
                                  int lane, double step) {
  std::vector<Vec3> points;
  std::vector<std::size_t> road_of;  // parallel to points
  std::string type;  // the first lane's type: the route stays on lanes of it
  const Road* previous = nullptr;  // the road the route leaves
  for (std::size_t r = 0; r < route.size(); ++r) {
    const Road& road = find_road(net, file, route[r]);
    const RoadSurface surface(road);
    bool forward = road.runs_with_s(lane);
    if (r == 0) {
      // Named as in the section where its drive starts (driving_lanes' rule).
      const LaneSection& start = road.sections[end_section(road, forward)];
      if (!lane_of(start, lane))
        throw Error(file, fmt::format("road '{}'", road.id),
                    fmt::format("no lane {} where its drive starts: the lanes there are {}", lane, lane_ids(start)));
      for (const LaneSection& sec : road.sections)
        if (const Lane* l = lane_of(sec, lane); l && type.empty()) type = l->type;
    } else {
      // The next road on the lane the file links to, if it starts where the route is; else from its
      // nearer end, on the lane of the same type running that way whose centre is nearest.
      const Vec3 here = points.back();
      const auto gap_to = [&](int id) {
        Vec3 p;
        return centre_at(surface, road.runs_with_s(id) ? 0.0 : road.length, id, p) ? (p - here).norm()
                                                                       : std::numeric_limits<double>::infinity();
      };
      const int linked = linked_lane(net, *previous, lane, forward, road);
      double best = linked != 0 ? gap_to(linked) : std::numeric_limits<double>::infinity();
      if (best <= kFarthestJoin) {
        lane = linked, forward = road.runs_with_s(linked);
      } else {
        best = std::numeric_limits<double>::infinity();
        for (const LaneSection& sec : road.sections)
          for (const auto* side : {&sec.left, &sec.right})
            for (const Lane& l : *side)
              if (const double d = gap_to(l.id); l.type == type && d < best) best = d, lane = l.id, forward = road.runs_with_s(l.id);
      }
      if (!(best <= kFarthestJoin))
        throw Error(file, fmt::format("road '{}'", road.id),
                    fmt::format("no lane of it starts within {:g} m of where road '{}' ends on the route", kFarthestJoin, route[r - 1]));
    }
    lane = append_road(surface, lane, forward, step, points);
    road_of.resize(points.size(), r);
    previous = &road;
  }
  std::vector<LanePoint> out(points.size());
  for (std::size_t i = 0; i < points.size(); ++i) {
    const Vec3& a = points[i > 0 ? i - 1 : 0];
    const Vec3& b = points[std::min(i + 1, points.size() - 1)];
    out[i] = {points[i], std::atan2(b.y() - a.y(), b.x() - a.x()), road_of[i]};
  }
  return out;
}

std::vector<std::optional<int>> lane_in_sections(const Road& road, int lane, bool from_start) {
  const std::size_t n = road.sections.size();
  std::vector<std::optional<int>> ids(n);
  const std::size_t first = end_section(road, from_start), last = end_section(road, !from_start);
  std::optional<int> id = lane;
  for (std::size_t k = first;; k = from_start ? k + 1 : k - 1) {
    ids[k] = id;
    if (k == last || !id) break;
    id = next_section_lane(road.sections[k], road.sections[from_start ? k + 1 : k - 1], *id, from_start);
  }
  // Sections of no length beyond either end take that end's id: no drive is taken along them.
  const std::size_t low = std::min(first, last), high = std::max(first, last);
  for (std::size_t k = 0; k < n; ++k) ids[k] = ids[std::clamp(k, low, high)];
  return ids;
}

std::optional<int> lane_at_other_end(const Road& road, int lane, bool from_start) {
  const std::vector<std::optional<int>> ids = lane_in_sections(road, lane, from_start);
  return from_start ? ids.back() : ids.front();
}

bool is_travel_lane(const Lane& lane) {
  return std::ranges::find(kTravelLaneTypes, lane.type) != kTravelLaneTypes.end();
}

std::vector<int> driving_lanes(const Road& road) {
  // Each lane by its id where its drive starts: ids may change between sections (CommonRoad's
  // Roundabout8Course renumbers its left lanes where one ends, and its lane 2 at the road's end is a border).
  std::vector<int> ids;
  const auto add = [&](const LaneSection& section, bool with_s) {
    for (const auto* side : {&section.right, &section.left})
      for (const Lane& lane : *side)
        if (is_travel_lane(lane) && road.runs_with_s(lane.id) == with_s) ids.push_back(lane.id);
  };
  add(road.sections[end_section(road, true)], true);
  add(road.sections[end_section(road, false)], false);
  return ids;
}

}  // namespace crashbench::odr
