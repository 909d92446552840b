// Where the swept detection tests poses: how many substeps a step needs, and the pose at a fraction of it.
#include <algorithm>
#include <cmath>

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

GrowthRates growth_rates(const VehiclePose& a, const VehiclePose& b, double& motion) {
  // A point at q from the CG moves by (t - f) d + (R(theta_t) - R(theta_f)) q from the pose at f: along a
  // unit u at most |t - f| (|d.u| + |dtheta| r). The heading at f is within |dtheta| of the start's, so
  // |d.u_f| <= |d.u_0| + |d| |dtheta|. Over the whole step (|t - f| <= 1):
  const Vec2 d = b.position_W - a.position_W;
  const double turn = std::abs(b.heading - a.heading), path = d.norm(), reach = corner_reach(b.size);
  const double turning = turn * (path + reach);
  const Vec2 along = a.forward_W();
  motion = path + turn * reach;  // pose_motion(a, b), term for term
  return {std::min(motion, std::abs(d.dot(along)) + turning), std::min(motion, std::abs(cross(along, d)) + turning)};
}

GrowthRates growth_rates(const VehiclePose& a, const VehiclePose& b) {
  double motion = 0;
  return growth_rates(a, b, motion);
}

void SubstepBounds::add(const RectangleSize& size, double motion) {
  // Two vehicles can close at the sum of their motions: half the smallest inradius each.
  safe = std::min(safe, 0.5 * inradius(size));
  most = std::max(most, motion);
}

void SubstepBounds::add(const SubstepBounds& other) {
  safe = std::min(safe, other.safe);
  most = std::max(most, other.most);
}

int SubstepBounds::substeps() const {
  if (!(safe > 0) || !(most > safe)) return 1;  // also a non-finite motion: nothing to cut
  const double n = std::ceil(most / safe);
  return n < kMaxSweepSubsteps ? static_cast<int>(n) : kMaxSweepSubsteps;
}

int sweep_substeps(std::span<const VehiclePose> start, std::span<const VehiclePose> end) {
  SubstepBounds bounds;
  for (std::size_t v = 0; v < end.size(); ++v) bounds.add(end[v].size, pose_motion(start[v], end[v]));
  return bounds.substeps();
}

}  // namespace crashbench
