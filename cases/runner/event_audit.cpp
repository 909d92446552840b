#include "cases/runner/event_audit.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include "cases/checks/invariants.hpp"
#include "core/vehicle_ranges.hpp"

namespace crashbench {
namespace {

void set_velocities(Body& body, const Eigen::Vector3d& v) {
  body.state.velocity_W = v.head<2>();
  body.state.yaw_rate = v[2];
}

}  // namespace

EventAudit::EventAudit(const StepParts& parts, StepThreads& threads)
    : run_(parts),
      threads_(threads),
      tyre_allowance_(parts.integration.tyre_allowance(parts.fleet, parts.c.dt)),
      application_error_(parts.fleet.size(), Eigen::Vector3d::Zero()),
      shares_(parts.fleet.size()) {
  contact_events_.events.reserve(64);
  contact_events_.other_bodies.reserve(64);
  contact_events_.tolerances.reserve(64);
  contact_events_.ends.reserve(64);
}

Eigen::Vector3d EventAudit::beyond_tyres(const Eigen::Vector3d& error, const Eigen::Vector2d& allowance) {
  Eigen::Vector3d out = error;
  const double linear = error.head<2>().norm();
  out.head<2>() *= linear > 0 ? std::max(0.0, linear - allowance[0]) / linear : 0.0;
  out[2] = std::copysign(std::max(0.0, std::abs(error[2]) - allowance[1]), error[2]);
  return out;
}

void EventAudit::account_continuing(int step, bool all) {
  const double t0 = step * run_.c.dt;
  for (const int vehicle : run_.continuing.sprung_vehicles()) {  // ascending, as a loop over every vehicle
    const auto v = static_cast<std::size_t>(vehicle);
    Eigen::Vector3d held;
    Eigen::Vector3d dv = run_.integration.collision_dv(run_.fleet, v, t0, run_.c.dt, held);
    if (run_.control.replayed(v)) dv = held;  // the log moves it: the springs are taken to have done what they meant
    run_.continuing.account(static_cast<int>(v), run_.fleet.x[v], t0 + run_.c.dt, dv, held);
  }
  run_.continuing.close(step, all, run_.c.tolerances, contact_events_);
}

template <class PerEvent>
void EventAudit::for_event_ranges(std::size_t first, std::size_t last, const PerEvent& per_event) {
  // In chunks: an event's checks cost more or less as its model and bodies are.
  constexpr std::size_t kChunk = 64;
  for_chunks(&threads_, last - first, kChunk, [&](int, std::size_t begin, std::size_t end) {
    for (std::size_t i = first + begin; i < first + end; ++i) per_event(run_.events[i]);
  });
}

void EventAudit::charge_application_errors(int step, std::span<const int> loaded) {
  // The collision force acted during this step's dynamics, together with the tyres. What it did is the
  // difference to the same step without it; whatever differs from J/m and rho x J/Izz is charged to the
  // events as an application error. Only the vehicles that carried a load (the events' vehicles among
  // them): the others had no force. Each writes only its own error: in chunks of whole batches.
  constexpr std::size_t kChunk = 8 * kOdeBatchSize;
  for_chunks(&threads_, loaded.size(), kChunk, [&](int, std::size_t begin, std::size_t end) {
    std::array<std::size_t, kOdeBatchSize> batch;  // the steps without the force, integrated together
    std::size_t size = 0;
    const auto charge_batch = [&] {
      std::array<Eigen::Vector3d, kOdeBatchSize> dv, intended;
      run_.integration.collision_dvs(run_.fleet, std::span(batch.data(), size), step * run_.c.dt, run_.c.dt, dv.data(),
                                     intended.data());
      for (std::size_t i = 0; i < size; ++i)
        application_error_[batch[i]] = beyond_tyres(dv[i] - intended[i], tyre_allowance_[batch[i]]);
      size = 0;
    };
    for (std::size_t k = begin; k < end; ++k) {
      const auto v = static_cast<std::size_t>(loaded[k]);
      const VehicleInput& used = run_.fleet.applied_input[v];
      application_error_[v].setZero();
      // A replayed vehicle ignores the force (the log moves it): its events keep the model's answer.
      if (run_.control.replayed(v) || (used.collision_force_W.isZero() && used.collision_moment == 0)) continue;
      batch[size++] = v;
      if (size == batch.size()) charge_batch();
    }
    if (size > 0) charge_batch();
  });
  // A vehicle with several contacts this step gets one force; its error is shared in proportion to |J|.
  shares_.sum(run_.events, checked_upto_, pending_end_);
  // Each event reads the sums above and writes only itself: split over the threads by event.
  for_event_ranges(checked_upto_, pending_end_, [&](ImpactEvent& e) {
    const auto charge = [&](Body& post, int v) {
      set_velocities(post, velocities(post) + shares_.share(e, v) * application_error_[static_cast<std::size_t>(v)]);
    };
    charge(e.post_a, e.contact.vehicle);
    if (e.two_body()) charge(run_.events.other(e).post, e.contact.other);
    check_event(e);
  });
}

void EventAudit::check_event(ImpactEvent& e) const {
  e.checks = check_impact(e, run_.events.other_of(e), run_.c.tolerances, run_.c.dt);
}

void EventAudit::check(int step, std::span<const int> loaded) {
  account_continuing(step, false);
  if (run_.c.application == Application::kForceOverStep && checked_upto_ < pending_end_) {
    charge_application_errors(step, loaded);
    checked_upto_ = pending_end_;
  }
  if (run_.c.application == Application::kImpulseReset) {
    for_event_ranges(checked_upto_, run_.events.size(), [&](ImpactEvent& e) { check_event(e); });
    checked_upto_ = run_.events.size();
  }
  pending_end_ = run_.events.size();
}

void EventAudit::finish(int step, std::span<const int> loaded) {
  check(step, loaded);
  run_.continuing.close(step, true, run_.c.tolerances, contact_events_);  // none should remain: no step resolved
}

}  // namespace crashbench
