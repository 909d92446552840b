#include "cases/runner/simulation.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "cases/loading/case_loader.hpp"
#include "cases/loading/matrix.hpp"
#include "detectors/detector.hpp"
#include "models/response/response_model.hpp"
#include "testkit/counting_allocator.hpp"
#include "tests/support/paths.hpp"

namespace crashbench {
namespace {

nlohmann::json head_on_doc(const std::string& model, const std::string& application) {
  nlohmann::json doc = read_json_file(testing::source_path("cases/library/knight-head-on-30mph.json"));
  doc["response"]["model"] = model;
  doc["application"] = application;
  return doc;
}

RunResult run_doc(const nlohmann::json& doc) { return run_case(parse_case(doc, "test.json")); }

/// Normal velocity of the contact point, by hand: n . (V + r z x rho).
double contact_normal_velocity(const Body& body, const Contact& c) {
  const Vec2 rho = c.point_W - body.state.position_W;
  const Vec2 v_point(body.state.velocity_W.x() - body.state.yaw_rate * rho.y(),
                     body.state.velocity_W.y() + body.state.yaw_rate * rho.x());
  return c.normal_W.dot(v_point);
}

double energy(const Body& b) {
  return 0.5 * b.mass * b.state.velocity_W.squaredNorm() + 0.5 * b.yaw_inertia * b.state.yaw_rate * b.state.yaw_rate;
}

TEST(HeadOn, RestitutionResetGivesMinusEAtTheContactPoint) {
  const RunResult r = run_doc(head_on_doc("restitution", "reset"));
  ASSERT_EQ(r.events.size(), 1u);
  const ImpactEvent& e = r.events[0];
  // Head-on: angle of attack 90 deg, e = 0.125 cos(180 deg) + 0.175 = 0.05 (Knight eq. 4-11).
  const double e_expected = 0.125 * std::cos(std::numbers::pi) + 0.175;
  const double before = contact_normal_velocity(e.pre_a, e.contact);
  const double after = contact_normal_velocity(e.post_a, e.contact);
  EXPECT_LT(before, -13.0);  // 30 mph into the wall, not a graze
  EXPECT_NEAR(after, -e_expected * before, 1e-9 * std::abs(before));
  EXPECT_EQ(r.status, CaseStatus::kPassed);
}

TEST(HeadOn, EnergyLossResetKeepsPOf90Degrees) {
  const RunResult r = run_doc(head_on_doc("energy-loss", "reset"));
  ASSERT_EQ(r.events.size(), 1u);
  const ImpactEvent& e = r.events[0];
  const double p_expected = 0.44 * std::cos(std::numbers::pi) + 0.48;  // 0.04, Knight eq. 4-22
  EXPECT_NEAR(energy(e.post_a) / energy(e.pre_a), p_expected, 1e-9 * p_expected);
  EXPECT_GT(contact_normal_velocity(e.post_a, e.contact), 0.0);  // the larger root: it bounces back
  EXPECT_EQ(r.status, CaseStatus::kPassed);
}

/// Velocity change across the step in which the collision acted, read from the trajectory.
Vec2 momentum_change(const RunResult& r, int first_step) {
  const auto& states = r.tracks[0].states;
  return r.config.vehicles[0].params.mass * (states[first_step + 1].velocity_W - states[first_step].velocity_W);
}

TEST(HeadOn, ForceOverOneStepReachesTheResetMomentumChangeWithinOnePercent) {
  for (const char* model : {"restitution", "energy-loss"}) {
    const RunResult reset = run_doc(head_on_doc(model, "reset"));
    const RunResult force = run_doc(head_on_doc(model, "force"));
    ASSERT_EQ(reset.events.size(), 1u);
    ASSERT_EQ(force.events.size(), 1u);
    ASSERT_EQ(reset.events[0].step, force.events[0].step);
    // Reset changes the velocity at the end of the impact step; the force acts during the next one.
    const int k = reset.events[0].step;
    const Vec2 by_reset = momentum_change(reset, k - 1);
    const Vec2 by_force = momentum_change(force, k);
    EXPECT_GT(by_reset.norm(), 1e4) << model;
    EXPECT_LE((by_force - by_reset).norm(), 0.01 * by_reset.norm()) << model;
  }
}

TEST(Simulation, StepsAllocateNothingOnceBuilt) {
  for (const char* application : {"reset", "force"}) {
    nlohmann::json doc = read_json_file(testing::source_path("cases/library/knight-side-10deg-60mph.json"));
    doc["response"]["model"] = "energy-loss";  // scrapes along the wall: an event nearly every step
    doc["application"] = application;
    Simulation sim(parse_case(doc, "side.json"));
    const testing::AllocationScope scope;
    while (sim.steps_done() < 300) sim.step();
    EXPECT_EQ(scope.allocations(), 0) << application;
    EXPECT_GT(sim.events().size(), 10u) << application;
  }
}

TEST(Simulation, EveryRegisteredModelWithEveryAllocationFreeDetectorStepsWithoutAllocating) {
  // Knight's 10 degree side hit on the straight wall, which has both walls and triangles, so every
  // detector reads its own geometry.
  const nlohmann::json side = read_json_file(testing::source_path("cases/library/knight-side-10deg-60mph.json"));
  int runs = 0;
  for (const auto& model : response_models())
    for (const auto& detector : detectors()) {
      if (!make_detector(detector.name)->allocation_free()) continue;  // OpenSceneGraph's queries allocate
      for (const char* application : {"reset", "force"}) {
        nlohmann::json doc = side;
        doc["response"] = {{"model", std::string(model.name)}};
        doc["detector"] = std::string(detector.name);
        doc["application"] = application;
        Simulation sim(parse_case(doc, "side.json"));
        const std::string what = std::string(model.name) + " " + std::string(detector.name) + " " + application;
        const testing::AllocationScope scope;
        while (sim.steps_done() < 300) sim.step();
        EXPECT_EQ(scope.allocations(), 0) << what;
        // The rest of the run, outside the scope: a continuing contact's event joins the result when it ends.
        EXPECT_GT(sim.run().events.size(), 0u) << what << ": the car must reach the wall";
        ++runs;
      }
    }
  EXPECT_GT(runs, 0);
}

TEST(Simulation, ForceModeEventInTheLastStepStillGetsItsVerdicts) {
  nlohmann::json doc = head_on_doc("restitution", "force");
  // The bumper reaches the wall at (7.25 - 2.25) m / 30 mph = 0.373 s, found at the end of step 75.
  doc["duration"] = 0.375;
  const RunResult r = run_doc(doc);
  ASSERT_EQ(r.events.size(), 1u);
  ASSERT_EQ(r.events[0].step, r.steps);
  int checked = 0;
  for (const auto& check : r.events[0].checks.all()) {
    if (check.verdict == Verdict::kNotApplicable) continue;
    ++checked;
    EXPECT_EQ(check.verdict, Verdict::kPass);
  }
  EXPECT_GE(checked, 5);
  EXPECT_EQ(r.status, CaseStatus::kPassed);
}

TEST(Simulation, AWholeRunWithHundredsOfEventsAllocatesNothingPerStep) {
  // The track corner with the analytic detector scrapes the barrier: an event on most steps to the end.
  const std::string path = testing::source_path("cases/library/knight-track-corner.json");
  nlohmann::json doc = read_json_file(path);
  doc["detector"] = "analytic";
  Simulation sim(parse_case(doc, path));
  const int steps = static_cast<int>(std::llround(sim.result().config.duration / sim.result().config.dt));
  const testing::AllocationScope scope;
  while (sim.steps_done() < steps) sim.step();
  EXPECT_EQ(scope.allocations(), 0);
  EXPECT_GE(sim.events().size(), 150u);  // an event on most steps: the buffers did fill
}

TEST(Simulation, SameCaseGivesTheSameNumbersBitForBit) {
  const nlohmann::json doc = read_json_file(testing::source_path("cases/library/knight-l-rail.json"));
  const RunResult a = run_doc(doc), b = run_doc(doc);
  ASSERT_EQ(a.events.size(), b.events.size());
  ASSERT_GT(a.events.size(), 0u);
  for (std::size_t i = 0; i < a.events.size(); ++i)
    EXPECT_EQ(a.events[i].resolution.impulse.linear_W, b.events[i].resolution.impulse.linear_W);
  EXPECT_EQ(a.tracks[0].states.back().position_W, b.tracks[0].states.back().position_W);
}

}  // namespace
}  // namespace crashbench
