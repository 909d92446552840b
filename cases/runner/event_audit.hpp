#pragma once
// The verdicts: after each step's integration, every event gets its invariant checks. Impulse reset's
// events are checked as resolved; force application's a step later, once their force has acted with the
// tyres (what it did beyond the tyres' answer is charged to them as an application error); continuing
// contacts are accounted each step and checked when they end (docs/invariants.md).
#include <span>
#include <vector>

#include "cases/runner/impulse_shares.hpp"
#include "cases/runner/step_parts.hpp"
#include "cases/runner/step_threads.hpp"

namespace crashbench {

class EventAudit {
 public:
  /// The parts and `threads` must outlive this.
  EventAudit(const StepParts& parts, StepThreads& threads);

  /// After the integration of step `step` (which applied the force-mode loads of `loaded`): continuing
  /// contacts accounted and those without a force answer closed, then the events awaiting this step
  /// checked.
  void check(int step, std::span<const int> loaded);
  /// After the run's last step: what the force of its events did (the caller integrated the step after
  /// it), and every continuing contact closed.
  void finish(int step, std::span<const int> loaded);
  /// Events before this index have their verdicts.
  std::size_t checked_upto() const { return checked_upto_; }
  /// Force application: some events still wait for the step in which their force acts.
  bool waiting() const { return checked_upto_ < pending_end_ || !run_.continuing.empty(); }
  /// Ended continuing contacts, checked (moved out by the caller when the run ends).
  ContactEvents& contact_events() { return contact_events_; }

  /// The part of a velocity error (vX, vY, yaw rate) beyond `allowance` (speed [m/s], yaw rate [rad/s]).
  static Eigen::Vector3d beyond_tyres(const Eigen::Vector3d& error, const Eigen::Vector2d& allowance);

 private:
  /// Each vehicle's collision velocity change (tyres out) to its springs' contacts; then the contacts
  /// that got no force answer this step end (all of them with `all`).
  void account_continuing(int step, bool all);
  /// Force application: the events' share of what the loads of `loaded` did beyond J/m and rho x J/Izz.
  void charge_application_errors(int step, std::span<const int> loaded);
  /// per_event(e) for events [first, last), split over the threads (each event writes only itself).
  template <class PerEvent>
  void for_event_ranges(std::size_t first, std::size_t last, const PerEvent& per_event);
  /// The invariant checks of `e`, an event of the run's log, against the case's tolerances.
  void check_event(ImpactEvent& e) const;

  StepParts run_;
  StepThreads& threads_;
  std::vector<Eigen::Vector2d> tyre_allowance_;     ///< per vehicle (Integration::tyre_allowance)
  std::vector<Eigen::Vector3d> application_error_;  ///< per vehicle: velocity change not explained by J
  ImpulseShares shares_;                            ///< the checked step's |J| per vehicle
  ContactEvents contact_events_;
  std::size_t checked_upto_ = 0;
  std::size_t pending_end_ = 0;  ///< force mode: events in [checked_upto_, pending_end_) await their force's step
};

}  // namespace crashbench
