// The part of Simulation that deals with times of impact (docs/swept-detection.md): the sweep, which
// contacts close and when each vehicle's impulses act, and, with impulse reset, the rest of the step after
// an impulse, swept again for this vehicle against the scene, so that a car spun round by a corner hit
// meets the wall again inside the same step instead of ending it through the wall.
#include "cases/simulation.hpp"

#include <algorithm>

#include "cases/time_of_impact.hpp"
#include "detectors/swept.hpp"

namespace crashbench {
namespace {

/// At most this many more impacts of one vehicle with the scene inside one step after its first.
constexpr int kMaxImpactsAfterFirst = 8;

}  // namespace

void Simulation::sweep_contacts() {
  first_touch_.clear();
  if (prescribed_at_first_step_ && step_ == 0) return;  // the case says where and when that contact is
  // A force acts over the next step, from the end-of-step state, while the car goes on into the wall:
  // the force application's J/dt, and any force answer (a spring on the overlap).
  const bool at_end = case_.application == Application::kForceOverStep || model_->answer() == Answer::kForce;
  if (at_end) end_contacts_.assign(contacts_.begin(), contacts_.end());
  detector_->sweep(start_poses_, poses_, contacts_, stats_, sweep_scratch_);
  if (!at_end) return;
  // A contact still there at the end of the step is taken there, as the force mode always did, and
  // stamped with its first touch. Only one the end of the step no longer shows the right way (the CG past
  // the wall line, or through) is taken at its first touch.
  kept_contacts_.clear();
  end_index_.clear();
  for (const Contact& e : end_contacts_) end_index_.add(e.vehicle);
  for (const Contact& c : contacts_) {
    const auto same = [&](int e) { return same_sweep_key(c, end_contacts_[static_cast<std::size_t>(e)]); };
    // A pair has one end contact, found in O(1) in a crowd; the scene's first like it, in order.
    int at_step_end = c.other != kStaticScene ? end_index_.find(c.vehicle, same) : end_index_.first(c.vehicle);
    while (c.other == kStaticScene && at_step_end != ByVehicle::kNone && !same(at_step_end))
      at_step_end = end_index_.next(at_step_end);
    kept_contacts_.push_back(at_step_end == ByVehicle::kNone ? c : end_contacts_[static_cast<std::size_t>(at_step_end)]);
    first_touch_.push_back(c.toi);
  }
  contacts_.assign(kept_contacts_.begin(), kept_contacts_.end());
}

StateVector Simulation::state_at_toi(std::size_t vehicle, double f) const {
  return state_at(x_before_[vehicle], x_[vehicle], f, case_.application != Application::kImpulseReset);
}

void Simulation::choose_impact_times() {
  // Only the last step's touched vehicles (those of its contacts) can hold another step's times.
  for (const int v : touched_) first_toi_[static_cast<std::size_t>(v)] = 2.0, impact_toi_[static_cast<std::size_t>(v)] = 1.0;
  std::size_t kept = 0;
  for (std::size_t i = 0; i < contacts_.size(); ++i) {
    Contact c = contacts_[i];
    if (continuing_.holds(c)) {
      // A spring that acted over this step goes on from the step's end, opening (its rebound) or not:
      // its depth, not a time of impact, says when it is over.
      c.toi = 1;
      if (!first_touch_.empty()) first_touch_[kept] = 1;
      contacts_[kept++] = c;
      continue;
    }
    const Body a = body(c.vehicle, state_at_toi(static_cast<std::size_t>(c.vehicle), c.toi));
    const bool pair = c.other != kStaticScene;
    const Body b = pair ? body(c.other, state_at_toi(static_cast<std::size_t>(c.other), c.toi)) : Body{};
    // Only closing contacts are impacts; one already opening (a car scraping along a wall, or just pushed
    // off it) must not hold back a later one that closes.
    if (!approaching(a, pair ? &b : nullptr, c)) continue;
    if (!first_touch_.empty()) first_touch_[kept] = first_touch_[i];
    contacts_[kept++] = c;
    first_toi_[c.vehicle] = std::min(first_toi_[c.vehicle], c.toi);
    if (pair) first_toi_[c.other] = std::min(first_toi_[c.other], c.toi);
  }
  contacts_.resize(kept);
  if (!first_touch_.empty()) first_touch_.resize(kept);
}

bool Simulation::resolve_one(const Contact& c, Body& a, Body* b, double acts_at) {
  const Resolution r = model_->resolve(a, b, c);
  if (r.status == ResolutionStatus::kSeparating) return false;
  cut_control_after(c);
  if (r.answer == Answer::kForce) {  // a continuing contact: a spring over the next step, no impulse, no event yet
    continuing_.add(c, r, a, b, step_, (step_ + acts_at) * case_.dt);
    return false;
  }
  ImpactEvent& e = events_.emplace_back();
  e.step = step_ + 1;
  e.time = (step_ + acts_at) * case_.dt;
  e.contact = c;
  e.resolution = r;
  e.mu_limit = r.mu_limit;
  e.pre_a = a;
  const Vec2 J = r.impulse.linear_W;
  a.apply_impulse(J, c.point_W);
  impulse_sum_[c.vehicle] += J;
  angular_impulse_sum_[c.vehicle] += cross(c.point_W - a.state.position_W, J);
  e.post_a = a;
  if (b) {
    e.pre_b = *b;
    b->apply_impulse(-J, c.point_W);
    impulse_sum_[c.other] -= J;
    angular_impulse_sum_[c.other] -= cross(c.point_W - b->state.position_W, J);
    e.post_b = *b;
  }
  return true;
}

void Simulation::finish_after_impact(std::size_t v) {
  double t = impact_toi_[v];
  StateVector x = state_at_toi(v, t);
  x.segment<3>(3) = velocities(scratch_[v]);
  for (int pass = 0;; ++pass) {
    StateVector end = x;
    integrate(v, input_[v], end, time() + t * case_.dt, (1 - t) * case_.dt);
    double f = 0;
    if (pass == kMaxImpactsAfterFirst || !next_impact(v, x, end, f)) {
      x_[v] = end;
      return;
    }
    // Back to that contact, its impulses there, and on with the rest of the step.
    x = state_at(x, end, f, false);
    Body a = body(static_cast<int>(v), x);
    const double t_next = t + f * (1 - t);
    for (const Contact& c : remainder_contacts_) resolve_one(c, a, nullptr, t_next);
    x.segment<3>(3) = velocities(a);
    t = t_next;
  }
}

bool Simulation::next_impact(std::size_t v, const StateVector& from, const StateVector& to, double& f) {
  one_start_[0] = poses_[v];
  one_start_[0].position_W = {from[0], from[1]};
  one_start_[0].heading = from[2];
  one_end_[0] = poses_[v];
  one_end_[0].position_W = {to[0], to[1]};
  one_end_[0].heading = to[2];
  // A contact that was there at the impact is there all along (the car slides and turns on the wall), so
  // what matters is when one closes again: test the tested poses of a conservative sweep in turn.
  const int n = sweep_substeps(one_start_, one_end_);
  for (int k = 1; k <= n; ++k) {
    f = static_cast<double>(k) / n;
    const StateVector x = state_at(from, to, f, false);
    const Body a = body(static_cast<int>(v), x);
    one_pose_[0] = interpolate(one_start_[0], one_end_[0], f);
    remainder_contacts_.clear();
    detector_->detect(one_pose_, remainder_contacts_, stats_);
    std::size_t kept = 0;
    for (Contact c : remainder_contacts_) {
      c.vehicle = static_cast<int>(v);
      c.toi = f;
      if (approaching(a, nullptr, c)) remainder_contacts_[kept++] = c;
    }
    remainder_contacts_.resize(kept);
    if (kept > 0) return true;
  }
  return false;
}

}  // namespace crashbench
