// Where the swept detection tests poses: how many substeps a step needs, and the pose at a fraction of it.
#include <algorithm>
#include <cmath>
#include <limits>

#include "detectors/broadphase/step_pairs.hpp"
#include "detectors/swept.hpp"

namespace crashbench {
namespace {

/// Smallest distance from the CG to an edge of the rectangle [m].
double inradius(const RectangleSize& s) { return std::min({s.cg_to_front, s.cg_to_rear, 0.5 * s.width}); }

}  // namespace

VehiclePose interpolate(const VehiclePose& a, const VehiclePose& b, double f) {
  VehiclePose p = b;
  if (f >= 1) return p;
  p.position_W = a.position_W + f * (b.position_W - a.position_W);
  p.heading = a.heading + f * (b.heading - a.heading);
  return p;
}

int sweep_substeps(std::span<const VehiclePose> start, std::span<const VehiclePose> end) {
  double safe = std::numeric_limits<double>::infinity(), most = 0;
  for (std::size_t v = 0; v < end.size(); ++v) {
    // Two vehicles can close at the sum of their motions: half the smallest inradius each.
    safe = std::min(safe, 0.5 * inradius(end[v].size));
    most = std::max(most, pose_motion(start[v], end[v]));
  }
  if (!(safe > 0) || !(most > safe)) return 1;  // also a non-finite motion: nothing to cut
  const double n = std::ceil(most / safe);
  return n < kMaxSweepSubsteps ? static_cast<int>(n) : kMaxSweepSubsteps;
}

}  // namespace crashbench
