#pragma once
// One case, prepared and stepped. The only place where detector, response model, dynamics and
// integrator meet. Everything is built in the constructor; step() allocates nothing while the
// event and trajectory buffers have capacity.
#include <array>
#include <chrono>
#include <memory>
#include <vector>

#include "cases/arc_path.hpp"
#include "cases/case.hpp"
#include "cases/continuing_contacts.hpp"
#include "cases/event_log.hpp"
#include "cases/run_result.hpp"
#include "cases/step_threads.hpp"
#include "cases/tunnelling_check.hpp"
#include "detectors/detector.hpp"
#include "detectors/swept.hpp"
#include "models/dynamics/vehicle_dynamics.hpp"
#include "models/integrators/integrator.hpp"
#include "models/response/response_model.hpp"

namespace crashbench {

/// The velocity part of a body's state (vX, vY, yaw rate), as the runner's phases exchange it.
inline Eigen::Vector3d velocities(const Body& body) {
  return {body.state.velocity_W.x(), body.state.velocity_W.y(), body.state.yaw_rate};
}

class Simulation {
 public:
  /// `threads` (1 ... kMaxStepThreads, capped at the vehicle count) split the per-vehicle phases over
  /// contiguous vehicle ranges; the result is the same bit for bit for any count.
  explicit Simulation(const Case& c, int threads = 1);
  Simulation(const Simulation&) = delete;
  Simulation& operator=(const Simulation&) = delete;

  /// Advances one dt: dynamics, detect, sweep, resolve, apply, check, record (each phase timed). Contacts
  /// carry their time of impact in the step; with impulse reset a vehicle that gets an impulse is moved back
  /// to that time, the impulse applied there and the rest of the step integrated (docs/swept-detection.md).
  void step();
  /// Runs to the case's duration and returns the summarised result.
  RunResult run();

  int steps_done() const { return step_; }
  double time() const { return step_ * case_.dt; }
  PlanarState state(int vehicle) const;
  /// What the run has produced so far; its events join it when run() ends (until then: events()).
  const RunResult& result() const { return result_; }
  /// The impact events so far, in the order they were resolved.
  const EventLog& events() const { return events_; }

 private:
  using Clock = std::chrono::steady_clock;
  void apply_control();
  /// Sets the steer and drive force of every vehicle following a path (pure pursuit, speed hold).
  void steer_followers();
  void cut_control_after(const Contact& c);
  void integrate_vehicles();
  /// One dt of `vehicle`'s dynamics from the current step's start time, with `input`.
  void integrate(std::size_t vehicle, const VehicleInput& input, StateVector& x) const;
  /// `h` seconds of `vehicle`'s dynamics from time `t0` [s].
  void integrate(std::size_t vehicle, const VehicleInput& input, StateVector& x, double t0, double h) const;
  /// One dt of two vehicles' dynamics with their current inputs, side by side (Integrator::step_pair).
  void integrate_pair(std::size_t a, std::size_t b);
  /// Kinematic this step: held on its control path, or replayed from its log (never cut).
  bool on_path(std::size_t vehicle) const { return replays_[vehicle] || (controlled_[vehicle] && !paths_.empty()); }
  void detect_contacts();
  /// Each vehicle's surface height under its CG into its pose (hint: its previous surface height).
  void follow_surface();
  void sweep_contacts();
  /// `vehicle`'s state at fraction `f` of this step as the response sees it (reset: all of it moved back;
  /// force: the pose only, the velocities the step ended with).
  StateVector state_at_toi(std::size_t vehicle, double f) const;
  void choose_impact_times();
  /// Resolves `c` between `a` and `b` (null: the scene) as they are, records the event at fraction `acts_at`
  /// of this step and applies the impulse to them; false if the model found the contact opening.
  bool resolve_one(const Contact& c, Body& a, Body* b, double acts_at);
  /// Reset mode: `vehicle` from its impulse at impact_toi_ to the end of the step, meeting the scene again
  /// on the way if it must (simulation_toi.cpp).
  void finish_after_impact(std::size_t vehicle);
  /// The first of the sweep's tested poses, `vehicle` moving from `from` to `to`, at which a contact with
  /// the scene closes: its closing contacts in remainder_contacts_, `f` the fraction of that motion. False
  /// if there is none.
  bool next_impact(std::size_t vehicle, const StateVector& from, const StateVector& to, double& f);
  Contact prescribed_contact() const;
  void resolve_contacts();
  void apply_resolutions();
  void check_events();
  /// per_event(e) for events_ [first, last), split over the threads (each event writes only itself).
  template <class PerEvent>
  void for_event_ranges(std::size_t first, std::size_t last, const PerEvent& per_event);
  void record();
  Body body(int vehicle, const StateVector& x) const;
  void timed(Phase phase, Clock::time_point& since);
  /// The scene contacts (Detector::detect) of vehicles [begin, end) on `thread`'s own detector, appended
  /// to its buffer (thread 0: contacts_) with the vehicles' case indices.
  void detect_scene_range(int thread, std::size_t begin, std::size_t end);

  Case case_;
  std::shared_ptr<const Scene> scene_holder_;  ///< shared with the other cases on the same scene
  const Scene& scene_;
  std::unique_ptr<Detector> detector_;
  std::unique_ptr<ResponseModel> model_;
  std::unique_ptr<VehicleDynamics> dynamics_;
  std::unique_ptr<Integrator> integrator_;

  std::vector<VehicleParams> params_;         ///< per vehicle, for models that need more than a Body
  std::vector<StateVector> x_;                ///< per vehicle
  std::vector<StateVector> x_before_;         ///< per vehicle, at the start of this step
  std::vector<VehicleInput> input_;           ///< per vehicle; collision load set for the next step
  std::vector<VehicleInput> applied_input_;   ///< the inputs this step's dynamics used
  std::vector<Eigen::Vector3d> application_error_;  ///< force mode: velocity change not explained by J
  std::vector<double> impulse_norm_sum_;      ///< force mode: sum of |J| per vehicle over the checked step
  std::vector<VehiclePose> poses_;             ///< at the end of this step
  std::vector<VehiclePose> start_poses_;       ///< at its start
  SweepScratch sweep_scratch_;
  std::vector<double> first_toi_;              ///< per vehicle: earliest closing contact this step, or 2
  std::vector<double> impact_toi_;             ///< per vehicle: when this step's impulse acted, 1 = none
  TunnellingCheck tunnelling_;
  std::vector<double> surface_z_;             ///< per vehicle, its last surface height [m]; +inf before the first
  std::vector<Contact> contacts_;
  std::vector<VehiclePose> one_start_, one_end_, one_pose_;  ///< one vehicle's poses for next_impact
  std::vector<Contact> remainder_contacts_;   ///< next_impact's contacts
  std::vector<Contact> end_contacts_;         ///< force mode: the overlaps at the end of this step
  ByVehicle end_index_;                       ///< force mode: end_contacts_ by vehicle
  std::vector<Contact> kept_contacts_;        ///< force mode: scratch for the contacts resolved
  std::vector<double> first_touch_;           ///< contacts taken at the step end, parallel to contacts_: first touch [step fraction]
  std::vector<Body> scratch_;                 ///< bodies with this step's impulses applied so far (touched_ only)
  std::vector<int> touched_;                  ///< the vehicles of this step's contacts, each once
  std::vector<char> is_touched_;              ///< per vehicle: in touched_
  std::vector<int> forced_;                   ///< force mode: the vehicles whose input holds a collision load
  std::vector<int> loaded_;                   ///< force mode: forced_ as the step's integration found it
  std::vector<Vec2> impulse_sum_;             ///< per vehicle, this step [N s]
  std::vector<char> controlled_;              ///< per vehicle, the control module still acts (not yet cut)
  bool all_control_cut_ = false;              ///< cut_after any_impact has fired: no vehicle is controlled
  std::vector<ArcPath> paths_;                ///< per vehicle with control.hold_path: its road-frame path
  std::vector<double> path_travelled_;        ///< per vehicle on its path: arc length so far [m]
  std::vector<std::unique_ptr<PathFollower>> followers_;  ///< per vehicle: its pure pursuit, or null
  std::vector<const ReplayLog*> replays_;     ///< per vehicle: the log that moves it, or null (integrated)
  std::vector<double> angular_impulse_sum_;   ///< per vehicle, about its CG [N m s]
  std::size_t checked_upto_ = 0;              ///< events before this index have their verdicts
  std::size_t pending_end_ = 0;               ///< force mode: events in [checked_upto_, pending_end_) await
                                              ///< the step in which their force acts
  DetectorStats stats_;
  // Threads inside the case: thread t > 0 queries the scene through its own detector (their per-query
  // scratch is per instance) into its own buffers, merged after thread 0's in thread order.
  StepThreads threads_;
  std::vector<std::unique_ptr<Detector>> range_detectors_;  ///< [t - 1] for thread t
  std::vector<std::vector<Contact>> range_contacts_;         ///< [t - 1] for thread t
  std::vector<DetectorStats> range_stats_;                   ///< [t]
  std::vector<long long> range_without_surface_;             ///< [t]: follow_surface's misses
  RunResult result_;
  EventLog events_;  ///< the impulse events while the run steps; result_.events when it ends
  int step_ = 0;
  int total_steps_ = 0;

  /// Force mode: the tyres' most answer to the collision force over one step, per vehicle: (speed [m/s],
  /// yaw rate [rad/s]); zero for dynamics without ground forces.
  void set_tyre_allowance();
  /// The part of a velocity error (vX, vY, yaw rate) beyond `allowance` (speed [m/s], yaw rate [rad/s]).
  static Eigen::Vector3d beyond_tyres(const Eigen::Vector3d& error, const Eigen::Vector2d& allowance);
  std::vector<Eigen::Vector2d> tyre_allowance_;
  // Force answers (continuing contacts): the springs of each step and each contact's history.
  ContinuingContacts continuing_;
  std::vector<ImpactEvent> contact_events_;  ///< ended continuing contacts, checked; joined to the result by run()
  /// After the step's integration: each vehicle's collision velocity change (tyres out) to its springs'
  /// contacts; then the contacts that got no force answer this step end (all of them with `all`).
  void account_continuing(bool all);

  /// Sets RunResult::failure and returns true when a state, or an impulse or residual of this step's
  /// events, is not finite (the offending events are dropped: the message names them).
  bool stopped_on_non_finite();
  std::size_t finite_checked_upto_ = 0;  ///< events before this index were found finite

  /// The case's prescribed contact (Case::contact), resolved and applied at t = 0 on the initial states.
  void apply_prescribed_contact();
  bool prescribed_at_first_step_ = false;  ///< a force answer: the prescribed contact replaces step 0's detection

  /// check_against: builds the reference detector; each step compares its contacts with contacts_,
  /// records its cost apart and returns it [ns] (so the step's time can leave it out); resets `since`.
  void prepare_reference();
  double compare_with_reference(Clock::time_point& since);
  std::unique_ptr<Detector> reference_;
  std::vector<Contact> reference_contacts_;
  DetectorStats reference_stats_;
};

/// Runs `c` to completion on `threads` threads (Simulation's constructor).
RunResult run_case(const Case& c, int threads = 1);

}  // namespace crashbench
