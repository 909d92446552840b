#include "detectors/scenes/opendrive/road_surface.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "core/error.hpp"

namespace crashbench::odr {
namespace {

/// The record starting last at or before `s` (the first when s precedes them all).
template <class Record, class Start>
const Record* record_at(const std::vector<Record>& records, double s, Start start) {
  if (records.empty()) return nullptr;
  const auto after =
      std::upper_bound(records.begin(), records.end(), s, [&](double v, const Record& r) { return v < start(r); });
  return after == records.begin() ? &records.front() : &*(after - 1);
}

double lane_width(const Lane& lane, double ds) {
  const Cubic* w = record_at(lane.widths, ds, [](const Cubic& c) { return c.s; });
  return w ? w->at(ds - w->s) : 0.0;
}

}  // namespace

double evaluate(const std::vector<Cubic>& records, double s) {
  const Cubic* r = record_at(records, s, [](const Cubic& c) { return c.s; });
  return r ? r->at(s - r->s) : 0.0;
}

RoadSurface::RoadSurface(const Road& road) : road_(road), line_(road) {
  for (std::size_t i = 0; i < road.shapes.size(); ++i)
    if (i == 0 || road.shapes[i].s != road.shapes[i - 1].s) profiles_.push_back(i);
  for (const Shape& r : road.shapes) bends_.push_back(r.across.s);
  if (!road.crossfalls.empty()) bends_.push_back(0);
  std::sort(bends_.begin(), bends_.end());
  bends_.erase(std::unique(bends_.begin(), bends_.end()), bends_.end());
}

double RoadSurface::profile_height(std::size_t p, double t) const {
  const auto first = road_.shapes.begin() + static_cast<std::ptrdiff_t>(profiles_[p]);
  const auto last = p + 1 < profiles_.size() ? road_.shapes.begin() + static_cast<std::ptrdiff_t>(profiles_[p + 1])
                                             : road_.shapes.end();
  // The record starting last at or before t (the first, before them all).
  const auto after = std::upper_bound(first, last, t, [](double v, const Shape& r) { return v < r.across.s; });
  const Cubic& c = (after == first ? *first : *(after - 1)).across;
  return c.at(t - c.s);
}

double RoadSurface::shape_height(double s, double t) const {
  if (profiles_.empty()) return 0;
  const auto after = std::upper_bound(profiles_.begin(), profiles_.end(), s,
                                      [&](double v, std::size_t i) { return v < road_.shapes[i].s; });
  if (after == profiles_.begin()) return profile_height(0, t);
  const auto p = static_cast<std::size_t>(after - profiles_.begin()) - 1;
  if (after == profiles_.end()) return profile_height(p, t);
  // Between two profiles the height goes linearly from one to the other, as OpenDRIVE 1.6 defines shapes.
  const double s0 = road_.shapes[profiles_[p]].s, s1 = road_.shapes[*after].s, w = (s - s0) / (s1 - s0);
  return (1 - w) * profile_height(p, t) + w * profile_height(p + 1, t);
}

double RoadSurface::crossfall_height(double s, double t) const {
  const Crossfall* c = record_at(road_.crossfalls, s, [](const Crossfall& r) { return r.angle.s; });
  if (!c || t == 0) return 0;
  const bool applies = c->side == Crossfall::Side::kBoth || (c->side == Crossfall::Side::kLeft) == (t > 0);
  return applies ? -std::abs(t) * std::tan(c->angle.at(s - c->angle.s)) : 0.0;
}

double RoadSurface::lateral_height(double s, double t) const { return shape_height(s, t) + crossfall_height(s, t); }

double RoadSurface::section_end(std::size_t k) const {
  return k + 1 < road_.sections.size() ? std::min(road_.sections[k + 1].s, road_.length) : road_.length;
}

std::size_t RoadSurface::section_at(double s) const {
  std::size_t k = 0;
  while (k + 1 < road_.sections.size() && road_.sections[k + 1].s <= s) ++k;
  return k;
}

void RoadSurface::spans(std::size_t k, double s, std::vector<LaneSpan>& out) const {
  out.clear();
  const LaneSection& section = road_.sections[k];
  // The lane offset, a record of the road, is taken up to just before the section's end: the next section's
  // layout may start there with an offset of its own (CARLA's Town06 ends a 3.5 m laneOffset and a lane of
  // type none inside the driving lane where the next section starts), and this section's lanes on the next
  // offset put a lane's centre and its edge wall 3.5 m aside.
  const double own_s = k + 1 < road_.sections.size() ? std::min(s, std::nextafter(section_end(k), section.s)) : s;
  const double ds = s - section.s, centre = evaluate(road_.lane_offsets, own_s);
  const auto side = [&](const std::vector<Lane>& lanes, double sign, std::vector<LaneSpan>& spans) {
    double t = centre;
    for (const Lane& lane : lanes) {
      LaneSpan span{&lane, t, t, 0, 0};
      // A border record gives the outer border's distance from the centre lane directly.
      if (!lane.borders.empty()) {
        const Cubic* b = record_at(lane.borders, ds, [](const Cubic& c) { return c.s; });
        span.t_outer = centre + sign * b->at(ds - b->s);
      } else {
        span.t_outer = t + sign * lane_width(lane, ds);
      }
      if (const LaneHeight* h = record_at(lane.heights, ds, [](const LaneHeight& r) { return r.s_offset; }))
        span.dz_inner = h->inner, span.dz_outer = h->outer;
      if (!(std::abs(span.t_outer) < kFarthestLaneBorder))
        throw Error("", fmt::format("<road> id {} (line {})", road_.id, road_.line),
                    fmt::format("lane {} (line {}) has its outer border {} m from the reference line at s {}: "
                                "expected less than {} m (a width or border polynomial of absurd size)",
                                lane.id, lane.line, span.t_outer, s, kFarthestLaneBorder));
      t = span.t_outer;
      spans.push_back(span);
    }
  };
  std::vector<LaneSpan> right;
  side(section.left, +1, out);
  std::reverse(out.begin(), out.end());
  side(section.right, -1, right);
  out.insert(out.end(), right.begin(), right.end());
}

Vec3 RoadSurface::point(double s, double t, double dz) const {
  const Pose ref = line_.at(s);
  const double phi = evaluate(road_.superelevation, s);
  const Vec2 left(-std::sin(ref.hdg), std::cos(ref.hdg));
  const Vec2 xy = ref.p_W + t * std::cos(phi) * left;
  const double z = evaluate(road_.elevation, s) + t * std::sin(phi) + dz;
  return {xy.x(), xy.y(), shaped() ? z + lateral_height(s, t) : z};
}

std::vector<double> RoadSurface::breaks(std::size_t k) const {
  const double lo = section_start(k), hi = section_end(k);
  std::vector<double> out{lo, hi};
  const auto add = [&](double s) {
    if (s > lo && s < hi) out.push_back(s);
  };
  for (const double s : line_.starts()) add(s);
  for (const auto* records : {&road_.elevation, &road_.superelevation, &road_.lane_offsets})
    for (const Cubic& c : *records) add(c.s);
  for (const std::size_t p : profiles_) add(road_.shapes[p].s);
  for (const Crossfall& c : road_.crossfalls) add(c.angle.s);
  const LaneSection& section = road_.sections[k];
  for (const auto* side : {&section.left, &section.right})
    for (const Lane& lane : *side) {
      for (const auto* records : {&lane.widths, &lane.borders})
        for (const Cubic& c : *records) add(lo + c.s);
      for (const LaneHeight& h : lane.heights) add(lo + h.s_offset);
    }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end(), [](double a, double b) { return b - a < 1e-9; }), out.end());
  return out;
}

}  // namespace crashbench::odr
