#pragma once
// What a run produces while it steps: the result (trajectory samples, per-phase timings, counters) and the
// impulse events in the order they were resolved. Storage is reserved when the run is built, so a step
// allocates nothing while the reservations last.
#include <chrono>
#include <span>
#include <vector>

#include "cases/case.hpp"
#include "cases/event_log.hpp"
#include "cases/run_result.hpp"
#include "cases/runner/continuing_contacts.hpp"
#include "cases/runner/fleet.hpp"
#include "core/phase_clock.hpp"
#include "detectors/scenes/scene.hpp"

namespace crashbench {

class RunRecord {
 public:
  using Clock = PhaseClock;
  RunRecord(const Case& c, const Scene& scene, int total_steps);

  /// A trajectory sample of every vehicle at time `t` [s].
  void sample(const Fleet& fleet, double t);
  /// The time since `since` to `phase`'s samples; `since` becomes now.
  void timed(Phase phase, Clock::time_point& since);
  RunResult& result() { return result_; }
  const RunResult& result() const { return result_; }
  EventLog& events() { return events_; }
  const EventLog& events() const { return events_; }
  /// The run is over: the impulse events and `contact_events` (checked already) join the result in step
  /// order, the summary and the physics hash of the final states `x` are made, and the result moves out.
  RunResult finish(ContactEvents& contact_events, std::span<const StateVector> x);

 private:
  RunResult result_;
  EventLog events_;  ///< the impulse events while the run steps; result_.events when it ends
};

}  // namespace crashbench
