#pragma once
// How a lane section's lanes are cut across into the strips the mesh is made of. Without a lateral profile
// the cross-section is straight within a lane, and each lane is one strip between its two borders. A road's
// lateral profile bends it (shapes: a crown, a gutter; a crossfall falling both ways from a reference line
// inside a lane): each lane is cut into n strips at tau = q / n, n = 1, 3, 7, ... until the exact
// cross-section lies within half the tolerance of its chords (the sampler spends the other half along s), at
// the section's breaks and between them; the points of a strip include its quarter points, on the exact
// surface, which the sampler probes (surface_sampling.hpp). n stays odd so that the lane's centre, where lane
// drives and SUMO's vehicles run, lies inside a strip: on its edge, the surface query could not take the
// car's last face as the answer (SurfaceQuery::answering_face) and scanned its cell every step.
#include <cstddef>
#include <vector>

#include "core/math.hpp"
#include "detectors/scenes/opendrive/opendrive_options.hpp"
#include "detectors/scenes/opendrive/road_surface.hpp"
#include "detectors/scenes/opendrive/surface_sampling.hpp"

namespace crashbench::odr {

/// At most this many strips across a lane: a shape that folds or jumps inside a lane would take any number.
inline constexpr int kMostStripsAcross = 63;

struct LaneStrips {
  int across = 0;    ///< strips a lane; 0: one straight strip between the lane's two border points
  double worst = 0;  ///< the largest distance of the exact cross-section from its chords, at that many [m]

  int points_per_lane() const { return across == 0 ? 2 : 4 * across + 1; }
  /// Appends the points of `lane` at s (from its inner border outward) to `points`.
  void append_points(const RoadSurface& surface, double s, const LaneSpan& lane, std::vector<Vec3>& points) const;
  /// Appends the strips of the lane whose points start at index `first`.
  void append_strips(int first, std::vector<Strip>& strips) const;
};

/// The strips across the drivable lanes of `surface`'s lane section `k`, for `options.tolerance`.
LaneStrips lane_strips(const RoadSurface& surface, std::size_t k, const OpenDriveOptions& options);

}  // namespace crashbench::odr
