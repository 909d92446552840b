#pragma once
// How a lane section's lanes are cut across into the strips the mesh is made of. Without a lateral profile
// the cross-section is straight within a lane, and each lane is one strip between its two borders. A road's
// lateral profile bends it (shapes: a crown, a gutter; a crossfall falling both ways from a reference line
// inside a lane): each lane is cut into n strips at tau = q / n, n = 1, 3, 7, ... until the exact
// cross-section lies within half the tolerance of its chords, at the section's breaks and between them. The
// sampler (surface_sampling.hpp) then cuts along s until the mesh lies within the rest of the tolerance of the
// strips' straight cross-sections, whose edges are on the exact surface: the two errors add up to the
// tolerance. A shape that steps or folds inside a lane (a kerb drawn as a shape) is no nearer with 63 strips;
// its error is kept and said, and the sampler still has half the tolerance, so the road is built, not refused.
// n stays odd so that the lane's centre, where lane drives and SUMO's vehicles run, lies inside a strip: on
// its edge, the surface query could not keep the car's last face as the answer (SurfaceQuery::answering_face)
// and scanned its cell every step.
#include <algorithm>
#include <cstddef>
#include <utility>
#include <vector>

#include "core/math.hpp"
#include "detectors/scenes/opendrive/opendrive_options.hpp"
#include "detectors/scenes/opendrive/road_surface.hpp"

namespace crashbench::odr {

/// At most this many strips across a lane: a shape that steps or folds inside a lane would take any number.
inline constexpr int kMostStripsAcross = 63;

struct LaneStrips {
  int across = 1;    ///< strips a lane
  double worst = 0;  ///< the largest distance of the exact cross-section from its chords, at that many [m]

  int points_per_lane() const { return across + 1; }
  /// Appends the points of `lane` at s across it (from its inner border outward) to `points`.
  void append_points(const RoadSurface& surface, double s, const LaneSpan& lane, std::vector<Vec3>& points) const;
  /// Appends the strips (inner and outer point indices) of the lane whose points start at index `first`.
  void append_strips(int first, std::vector<std::pair<int, int>>& strips) const;
  /// The tolerance left for the sampler along s [m]: the rest of `tolerance`, at least its half.
  double along_tolerance(double tolerance) const { return std::max(0.5 * tolerance, tolerance - worst); }
};

/// The strips across the drivable lanes of `surface`'s lane section `k`, for `options.tolerance`: one a lane
/// (worst 0) on a road without a lateral profile.
LaneStrips lane_strips(const RoadSurface& surface, std::size_t k, const OpenDriveOptions& options);

}  // namespace crashbench::odr
