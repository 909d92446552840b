// The runner's checking and recording phases built alone: the event audit's verdicts and its tyre
// allowance, the reference detector's comparison, the stop on a non-finite value and the run record.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "cases/loading/scene_cache.hpp"
#include "cases/runner/event_audit.hpp"
#include "cases/runner/finite_guard.hpp"
#include "cases/runner/step_threads.hpp"
#include "cases/runner/impact_pass.hpp"
#include "cases/runner/reference_check.hpp"
#include "cases/runner/run_record.hpp"
#include "detectors/scenes/registry/scene_library.hpp"
#include "tests/cases/runner/phase_case.hpp"

namespace crashbench {
namespace {

using testing::kSedanFront;

TEST(EventAudit, OnlyTheErrorBeyondTheTyresAllowanceIsCharged) {
  // |(3, 4)| = 5 less 2 leaves 3 along the same direction; the yaw rate 0.5 less 0.2 leaves 0.3.
  const Eigen::Vector3d out = EventAudit::beyond_tyres({3.0, 4.0, -0.5}, {2.0, 0.2});
  EXPECT_NEAR(out.x(), 1.8, 1e-15);
  EXPECT_NEAR(out.y(), 2.4, 1e-15);
  EXPECT_NEAR(out.z(), -0.3, 1e-15);
  EXPECT_EQ(EventAudit::beyond_tyres({0.1, 0.0, 0.1}, {2.0, 0.2}), Eigen::Vector3d::Zero());
}

TEST(EventAudit, ResetEventsGetTheirVerdictsInTheirOwnStep) {
  const Case c = testing::wall_case({kSedanFront + 0.025}, 10.0);
  const auto scene = shared_scene(c.scene);
  Fleet fleet(c);
  Control control(c);
  Integration integration(c);
  ContinuingContacts springs(1, c.dt, integration.integrator());
  EventLog events;
  events.reserve(4);
  StepThreads threads(1);
  ImpactPass impacts({c, fleet, control, integration, springs, events}, threads);
  EventAudit audit({c, fleet, control, integration, springs, events}, threads);
  Detection detection(c, *scene, 1, false);
  fleet.x_before = fleet.x;
  fleet.x[0][1] -= 10.0 * c.dt;
  detection.detect(fleet, threads);
  detection.sweep(fleet, threads, false);
  impacts.resolve(detection.contacts(), 0);
  impacts.apply(0, detection);
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(audit.checked_upto(), 0u);
  audit.check(0, impacts.loads().applied());
  EXPECT_EQ(audit.checked_upto(), 1u);
  EXPECT_FALSE(audit.waiting());
  int applied = 0;
  for (const InvariantCheck& check : events[0].checks.all()) {
    EXPECT_NE(check.verdict, Verdict::kFail) << check.residual;
    applied += check.verdict == Verdict::kPass;
  }
  EXPECT_GE(applied, 4) << "momentum, restitution, energy and penetration at least";
}

TEST(ReferenceCheck, CountsTheReferencesContactsTheStepMissed) {
  Case c = testing::wall_case({kSedanFront - 0.05}, 10.0);
  c.check_against = "brute-force";
  const auto scene = shared_scene(c.scene);
  std::optional<DetectorAgreement> agreement;
  ReferenceCheck reference(c, *scene, 10, agreement);
  ASSERT_TRUE(agreement.has_value());
  Fleet fleet(c);
  fleet.poses[0].position_W = {fleet.x[0][0], fleet.x[0][1]};
  fleet.poses[0].heading = fleet.x[0][2];
  fleet.poses[0].ground_z = 0;
  auto since = ReferenceCheck::Clock::now();
  EXPECT_GE(reference.compare(fleet.poses, {}, 3, since), 0.0);
  EXPECT_EQ(agreement->steps_checked, 1);
  EXPECT_EQ(agreement->missing, 1);
  EXPECT_EQ(agreement->first_step, 4);
  EXPECT_EQ(agreement->timing.ns.size(), 1u);
  Case without = c;
  without.check_against.clear();
  std::optional<DetectorAgreement> none;
  ReferenceCheck off(without, *scene, 10, none);
  EXPECT_EQ(off.compare(fleet.poses, {}, 3, since), 0.0);
  EXPECT_FALSE(none.has_value());
}

TEST(FiniteGuard, NamesTheFirstNonFiniteStateOrImpulseAndDropsItsEvents) {
  FiniteGuard guard;
  std::vector<StateVector> x(2, StateVector::Zero());
  EventLog events;
  events.reserve(4);
  events.emplace_back();
  ImpactEvent& bad = events.emplace_back();
  bad.resolution.impulse.linear_W = {std::numeric_limits<double>::infinity(), 0.0};
  EXPECT_EQ(guard.first_non_finite(x, events, 1), "") << "the second event has no verdict yet";
  EXPECT_EQ(guard.first_non_finite(x, events, 2), "impulse of vehicle 0's event against the scene became infinite");
  EXPECT_EQ(events.size(), 1u);
  x[1][3] = std::nan("");
  EXPECT_EQ(guard.first_non_finite(x, events, 1), "vehicle 1 velocity x became NaN");
}

TEST(FiniteGuard, SplitOverThreadsNamesTheLowestVehicleOfAnyRange) {
  for (const int threads : {2, 3}) {
    StepThreads split(threads);
    FiniteGuard guard(threads);
    std::vector<StateVector> x(10, StateVector::Zero());
    EventLog events;
    EXPECT_EQ(guard.first_non_finite(x, events, 0, &split), "") << threads;
    x[9][2] = std::numeric_limits<double>::infinity();  // in the last range
    EXPECT_EQ(guard.first_non_finite(x, events, 0, &split), "vehicle 9 heading became infinite") << threads;
    x[4][0] = std::nan("");  // in a middle range for three threads, the first for two
    x[6][1] = std::nan("");
    EXPECT_EQ(guard.first_non_finite(x, events, 0, &split), "vehicle 4 position x became NaN") << threads;
  }
}

TEST(RunRecord, SamplesEveryVehicleAndJoinsContactEventsInStepOrder) {
  const Case c = testing::wall_case({5.0, 7.0}, 10.0);
  const auto scene = shared_scene(c.scene);
  RunRecord record(c, *scene, 10);
  Fleet fleet(c);
  record.sample(fleet, 0.0);
  fleet.x[1][1] = 6.0;
  record.sample(fleet, c.dt);
  ASSERT_EQ(record.result().sample_times.size(), 2u);
  EXPECT_EQ(record.result().tracks[1].states[1].position_W.y(), 6.0);
  // Two two-vehicle events, each with the other vehicle's bodies numbered in its own list: the contact
  // event's joins after the impulse event's and is renumbered; it keeps its widened tolerances, the
  // impulse event has the case's.
  ImpactEvent& impulse = record.events().emplace_back();
  impulse.step = 3;
  impulse.contact.other = 1;
  record.events().add_other(impulse).pre.mass = 3;
  ContactEvents contact_events;
  ImpactEvent& contact = contact_events.events.emplace_back();
  contact.step = 2;
  contact.contact.other = 1;
  contact.other_body = 0;
  contact_events.other_bodies.emplace_back().pre.mass = 2;
  contact.widened_tolerances = 0;
  contact_events.tolerances.emplace_back().momentum = 0.25;
  const RunResult result = record.finish(contact_events, fleet.x);
  ASSERT_EQ(result.events.size(), 2u);
  EXPECT_EQ(result.events[0].step, 2);
  EXPECT_EQ(result.events[1].step, 3);
  ASSERT_EQ(result.other_bodies.size(), 2u);
  EXPECT_EQ(result.other_of(result.events[0])->pre.mass, 2);
  EXPECT_EQ(result.other_of(result.events[1])->pre.mass, 3);
  EXPECT_EQ(result.tolerances_of(result.events[0]).momentum, 0.25);
  EXPECT_EQ(result.tolerances_of(result.events[1]).momentum, c.tolerances.momentum);
  EXPECT_NE(result.physics_hash, 0u);
}

// The step times published for a registered scene travel with the run's result (the report reads them
// from there, not from the registry); a scene with none, or built outside the registry, records none.
TEST(RunRecord, RecordsTheStepTimesPublishedForEachRegisteredScene) {
  const Case c = testing::wall_case({5.0}, 10.0);
  int with_figures = 0, without = 0;
  for (const SceneEntry& entry : scene_registry().entries()) {
    // Every scene with figures, and the first without (building them all would cost seconds).
    if (entry.benchmark_only || (entry.published.empty() && without++ > 0)) continue;
    const Scene scene = make_registered_scene(entry.name);
    const std::vector<PublishedStepTime> recorded = RunRecord(c, scene, 1).result().scene_published;
    ASSERT_EQ(recorded.size(), entry.published.size()) << entry.name;
    for (std::size_t i = 0; i < entry.published.size(); ++i) {
      EXPECT_EQ(recorded[i].label, entry.published[i].label) << entry.name;
      EXPECT_EQ(recorded[i].source, entry.published[i].source) << entry.name;
      EXPECT_EQ(recorded[i].response_model, entry.published[i].response_model) << entry.name;
      EXPECT_EQ(recorded[i].step_ms, entry.published[i].step_ms) << entry.name;
    }
    with_figures += !entry.published.empty();
  }
  EXPECT_GE(with_figures, 2) << "Knight's test rail and Watkins Glen";
  Scene unregistered = make_registered_scene("track");
  unregistered.published = {};
  EXPECT_TRUE(RunRecord(c, unregistered, 1).result().scene_published.empty());
}

}  // namespace
}  // namespace crashbench
