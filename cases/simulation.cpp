#include "cases/simulation.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "cases/physics_hash.hpp"
#include "cases/prescribed_contact.hpp"
#include "cases/scene_cache.hpp"
#include "cases/scene_source.hpp"
#include "core/units.hpp"
#include "detectors/scenes/surface_query.hpp"
#include "cases/time_of_impact.hpp"
#include "models/dynamics/vehicle_ode.hpp"

namespace crashbench {
namespace {

/// Velocity part of a state (vX, vY, yaw rate).
Eigen::Vector3d velocities(const StateVector& x) { return x.segment<3>(3); }

void set_velocities(Body& body, const Eigen::Vector3d& v) {
  body.state.velocity_W = v.head<2>();
  body.state.yaw_rate = v[2];
}

/// What a step's collision load (held force and springs) did to a vehicle, tyres taken out: its velocity
/// change against the same step from `before` integrated without the load. `held` gets the held force's
/// intended share (J/m, rho x J / Izz).
Eigen::Vector3d collision_dv(const Integrator& integrator, const VehicleOde& loaded, const StateVector& before,
                             const StateVector& after, double t, double dt, Eigen::Vector3d& held) {
  const VehicleInput& used = loaded.input();
  VehicleInput without = used;
  without.collision_force_W.setZero();
  without.collision_moment = 0;
  without.springs = {};
  StateVector shadow = before;
  integrator.step(VehicleOde(loaded.dynamics(), loaded.params(), without), t, dt, shadow);
  const VehicleParams& p = loaded.params();
  held = {used.collision_force_W.x() * dt / p.mass, used.collision_force_W.y() * dt / p.mass,
          used.collision_moment * dt / p.yaw_inertia};
  return velocities(after) - velocities(shadow);
}

}  // namespace

Simulation::Simulation(const Case& c, int threads)
    : case_(c),
      scene_holder_(shared_scene(c.scene)),
      scene_(*scene_holder_),
      integrator_(find_entry(integrators(), c.integrator, "integrator").make()),
      tunnelling_(scene_, c.vehicles),
      threads_(std::clamp(std::min(threads, static_cast<int>(c.vehicles.size())), 1, kMaxStepThreads)),
      continuing_(static_cast<int>(c.vehicles.size()), c.dt, *integrator_) {
  detector_ = make_detector(JsonReader(c.detector_params, c.source_file, "/detector"));
  require_walls(scene_, *detector_);
  model_ = make_response_model(JsonReader(c.response, c.source_file, "/response"));
  dynamics_ = make_dynamics(JsonReader(c.dynamics_params, c.source_file, "/dynamics"));
  const int n = static_cast<int>(c.vehicles.size());
  for (const VehicleSetup& v : c.vehicles) {
    dynamics_->validate(v.params);
    params_.push_back(v.params);
  }
  model_->prepare(params_, c.dt);
  detector_->prepare(scene_, n);
  detector_->reserve_pairs(n);
  for (int t = 1; t < threads_.size(); ++t) {
    range_detectors_.push_back(make_detector(JsonReader(c.detector_params, c.source_file, "/detector")));
    range_detectors_.back()->prepare(scene_, n);
    const auto [begin, end] = thread_range(t, threads_.size(), c.vehicles.size());
    range_contacts_.emplace_back().reserve(16 * (end - begin));
  }
  range_stats_.resize(range_detectors_.size());
  range_without_surface_.assign(static_cast<std::size_t>(threads_.size()), 0);

  total_steps_ = static_cast<int>(std::llround(c.duration / c.dt));
  x_.resize(n);
  x_before_.resize(n);
  input_.resize(n);
  applied_input_.resize(n);
  poses_.resize(n);
  surface_z_.assign(n, kHighest);  // the first query takes the highest surface under the start, unless:
  for (std::size_t v = 0; v < c.vehicles.size(); ++v) {
    const StartSurface& start = c.vehicles[v].start_surface;
    surface_z_[v] = start.below_height;
    if (start.lowest && scene_.surface) {
      const double lowest = scene_.surface->lowest_at(c.vehicles[v].initial.position_W);
      if (!std::isnan(lowest)) surface_z_[v] = lowest;
    }
  }
  start_poses_.resize(n);
  sweep_scratch_.prepare(n);
  first_toi_.assign(n, 2.0);
  impact_toi_.assign(n, 1.0);
  scratch_.resize(n);
  impulse_sum_.assign(n, Vec2::Zero());
  touched_.reserve(n);
  is_touched_.assign(n, 0);
  forced_.reserve(n);
  loaded_.reserve(n);
  // Held by the control module until its cut; on a path, the path also gives the held speed.
  controlled_.assign(n, c.control.gain > 0 || c.control.path_curvature.has_value());
  if (c.control.path_curvature)
    for (const VehicleSetup& v : c.vehicles) paths_.emplace_back(v.initial, *c.control.path_curvature);
  path_travelled_.assign(n, 0.0);
  for (const VehicleSetup& v : c.vehicles) replays_.push_back(v.replay.get());
  // A follower drives itself, never cut: the case's control module leaves it alone.
  for (int v = 0; v < n; ++v) {
    const VehicleSetup& setup = c.vehicles[v];
    followers_.push_back(setup.follow ? std::make_unique<PathFollower>(*setup.follow, setup.params) : nullptr);
    if (setup.follow) controlled_[v] = false;
  }
  angular_impulse_sum_.assign(n, 0.0);
  application_error_.assign(n, Eigen::Vector3d::Zero());
  impulse_norm_sum_.assign(n, 0.0);
  set_tyre_allowance();
  contacts_.reserve(16 * n);
  contact_events_.reserve(64);
  end_contacts_.reserve(16 * n);
  end_index_.reserve(n, 16 * static_cast<std::size_t>(n));
  remainder_contacts_.reserve(64);
  one_start_.resize(1);
  one_end_.resize(1);
  one_pose_.resize(1);
  kept_contacts_.reserve(16 * n);
  first_touch_.reserve(16 * n);
  result_.name = c.name;
  result_.source_file = c.source_file;
  result_.config = c;
  result_.scene_walls = scene_.walls;
  result_.scene_triangles = static_cast<long long>(scene_.triangles.size());
  // An event per vehicle per step is the most a shipped case needs (a car scraping a wall): no allocation
  // while stepping. Beyond the cap a long run adds segments, rarely (untouched storage costs nothing).
  constexpr std::size_t kMaxReservedEvents = 16384;
  events_.reserve(std::min(static_cast<std::size_t>(total_steps_) * n + 16, kMaxReservedEvents));
  const std::size_t samples = static_cast<std::size_t>(total_steps_ / c.record_every + 2);
  result_.sample_times.reserve(samples);
  for (auto& t : result_.timings) t.ns.reserve(static_cast<std::size_t>(total_steps_ + 1));
  for (int v = 0; v < n; ++v) {
    const VehicleSetup& setup = c.vehicles[v];
    x_[v] = to_state_vector(setup.initial);
    input_[v].steer = setup.steer;
    input_[v].drive_force = setup.drive_force;
    poses_[v] = {Vec2::Zero(), 0.0, setup.params.cg_height, setup.params.body};
    start_poses_[v] = poses_[v];
    result_.tracks.push_back({setup.name, {}, {}, {}});
    result_.tracks.back().states.reserve(samples);
    result_.tracks.back().roll.reserve(samples);
    result_.tracks.back().roll_rate.reserve(samples);
  }
  record();
  prepare_reference();
  apply_prescribed_contact();
}

PlanarState Simulation::state(int vehicle) const { return to_planar_state(x_[vehicle]); }

Body Simulation::body(int vehicle, const StateVector& x) const {
  const VehicleParams& p = params_[static_cast<std::size_t>(vehicle)];  // contiguous, unlike the case's setups
  return {p.mass, p.yaw_inertia, to_planar_state(x)};
}

void Simulation::timed(Phase phase, Clock::time_point& since) {
  const auto now = Clock::now();
  result_.timings[static_cast<std::size_t>(phase)].ns.push_back(
      static_cast<float>(std::chrono::duration<double, std::nano>(now - since).count()));
  since = now;
}

void Simulation::step() {
  const auto start = Clock::now();
  auto since = start;
  apply_control();
  steer_followers();
  integrate_vehicles();
  timed(Phase::kDynamics, since);
  follow_surface();
  timed(Phase::kSurface, since);
  detect_contacts();
  timed(Phase::kDetect, since);
  const double reference_ns = compare_with_reference(since);
  sweep_contacts();
  timed(Phase::kSweep, since);
  resolve_contacts();
  timed(Phase::kResolve, since);
  apply_resolutions();
  timed(Phase::kApply, since);
  check_events();
  tunnelling_.check(x_before_, x_, poses_, time() + case_.dt, result_.tunnelling);
  timed(Phase::kCheck, since);
  ++step_;
  if (!stopped_on_non_finite() && step_ % case_.record_every == 0) record();
  auto whole = start;
  timed(Phase::kStep, whole);
  result_.timings[static_cast<std::size_t>(Phase::kStep)].ns.back() -= static_cast<float>(reference_ns);
}

void Simulation::apply_control() {
  if (case_.control.gain <= 0 || all_control_cut_) return;
  for (std::size_t v = 0; v < x_.size(); ++v) {
    if (!controlled_[v]) continue;
    const double held = case_.vehicles[v].initial.velocity_W.norm();
    const double forward_speed = to_planar_state(x_[v]).velocity_B().x();
    input_[v].drive_force = case_.vehicles[v].drive_force + case_.control.gain * (held - forward_speed);
  }
}

void Simulation::steer_followers() {
  for (std::size_t v = 0; v < x_.size(); ++v)
    if (followers_[v]) followers_[v]->drive(to_planar_state(x_[v]), input_[v]);
}

void Simulation::cut_control_after(const Contact& c) {
  // Without control, or once every vehicle's is cut, a contact changes nothing: O(1) per contact.
  const bool has_control = case_.control.gain > 0 || case_.control.path_curvature.has_value();
  if (!has_control || all_control_cut_ || case_.control.cut == ControlModule::Cut::kNever) return;
  const auto cut = [&](int v) {
    if (v == kStaticScene) return;
    controlled_[v] = false;
    input_[v].drive_force = case_.vehicles[v].drive_force;
  };
  if (case_.control.cut == ControlModule::Cut::kOwnImpact) {
    cut(c.vehicle);
    cut(c.other);
    return;
  }
  // The first impact cuts every vehicle, once per run; later contacts return above.
  for (std::size_t v = 0; v < x_.size(); ++v) cut(static_cast<int>(v));
  all_control_cut_ = true;
}

void Simulation::integrate_vehicles() {
  continuing_.begin_step();
  loaded_.assign(forced_.begin(), forced_.end());  // the loads this integration applies
  // Each vehicle's step reads only its own state and input: any split of the vehicles gives the same states.
  threads_.for_ranges(x_.size(), [this](int, std::size_t begin, std::size_t end) {
    constexpr std::size_t kNone = std::numeric_limits<std::size_t>::max();
    std::size_t waiting = kNone;  // an integrated vehicle waiting for a partner
    for (std::size_t v = begin; v < end; ++v) {
      input_[v].springs = continuing_.springs(static_cast<int>(v));
      x_before_[v] = x_[v];
      applied_input_[v] = input_[v];
      if (replays_[v]) {
        x_[v] = to_state_vector(replays_[v]->at(time() + case_.dt));
        continue;
      }
      if (on_path(v)) {
        path_travelled_[v] += paths_[v].speed() * case_.dt;
        x_[v] = to_state_vector(paths_[v].at(path_travelled_[v]));
        continue;
      }
      if (waiting == kNone) {
        waiting = v;
        continue;
      }
      integrate_pair(waiting, v);
      waiting = kNone;
    }
    if (waiting != kNone) integrate(waiting, input_[waiting], x_[waiting]);
  });
}

void Simulation::integrate_pair(std::size_t a, std::size_t b) {
  integrator_->step_pair(VehicleOde(*dynamics_, case_.vehicles[a].params, input_[a]), x_[a],
                         VehicleOde(*dynamics_, case_.vehicles[b].params, input_[b]), x_[b], time(), case_.dt);
}

void Simulation::integrate(std::size_t vehicle, const VehicleInput& input, StateVector& x) const {
  integrate(vehicle, input, x, time(), case_.dt);
}

void Simulation::integrate(std::size_t vehicle, const VehicleInput& input, StateVector& x, double t0,
                           double h) const {
  integrator_->step(VehicleOde(*dynamics_, case_.vehicles[vehicle].params, input), t0, h, x);
}

void Simulation::follow_surface() {
  const SurfaceQuery* surface = scene_.surface.get();
  threads_.for_ranges(x_.size(), [&](int thread, std::size_t begin, std::size_t end) {
    long long misses = 0;
    for (std::size_t v = begin; v < end; ++v) {
      const Vec2 p_W(x_[v][0], x_[v][1]);
      // A car that never found a surface stands on the barrier bottoms (below): its next surface is sought
      // from there, not from the top of whatever lies under it, or a CG that ends a step inside a wall
      // would stand on the wall's top face and lift its rectangle over the wall it is crossing.
      const bool on_fallback = std::isinf(surface_z_[v]) && !std::isnan(poses_[v].ground_z);
      const double z = surface ? surface->height_below(p_W, on_fallback ? poses_[v].ground_z : surface_z_[v]) : 0.0;
      if (!std::isnan(z)) {
        poses_[v].ground_z = surface_z_[v] = z;
        continue;
      }
      // Counted; the rectangle stays at the last surface found, or, never having found one (a scene of
      // walls only), stands on the barrier bottoms.
      ++misses;
      poses_[v].ground_z = std::isinf(surface_z_[v]) ? surface->fallback_at(p_W) : surface_z_[v];
    }
    range_without_surface_[static_cast<std::size_t>(thread)] = misses;
  });
  for (const long long misses : range_without_surface_) result_.steps_without_surface += misses;
}

void Simulation::detect_contacts() {
  contacts_.clear();
  const bool prescribed = prescribed_at_first_step_ && step_ == 0;
  threads_.for_ranges(x_.size(), [&](int thread, std::size_t begin, std::size_t end) {
    for (std::size_t v = begin; v < end; ++v) {
      // Size and CG height never change: a pose's place and road are all there is to write.
      poses_[v].position_W = {x_[v][0], x_[v][1]};
      poses_[v].heading = x_[v][2];
      start_poses_[v].position_W = {x_before_[v][0], x_before_[v][1]};
      start_poses_[v].heading = x_before_[v][2];
      start_poses_[v].ground_z = poses_[v].ground_z;
    }
    if (!prescribed) detect_scene_range(thread, begin, end);
  });
  if (prescribed) {
    contacts_.assign(1, prescribed_contact());
    return;
  }
  // In range order after thread 0's: the serial detect()'s list, vehicle by vehicle (Detector::detect).
  for (std::size_t t = 0; t < range_contacts_.size(); ++t) {
    contacts_.insert(contacts_.end(), range_contacts_[t].begin(), range_contacts_[t].end());
    stats_.nodes_visited += range_stats_[t].nodes_visited;
    stats_.primitives_tested += range_stats_[t].primitives_tested;
  }
  detector_->detect_pairs(poses_, contacts_, stats_);
}

void Simulation::detect_scene_range(int thread, std::size_t begin, std::size_t end) {
  const std::span<const VehiclePose> poses = std::span<const VehiclePose>(poses_).subspan(begin, end - begin);
  if (thread == 0) {
    detector_->detect(poses, contacts_, stats_);
    return;
  }
  const auto i = static_cast<std::size_t>(thread - 1);
  std::vector<Contact>& out = range_contacts_[i];
  out.clear();
  range_stats_[i] = {};
  range_detectors_[i]->detect(poses, out, range_stats_[i]);
  // The detector numbered the range's vehicles from 0.
  const int offset = static_cast<int>(begin);
  for (Contact& c : out) {
    c.vehicle += offset;
    if (c.other != kStaticScene) c.other += offset;
  }
}

void Simulation::apply_prescribed_contact() {
  if (!case_.contact) return;
  // A force-answering model's spring acts over steps like any contact's: it starts with the first step.
  if (model_->answer() == Answer::kForce) {
    prescribed_at_first_step_ = true;
    return;
  }
  const Contact c = prescribed_contact();
  // At t = 0 on the initial states, before any motion: where place_other_front put the other car.
  contacts_.assign(1, c);
  resolve_contacts();
  for (std::size_t i = 0; i < events_.size(); ++i) events_[i].step = 0, events_[i].time = 0.0;
  apply_resolutions();
  check_events();
  contacts_.clear();
}

Contact Simulation::prescribed_contact() const {
  const PrescribedContact& pc = *case_.contact;
  return place_contact(pc, to_planar_state(x_[pc.vehicle]), to_planar_state(x_[pc.other]));
}

void Simulation::resolve_contacts() {
  choose_impact_times();
  // Only the vehicles of a contact have a body to push and impulses to sum: a step of 10,000 cars has a
  // few dozen, and the others keep their states untouched (apply_resolutions skips them).
  for (const int v : touched_) is_touched_[static_cast<std::size_t>(v)] = 0;
  touched_.clear();
  for (const Contact& c : contacts_)
    for (const int v : {c.vehicle, c.other}) {
      const auto i = static_cast<std::size_t>(v);
      if (v == kStaticScene || is_touched_[i]) continue;
      is_touched_[i] = 1;
      touched_.push_back(v);
      scratch_[i] = body(v, first_toi_[i] < 1 ? state_at_toi(i, first_toi_[i]) : x_[i]);
      impulse_sum_[i].setZero();
      angular_impulse_sum_[i] = 0;
    }
  // Contacts are resolved one after another, each seeing the impulses before it (one Gauss-Seidel pass),
  // with each vehicle as it was at its earliest closing contact of the step: the time its impulses act.
  for (std::size_t i = 0; i < contacts_.size(); ++i) {
    const Contact& c = contacts_[i];
    double acts_at = first_touch_.empty() ? c.toi : first_touch_[i];
    for (const int v : {c.vehicle, c.other})
      if (v != kStaticScene && first_toi_[v] <= 1) acts_at = std::min(acts_at, first_toi_[v]);
    if (!resolve_one(c, scratch_[c.vehicle], c.other == kStaticScene ? nullptr : &scratch_[c.other], acts_at)) continue;
    for (const int v : {c.vehicle, c.other})
      if (v != kStaticScene && first_toi_[v] <= 1) impact_toi_[v] = first_toi_[v];
  }
}

void Simulation::apply_resolutions() {
  const bool force_mode = case_.application != Application::kImpulseReset;
  if (force_mode) {  // last step's loads are spent; this step's touched vehicles get theirs below
    for (const int v : forced_) {
      input_[static_cast<std::size_t>(v)].collision_force_W.setZero();
      input_[static_cast<std::size_t>(v)].collision_moment = 0;
    }
    forced_.assign(touched_.begin(), touched_.end());
  }
  for (const int vehicle : touched_) {
    const auto v = static_cast<std::size_t>(vehicle);
    if (replays_[v]) continue;  // the log's motion stands; its events keep the model's answer
    if (force_mode) {
      input_[v].collision_force_W = impulse_sum_[v] / case_.dt;
      input_[v].collision_moment = angular_impulse_sum_[v] / case_.dt;
      continue;
    }
    const double t = impact_toi_[v];
    // No impulse at a time of impact: the step's end stands (scratch may hold a state moved back).
    if (t >= 1 && first_toi_[v] < 1) continue;
    if (t >= 1 || on_path(v)) {
      x_[v].segment<3>(3) = velocities(scratch_[v]);
      continue;
    }
    finish_after_impact(v);
  }
}

void Simulation::account_continuing(bool all) {
  for (const int vehicle : continuing_.sprung_vehicles()) {  // ascending, as a loop over every vehicle
    const auto v = static_cast<std::size_t>(vehicle);
    Eigen::Vector3d held;
    const VehicleOde loaded(*dynamics_, case_.vehicles[v].params, applied_input_[v]);
    Eigen::Vector3d dv = collision_dv(*integrator_, loaded, x_before_[v], x_[v], time(), case_.dt, held);
    if (replays_[v]) dv = held;  // the log moves it: the springs are taken to have done what they meant
    continuing_.account(static_cast<int>(v), x_[v], time() + case_.dt, dv, held);
  }
  continuing_.close(step_, all, case_.tolerances, contact_events_);
}

template <class PerEvent>
void Simulation::for_event_ranges(std::size_t first, std::size_t last, const PerEvent& per_event) {
  threads_.for_ranges(last - first, [&](int, std::size_t begin, std::size_t end) {
    for (std::size_t i = first + begin; i < first + end; ++i) per_event(events_[i]);
  });
}

void Simulation::check_events() {
  account_continuing(false);
  auto& events = events_;
  if (case_.application == Application::kForceOverStep && checked_upto_ < pending_end_) {
    // The collision force acted during this step's dynamics, together with the tyres. What it did is the
    // difference to the same step without it; whatever differs from J/m and rho x J/Izz is charged to
    // the events as an application error.
    // Only the vehicles that carried a load (the events' vehicles among them): the others had no force.
    threads_.for_ranges(loaded_.size(), [this](int, std::size_t begin, std::size_t end) {
      for (std::size_t k = begin; k < end; ++k) {
        const auto v = static_cast<std::size_t>(loaded_[k]);
        const VehicleInput& used = applied_input_[v];
        application_error_[v].setZero();
        // A replayed vehicle ignores the force (the log moves it): its events keep the model's answer.
        if (replays_[v] || (used.collision_force_W.isZero() && used.collision_moment == 0)) continue;
        Eigen::Vector3d intended;
        const VehicleOde loaded(*dynamics_, case_.vehicles[v].params, used);
        const Eigen::Vector3d dv = collision_dv(*integrator_, loaded, x_before_[v], x_[v], time(), case_.dt, intended);
        application_error_[v] = beyond_tyres(dv - intended, tyre_allowance_[v]);
      }
    });
    // A vehicle with several contacts this step gets one force; its error is shared in proportion to |J|.
    for (std::size_t i = checked_upto_; i < pending_end_; ++i) {
      const ImpactEvent& e = events[i];
      impulse_norm_sum_[e.contact.vehicle] = 0;
      if (e.two_body()) impulse_norm_sum_[e.contact.other] = 0;
    }
    for (std::size_t i = checked_upto_; i < pending_end_; ++i) {
      const ImpactEvent& e = events[i];
      const double j = e.resolution.impulse.linear_W.norm();
      impulse_norm_sum_[e.contact.vehicle] += j;
      if (e.two_body()) impulse_norm_sum_[e.contact.other] += j;
    }
    // Each event reads the sums above and writes only itself: split over the threads by event.
    for_event_ranges(checked_upto_, pending_end_, [&](ImpactEvent& e) {
      const double j = e.resolution.impulse.linear_W.norm();
      const auto share = [&](int v) { return j > 0 ? j / impulse_norm_sum_[v] : 0.0; };
      set_velocities(e.post_a, velocities(e.post_a) + share(e.contact.vehicle) * application_error_[e.contact.vehicle]);
      if (e.two_body())
        set_velocities(e.post_b, velocities(e.post_b) + share(e.contact.other) * application_error_[e.contact.other]);
      e.checks = check_impact(e, case_.tolerances, case_.dt);
    });
    checked_upto_ = pending_end_;
  }
  if (case_.application == Application::kImpulseReset) {
    for_event_ranges(checked_upto_, events.size(),
                     [&](ImpactEvent& e) { e.checks = check_impact(e, case_.tolerances, case_.dt); });
    checked_upto_ = events.size();
  }
  pending_end_ = events.size();
}

void Simulation::record() {
  result_.sample_times.push_back(time());
  for (std::size_t v = 0; v < x_.size(); ++v) {
    VehicleTrack& track = result_.tracks[v];
    track.states.push_back(to_planar_state(x_[v]));
    track.roll.push_back(x_[v][6]);
    track.roll_rate.push_back(x_[v][7]);
  }
}

RunResult Simulation::run() {
  while (step_ < total_steps_ && result_.failure.empty()) step();
  // With force-over-step, the force of events found in the last step acts in the step after the run:
  // integrate that step (not recorded) so that those events get their verdicts too.
  if (result_.failure.empty() && (checked_upto_ < pending_end_ || !continuing_.empty())) {
    integrate_vehicles();
    check_events();
    continuing_.close(step_, true, case_.tolerances, contact_events_);  // none should remain: no step resolved
    stopped_on_non_finite();
  }
  // Continuing contacts' events have their verdicts already: they join here, in step order, so the
  // impulse events' per-step checks never see them.
  result_.events.reserve(events_.size() + contact_events_.size());
  events_.move_to(result_.events);
  result_.events.insert(result_.events.end(), contact_events_.begin(), contact_events_.end());
  std::stable_sort(result_.events.begin(), result_.events.end(),
                   [](const ImpactEvent& a, const ImpactEvent& b) { return a.step < b.step; });
  result_.steps = step_;
  result_.tunnelling_checked = tunnelling_.checked();
  result_.detector_primitives_tested = stats_.primitives_tested;
  summarise(result_);
  result_.physics_hash = physics_hash(result_, x_);
  return std::move(result_);
}

RunResult run_case(const Case& c, int threads) { return Simulation(c, threads).run(); }

}  // namespace crashbench
