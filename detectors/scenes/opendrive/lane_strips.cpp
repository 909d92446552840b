#include "detectors/scenes/opendrive/lane_strips.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <span>

#include "detectors/scenes/opendrive/road_mesh.hpp"

namespace crashbench::odr {
namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();

/// The exact surface point `tau` of the way across `lane` at s (the lane's height goes linearly across it).
Vec3 across_lane(const RoadSurface& surface, double s, const LaneSpan& lane, double tau) {
  // The borders themselves at tau 0 and 1: a + 1 (b - a) may round off b.
  if (tau == 0) return surface.point(s, lane.t_inner, lane.dz_inner);
  if (tau == 1) return surface.point(s, lane.t_outer, lane.dz_outer);
  return surface.point(s, lane.t_inner + tau * (lane.t_outer - lane.t_inner),
                       lane.dz_inner + tau * (lane.dz_outer - lane.dz_inner));
}

/// The largest distance of the exact cross-section of `lane` at s from its chords, cut into n strips: at
/// each strip's quarter points (from its own chord), and either side of each t in `bends`, where the profile
/// may kink or step (from the nearest of the chords around it: a step's top edge lies nearest the next strip's
/// steep chord).
double chord_error(const RoadSurface& surface, double s, const LaneSpan& lane, int n, std::span<const double> bends) {
  std::vector<Vec3> corners;
  for (int q = 0; q <= n; ++q) corners.push_back(across_lane(surface, s, lane, q == n ? 1.0 : double(q) / n));
  const auto from_chord = [&](const Vec3& p, int q) {
    return distance_to_segment(p, corners[static_cast<std::size_t>(q)], corners[static_cast<std::size_t>(q) + 1]);
  };
  double worst = 0;
  for (int q = 0; q < n; ++q)
    for (const double m : {0.25, 0.5, 0.75})
      worst = std::max(worst, from_chord(across_lane(surface, s, lane, (q + m) / n), q));
  const double width = lane.t_outer - lane.t_inner;
  for (const double t : bends) {
    const double tau = width == 0 ? -1 : (t - lane.t_inner) / width;
    if (!(tau >= 0 && tau <= 1)) continue;
    const double dz = lane.dz_inner + tau * (lane.dz_outer - lane.dz_inner);
    const int q = std::min(n - 1, static_cast<int>(tau * n));  // the strip it lies in, or on the edge of
    for (const double side : {t, std::nextafter(t, -kInfinity)}) {
      const Vec3 p = surface.point(s, side, dz);
      double nearest = kInfinity;
      for (int r = std::max(0, q - 1); r <= std::min(n - 1, q + 1); ++r) nearest = std::min(nearest, from_chord(p, r));
      worst = std::max(worst, nearest);
    }
  }
  return worst;
}

}  // namespace

void LaneStrips::append_points(const RoadSurface& surface, double s, const LaneSpan& lane,
                               std::vector<Vec3>& points) const {
  for (int q = 0; q <= across; ++q)
    points.push_back(across_lane(surface, s, lane, q == across ? 1.0 : static_cast<double>(q) / across));
}

void LaneStrips::append_strips(int first, std::vector<std::pair<int, int>>& strips) const {
  for (int q = 0; q < across; ++q) strips.emplace_back(first + q, first + q + 1);
}

LaneStrips lane_strips(const RoadSurface& surface, std::size_t k, const OpenDriveOptions& options) {
  LaneStrips out;
  if (!surface.shaped()) return out;
  // Where the cross-section is asked: at every break of the section (shape profiles among them) and halfway
  // between, where two profiles blend evenly.
  const std::vector<double> breaks = surface.breaks(k);
  const std::vector<double>& bends = surface.lateral_bends();
  std::vector<double> at = breaks;
  for (std::size_t i = 1; i < breaks.size(); ++i) at.push_back(0.5 * (breaks[i - 1] + breaks[i]));
  // Raised where a cross-section needs it, never lowered: one that passed with fewer strips lies closer still
  // to more chords, and the error counted for it is the one it passed with.
  std::vector<LaneSpan> spans;
  for (const double s : at) {
    surface.spans(k, s, spans);
    for (const LaneSpan& lane : spans) {
      if (!is_drivable(*lane.lane, options)) continue;
      double error = chord_error(surface, s, lane, out.across, bends);
      while (error > 0.5 * options.tolerance && out.across < kMostStripsAcross)
        error = chord_error(surface, s, lane, out.across = 2 * out.across + 1, bends);
      out.worst = std::max(out.worst, error);
    }
  }
  return out;
}

}  // namespace crashbench::odr
