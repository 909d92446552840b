#pragma once
// One case, prepared and stepped: the only place where detector, response model, dynamics and integrator
// meet. A run is a list of phases (cases/runner/), each owning its state and stating in its type what it
// reads and writes of the fleet; step() calls them in order. Everything is built in the constructor;
// step() allocates nothing while the event and trajectory buffers have capacity.
#include <memory>

#include "cases/case.hpp"
#include "cases/checks/tunnelling_check.hpp"
#include "cases/run_result.hpp"
#include "cases/runner/continuing_contacts.hpp"
#include "cases/runner/control.hpp"
#include "cases/runner/detection.hpp"
#include "cases/runner/event_audit.hpp"
#include "cases/runner/finite_guard.hpp"
#include "cases/runner/fleet.hpp"
#include "cases/runner/impact_pass.hpp"
#include "cases/runner/integration.hpp"
#include "cases/runner/reference_check.hpp"
#include "cases/runner/run_record.hpp"
#include "cases/runner/step_threads.hpp"
#include "cases/runner/surface_following.hpp"

namespace crashbench {

class Simulation {
 public:
  /// `threads` (1 ... kMaxStepThreads, capped at the vehicle count) split the per-vehicle phases over
  /// contiguous vehicle ranges; the result is the same bit for bit for any count.
  explicit Simulation(const Case& c, int threads = 1);
  Simulation(const Simulation&) = delete;
  Simulation& operator=(const Simulation&) = delete;

  /// Advances one dt: dynamics, surface, detect, sweep, resolve, apply, check, record (each phase timed).
  /// Contacts carry their time of impact in the step; with impulse reset a vehicle that gets an impulse is
  /// moved back to that time, the impulse applied there and the rest of the step integrated
  /// (docs/swept-detection.md).
  void step();
  /// Runs to the case's duration and returns the summarised result.
  RunResult run();

  int steps_done() const { return step_; }
  double time() const { return step_ * case_.dt; }
  PlanarState state(int vehicle) const { return to_planar_state(fleet_.x[static_cast<std::size_t>(vehicle)]); }
  /// What the run has produced so far; its events join it when run() ends (until then: events()).
  const RunResult& result() const { return record_.result(); }
  /// The impulse events so far, in the order they were resolved.
  const EventLog& events() const { return record_.events(); }
  /// The detector's work so far, its sweep's searches included: cells (or nodes) visited, triangles tested.
  const DetectorStats& detector_stats() const { return detection_.stats(); }

 private:
  /// The vehicles' dynamics over the step: springs and force-mode loads as the impact pass left them.
  void integrate();
  /// Sets the result's failure and returns true when a state, or an impulse or residual of this step's
  /// events, is not finite (the offending events are dropped: the message names them).
  bool stopped_on_non_finite();
  /// The case's prescribed contact (Case::contact) as a contact between the vehicles now.
  Contact prescribed_contact() const;
  /// Impulse answers: the prescribed contact, resolved and applied at t = 0 on the initial states.
  void apply_prescribed_contact();
  /// Copies into `s` how many steps of the vehicles on their SUMO paths had no road under them, and the first.
  void record_road_under_paths(SumoComparison& s) const;

  Case case_;
  std::shared_ptr<const Scene> scene_;  ///< shared with the other cases on the same scene
  int total_steps_;
  int step_ = 0;
  StepThreads threads_;
  RunRecord record_;
  Fleet fleet_;
  Control control_;
  Integration integration_;
  ContinuingContacts continuing_;
  ImpactPass impacts_;
  Detection detection_;
  EventAudit audit_;
  SurfaceFollowing surface_;
  TunnellingCheck tunnelling_;
  ReferenceCheck reference_;
  FiniteGuard finite_;
  bool prescribed_at_first_step_ = false;  ///< a force answer: the prescribed contact replaces step 0's detection
};

/// Runs `c` to completion on `threads` threads (Simulation's constructor).
RunResult run_case(const Case& c, int threads = 1);

}  // namespace crashbench
