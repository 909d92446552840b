#pragma once
// Where to cut a lane section across so that triangles between the cuts stay within a distance of the
// exact surface. Each lane (or strip of a lane across, where a lateral profile bends it: lane_strips.hpp)
// between two cuts s0 < s1 becomes the quad A = P_in(s0), B = P_in(s1), C = P_out(s1), D = P_out(s0), split
// along A-C. The exact surface at (s, tau) in the lane is (1 - tau) P_in(s) + tau P_out(s) (the cross-section
// is straight within a lane; a strip's lies within lane_strips' share of the tolerance). An interval is accepted
// when, at probes sigma = 1/4, 1/2, 3/4 along it and tau = 0, 1/4, 1/2, 3/4, 1 across each lane, every exact
// point lies within the tolerance of the quad's triangles, and those on the lane's edges (tau 0 and 1) of
// the edge's chord; otherwise it is halved. (Not of the mesh point of the same parameters: on a lane that
// widens fast the parameters slide along the surface, and that distance, large where the mesh lies on the
// surface, cut such lanes to the 1 mm floor.)
#include <functional>
#include <span>
#include <utility>
#include <vector>

#include "core/math.hpp"

namespace crashbench::odr {

/// Fills the points across the section at s (world frame [m]); strips index into them.
using SectionPoints = std::function<void(double s, std::vector<Vec3>& points)>;

struct Sampling {
  std::vector<double> s;  ///< the cuts [m], increasing, from the first break to the last
  double worst = 0;       ///< the largest probe distance of the accepted intervals [m]
};

/// Cuts between consecutive `breaks` (sorted, at least two), each interval halved until its probes lie
/// within `tolerance` [m] of the mesh for every strip (pairs of inner and outer point indices) and it is at
/// most `longest` [m]; intervals below 1 mm are accepted as they are (their error still counts in `worst`).
/// Throws Error once the cuts pass `most_cuts` (the caller's share of the triangle budget).
Sampling sample_section(std::span<const double> breaks, const SectionPoints& points,
                        std::span<const std::pair<int, int>> strips, double tolerance, double longest,
                        std::size_t most_cuts);

}  // namespace crashbench::odr
