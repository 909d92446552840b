#include "detectors/scenes/opendrive/lane_strips.hpp"

#include <algorithm>

#include "detectors/scenes/opendrive/road_mesh.hpp"

namespace crashbench::odr {
namespace {

/// The exact surface point `tau` of the way across `lane` at s (the lane's height goes linearly across it).
Vec3 across_lane(const RoadSurface& surface, double s, const LaneSpan& lane, double tau) {
  // The borders themselves at tau 0 and 1: a + 1 (b - a) may round off b.
  if (tau == 0) return surface.point(s, lane.t_inner, lane.dz_inner);
  if (tau == 1) return surface.point(s, lane.t_outer, lane.dz_outer);
  return surface.point(s, lane.t_inner + tau * (lane.t_outer - lane.t_inner),
                       lane.dz_inner + tau * (lane.dz_outer - lane.dz_inner));
}

/// The largest distance of the exact cross-section of `lane` at s from its chords, cut into n strips: at
/// each strip's quarter points.
double chord_error(const RoadSurface& surface, double s, const LaneSpan& lane, int n) {
  double worst = 0;
  for (int q = 0; q < n; ++q) {
    const Vec3 a = across_lane(surface, s, lane, static_cast<double>(q) / n);
    const Vec3 b = across_lane(surface, s, lane, static_cast<double>(q + 1) / n);
    for (const double m : {0.25, 0.5, 0.75})
      worst = std::max(worst, distance_to_segment(across_lane(surface, s, lane, (q + m) / n), a, b));
  }
  return worst;
}

}  // namespace

void LaneStrips::append_points(const RoadSurface& surface, double s, const LaneSpan& lane,
                               std::vector<Vec3>& points) const {
  if (across == 0) {
    points.push_back(surface.point(s, lane.t_inner, lane.dz_inner));
    points.push_back(surface.point(s, lane.t_outer, lane.dz_outer));
    return;
  }
  const int last = 4 * across;
  for (int j = 0; j <= last; ++j)
    points.push_back(across_lane(surface, s, lane, j == last ? 1.0 : static_cast<double>(j) / last));
}

void LaneStrips::append_strips(int first, std::vector<Strip>& strips) const {
  if (across == 0) {
    strips.push_back({first, first + 1, 0});
    return;
  }
  for (int q = 0; q < across; ++q) strips.push_back({first + 4 * q, first + 4 * q + 4, 1});
}

LaneStrips lane_strips(const RoadSurface& surface, std::size_t k, const OpenDriveOptions& options) {
  LaneStrips out;
  if (!surface.shaped()) return out;
  // Where the cross-section is asked: at every break of the section (shape profiles among them) and halfway
  // between, where two profiles blend evenly.
  const std::vector<double> breaks = surface.breaks(k);
  std::vector<double> at = breaks;
  for (std::size_t i = 1; i < breaks.size(); ++i) at.push_back(0.5 * (breaks[i - 1] + breaks[i]));
  // Raised where a cross-section needs it, never lowered: one that passed with fewer strips lies closer still
  // to more chords, and the error counted for it is the one it passed with.
  out.across = 1;
  std::vector<LaneSpan> spans;
  for (const double s : at) {
    surface.spans(k, s, spans);
    for (const LaneSpan& lane : spans) {
      if (!is_drivable(*lane.lane, options)) continue;
      double error = chord_error(surface, s, lane, out.across);
      while (error > 0.5 * options.tolerance && out.across < kMostStripsAcross)
        error = chord_error(surface, s, lane, out.across = 2 * out.across + 1);
      out.worst = std::max(out.worst, error);
    }
  }
  return out;
}

}  // namespace crashbench::odr
