// Impulse reset after the impulse: the rest of the step, swept again for this vehicle against the scene,
// so that a car spun round by a corner hit meets the wall again inside the same step instead of ending it
// through the wall.
#include "cases/runner/impact_pass.hpp"

#include "cases/runner/time_of_impact.hpp"
#include "detectors/swept.hpp"

namespace crashbench {
namespace {

/// At most this many more impacts of one vehicle with the scene inside one step after its first.
constexpr int kMaxImpactsAfterFirst = 8;

}  // namespace

void ImpactPass::finish_after_impact(std::size_t v, int step, Detection& detection) {
  double t = touched_[v].impact_toi;
  StateVector x = state_at_toi(v, t);
  x.segment<3>(3) = velocities(touched_[v].body);
  const double step_start = step * run_.c.dt;
  for (int pass = 0;; ++pass) {
    StateVector end = x;
    run_.integration.integrate(run_.fleet, v, run_.fleet.input[v], end, step_start + t * run_.c.dt, (1 - t) * run_.c.dt);
    double f = 0;
    if (pass == kMaxImpactsAfterFirst || !next_impact(v, x, end, f, detection)) {
      run_.fleet.x[v] = end;
      return;
    }
    // Back to that contact, its impulses there, and on with the rest of the step.
    x = state_at(x, end, f, false);
    Body a = run_.fleet.body(v, x);
    const double t_next = t + f * (1 - t);
    for (const Contact& c : remainder_) resolve_one(c, a, nullptr, step, t_next);
    x.segment<3>(3) = velocities(a);
    t = t_next;
  }
}

bool ImpactPass::next_impact(std::size_t v, const StateVector& from, const StateVector& to, double& f,
                             Detection& detection) {
  one_start_[0] = run_.fleet.poses[v];
  one_start_[0].position_W = {from[0], from[1]};
  one_start_[0].heading = from[2];
  one_end_[0] = run_.fleet.poses[v];
  one_end_[0].position_W = {to[0], to[1]};
  one_end_[0].heading = to[2];
  // A contact that was there at the impact is there all along (the car slides and turns on the wall), so
  // what matters is when one closes again: test the tested poses of a conservative sweep in turn.
  const int n = sweep_substeps(one_start_, one_end_);
  for (int k = 1; k <= n; ++k) {
    f = static_cast<double>(k) / n;
    const StateVector x = state_at(from, to, f, false);
    const Body a = run_.fleet.body(v, x);
    one_pose_[0] = interpolate(one_start_[0], one_end_[0], f);
    remainder_.clear();
    detection.detector().detect(one_pose_, remainder_, detection.stats());
    std::size_t kept = 0;
    for (Contact c : remainder_) {
      c.vehicle = static_cast<int>(v);
      c.toi = f;
      if (approaching(a, nullptr, c)) remainder_[kept++] = c;
    }
    remainder_.resize(kept);
    if (kept > 0) return true;
  }
  return false;
}

}  // namespace crashbench
