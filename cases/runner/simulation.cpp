#include "cases/runner/simulation.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "cases/loading/scene_cache.hpp"
#include "cases/prescribed_contact.hpp"
#include "cases/traffic/sumo_comparison.hpp"
#include "cases/traffic/sumo_scene_checks.hpp"

namespace crashbench {
namespace {

int clamped_threads(int threads, const Case& c) {
  return std::clamp(std::min(threads, static_cast<int>(c.vehicles.size())), 1, kMaxStepThreads);
}

/// Contacts are taken at the end of the step when a force acts over the next one: force application, or a
/// force-answering model (a spring on the overlap).
bool contacts_at_end(const Case& c, const ResponseModel& model) {
  return c.application == Application::kForceOverStep || model.answer() == Answer::kForce;
}

}  // namespace

Simulation::Simulation(const Case& c, int threads)
    : case_(c),
      scene_(shared_scene(c.scene)),
      total_steps_(static_cast<int>(std::llround(c.duration / c.dt))),
      threads_(clamped_threads(threads, c)),
      record_(case_, *scene_, total_steps_),
      fleet_(case_),
      control_(case_),
      integration_(case_),
      continuing_(static_cast<int>(c.vehicles.size()), c.dt, integration_.integrator()),
      impacts_({case_, fleet_, control_, integration_, continuing_, record_.events()}, threads_),
      detection_(case_, *scene_, threads_.size(), contacts_at_end(case_, impacts_.model())),
      audit_({case_, fleet_, control_, integration_, continuing_, record_.events()}, threads_),
      surface_(case_, *scene_, threads_.size()),
      tunnelling_(*scene_, c.vehicles, threads_.size()),
      reference_(case_, *scene_, total_steps_, record_.result().agreement),
      finite_(threads_.size()) {
  if (impacts_.model().answer() == Answer::kForce) continuing_.reserve();
  // Pairs that pass through each other (cases/traffic/sumo_role.hpp): with secondary impacts only those on
  // their SUMO paths at a flat crossing, since a released vehicle's role is then kNone.
  if (c.traffic) {
    require_traffic_on_scene(c, *scene_);
    fleet_.passing.flat_crossings = scene_->flat_crossings;
    tunnelling_.ignore_passing(fleet_.passing);
  }
  tunnelling_.use_pairs(detection_.pairs());
  record_.result().response_curves = impacts_.model().curves();
  control_.begin_step(fleet_, 0.0);  // SUMO's vehicles there at the start
  record_.sample(fleet_, time());
  apply_prescribed_contact();
}

void Simulation::step() {
  const auto start = RunRecord::Clock::now();
  auto since = start;
  control_.set_inputs(fleet_, threads_);
  integrate();
  record_.timed(Phase::kDynamics, since);
  record_.result().steps_without_surface += surface_.follow(fleet_, threads_, step_);
  record_.timed(Phase::kSurface, since);
  const bool prescribed = prescribed_at_first_step_ && step_ == 0;  // the case says where and when
  const Contact instead = prescribed ? prescribed_contact() : Contact{};
  detection_.detect(fleet_, threads_, prescribed ? &instead : nullptr);
  record_.timed(Phase::kDetect, since);
  const double reference_ns = reference_.compare(fleet_.poses, detection_.contacts().contacts, step_, since);
  detection_.sweep(fleet_, threads_, prescribed);
  record_.timed(Phase::kSweep, since);
  impacts_.resolve(detection_.contacts(), step_);
  record_.timed(Phase::kResolve, since);
  impacts_.apply(step_, detection_);
  record_.timed(Phase::kApply, since);
  audit_.check(step_, impacts_.loads().applied());
  tunnelling_.check(fleet_.x_before, fleet_.x, fleet_.poses, time() + case_.dt, record_.result().tunnelling, &threads_);
  record_.timed(Phase::kCheck, since);
  ++step_;
  if (!stopped_on_non_finite() && step_ % case_.record_every == 0) record_.sample(fleet_, time());
  auto whole = start;
  record_.timed(Phase::kStep, whole);
  record_.result().timings[static_cast<std::size_t>(Phase::kStep)].ns.back() -= static_cast<float>(reference_ns);
}

void Simulation::integrate() {
  control_.begin_step(fleet_, time() + case_.dt);
  continuing_.begin_step();
  impacts_.loads().begin_integration();
  integration_.step(fleet_, control_, continuing_, threads_, time(), case_.dt);
}

bool Simulation::stopped_on_non_finite() {
  RunResult& result = record_.result();
  const std::string what = finite_.first_non_finite(fleet_.x, record_.events(), audit_.checked_upto(), &threads_);
  if (!what.empty()) result.failure = fmt::format("{} at step {} (t = {:g} s)", what, step_, time());
  return !result.failure.empty();
}

Contact Simulation::prescribed_contact() const {
  const PrescribedContact& pc = *case_.contact;
  if (pc.other == kStaticScene) return place_contact(pc, state(pc.vehicle), nullptr);
  const PlanarState other = state(pc.other);
  return place_contact(pc, state(pc.vehicle), &other);
}

void Simulation::apply_prescribed_contact() {
  if (!case_.contact) return;
  // A force-answering model's spring acts over steps like any contact's: it starts with the first step.
  if (impacts_.model().answer() == Answer::kForce) {
    prescribed_at_first_step_ = true;
    return;
  }
  // At t = 0 on the initial states, before any motion: where place_other_front put the other car.
  StepContacts& contacts = detection_.contacts();
  contacts.contacts.assign(1, prescribed_contact());
  impacts_.resolve(contacts, 0);
  EventLog& events = record_.events();
  for (std::size_t i = 0; i < events.size(); ++i) events[i].step = 0, events[i].time = 0.0;
  impacts_.apply(0, detection_);
  audit_.check(0, impacts_.loads().applied());
  contacts.contacts.clear();
}

RunResult Simulation::run() {
  RunResult& result = record_.result();
  while (step_ < total_steps_ && result.failure.empty()) step();
  // With force-over-step, the force of events found in the last step acts in the step after the run:
  // integrate that step (not recorded) so that those events get their verdicts too.
  if (result.failure.empty() && audit_.waiting()) {
    integrate();
    audit_.finish(step_, impacts_.loads().applied());
    stopped_on_non_finite();
  }
  result.steps = step_;
  result.tunnelling_checked = tunnelling_.checked();
  result.detector_primitives_tested = detection_.stats().primitives_tested;
  RunResult out = record_.finish(audit_.contact_events(), fleet_.x);
  if (case_.traffic && out.failure.empty()) {
    out.sumo = compare_with_sumo(case_, out);
    out.sumo->off_scene = vehicles_off_scene(case_, *scene_);
    out.sumo->flat_crossing_passes = fleet_.passing.flat_crossing_passes;
    record_road_under_paths(*out.sumo);
    require_road_under_paths(case_, *out.sumo);
  }
  return out;
}

void Simulation::record_road_under_paths(SumoComparison& s) const {
  const RoadUnderPaths road = surface_.road_under_paths();
  s.on_path_steps = road.steps;
  s.on_path_without_road = road.without_road;
  if (road.first_vehicle < 0) return;
  s.first_without_road = case_.vehicles[static_cast<std::size_t>(road.first_vehicle)].name;
  s.first_without_road_time = (road.first_step + 1) * case_.dt;
  s.first_without_road_at = {road.first_W.x(), road.first_W.y()};
}

RunResult run_case(const Case& c, int threads) { return Simulation(c, threads).run(); }

}  // namespace crashbench
