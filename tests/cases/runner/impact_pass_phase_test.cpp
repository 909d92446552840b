// The runner's impact pass built alone, with the touched set and the collision loads it keeps: a sedan on
// free-body dynamics crossing the straight wall half way through a step, against hand calculations
// (e = 0.4, no friction, head-on: v_after = -e v_before, J = m (1 + e) v).
#include <gtest/gtest.h>

#include <cmath>

#include "cases/loading/scene_cache.hpp"
#include "cases/runner/impact_pass.hpp"
#include "tests/cases/runner/phase_case.hpp"

namespace crashbench {
namespace {

using testing::kPhaseRestitution;
using testing::kSedanFront;
using testing::kSedanMass;

constexpr double kSpeed = 10.0;  // [m/s]

/// Everything the impact pass works with, one step in: the bumper goes from 2.5 cm clear to 2.5 cm
/// through the wall (10 m/s x 5 ms = 5 cm), so its time of impact is half the step.
struct OneCrossing {
  explicit OneCrossing(const std::string& application)
      : c(testing::wall_case({kSedanFront + 0.025}, kSpeed, application)),
        scene(shared_scene(c.scene)),
        fleet(c),
        control(c),
        integration(c),
        springs(1, c.dt, integration.integrator()),
        impacts({c, fleet, control, integration, springs, events}, threads),
        detection(c, *scene, 1, application == "force") {
    events.reserve(8);
    fleet.x_before = fleet.x;
    fleet.x[0][1] -= kSpeed * c.dt;
    detection.detect(fleet, threads);
    detection.sweep(fleet, threads, false);
  }
  Case c;
  std::shared_ptr<const Scene> scene;
  Fleet fleet;
  Control control;
  Integration integration;
  ContinuingContacts springs;
  EventLog events;
  StepThreads threads{1};
  ImpactPass impacts;
  Detection detection;
};

TEST(TouchedSet, BeginStepResetsTheLastStepsMembersOnly) {
  TouchedSet touched(4);
  EXPECT_TRUE(touched.join(2));
  EXPECT_FALSE(touched.join(2));
  touched[2].first_toi = 0.3;
  touched[2].impact_toi = 0.3;
  touched[2].impulse = {1, 2};
  touched.begin_step();
  EXPECT_TRUE(touched.members().empty());
  EXPECT_EQ(touched[2].first_toi, 2.0);
  EXPECT_EQ(touched[2].impact_toi, 1.0);
  EXPECT_FALSE(touched[2].member);
  EXPECT_TRUE(touched.join(2));
  EXPECT_EQ(touched[2].impulse, Vec2::Zero()) << "a member starts with no impulse";
}

TEST(CollisionLoads, ANewStepsLoadsReplaceTheSpentOnes) {
  const Case c = testing::wall_case({5.0, 7.0, 9.0}, kSpeed, "force");
  Fleet fleet(c);
  CollisionLoads loads(3);
  const std::vector<int> first{1}, second{2};
  loads.replace(first, fleet);
  fleet.input[1].collision_force_W = {5, 6};
  fleet.input[1].collision_moment = 7;
  loads.begin_integration();
  ASSERT_EQ(loads.applied().size(), 1u);
  EXPECT_EQ(loads.applied()[0], 1);
  loads.replace(second, fleet);
  EXPECT_EQ(fleet.input[1].collision_force_W, Vec2::Zero());
  EXPECT_EQ(fleet.input[1].collision_moment, 0.0);
  EXPECT_EQ(loads.applied()[0], 1) << "until the next integration, the audit sees the loads it applied";
  loads.begin_integration();
  EXPECT_EQ(loads.applied()[0], 2);
}

TEST(ImpactPassPhase, ResetActsAtTheTimeOfImpactAndIntegratesTheRestOfTheStep) {
  OneCrossing run("reset");
  run.impacts.resolve(run.detection.contacts(), 0);
  run.impacts.apply(0, run.detection);
  ASSERT_EQ(run.events.size(), 1u);
  const ImpactEvent& e = run.events[0];
  EXPECT_NEAR(e.time, 0.5 * run.c.dt, 1e-6 * run.c.dt);
  // The point lies on the bumper, `arm` from the CG line: the wall normal (0, 1) meets an effective mass
  // 1 / (1/m + arm^2 / Izz), and the impulse that leaves the point at -e times its approach is
  // J = (1 + e) v m_eff.
  const VehicleParams& p = run.fleet.params[0];
  const double arm = e.contact.point_W.x() - e.pre_a.state.position_W.x();
  ASSERT_LT(std::abs(arm), 0.9) << "on the bumper";
  const double J = (1 + kPhaseRestitution) * kSpeed / (1 / p.mass + arm * arm / p.yaw_inertia);
  EXPECT_NEAR(e.resolution.impulse.linear_W.y(), J, 1e-9 * J);
  const double vy_after = -kSpeed + J / p.mass;
  EXPECT_NEAR(run.fleet.x[0][4], vy_after, 1e-9);
  // Back at the wall (CG 2.25 m from it) half way, then the other 2.5 ms at the new speed.
  EXPECT_NEAR(run.fleet.x[0][1], kSedanFront + vy_after * 0.5 * run.c.dt, 1e-6);
}

TEST(ImpactPassPhase, ForceApplicationHoldsJOverDtForTheNextStep) {
  OneCrossing run("force");
  const StateVector end = run.fleet.x[0];
  run.impacts.resolve(run.detection.contacts(), 0);
  run.impacts.apply(0, run.detection);
  ASSERT_EQ(run.events.size(), 1u);
  EXPECT_EQ(run.fleet.x[0], end) << "the force acts over the next step, not now";
  const ImpactEvent& e = run.events[0];
  const Vec2 J = e.resolution.impulse.linear_W;
  const Vec2 arm = e.contact.point_W - e.pre_a.state.position_W;
  EXPECT_GT(J.y(), kSedanMass * kSpeed) << "at least the stop, at most the stop and (1 + e) times it";
  EXPECT_LE(J.y(), kSedanMass * (1 + kPhaseRestitution) * kSpeed);
  EXPECT_NEAR(run.fleet.input[0].collision_force_W.y(), J.y() / run.c.dt, 1e-9 * J.y() / run.c.dt);
  EXPECT_NEAR(run.fleet.input[0].collision_moment, (arm.x() * J.y() - arm.y() * J.x()) / run.c.dt, 1e-6);
  run.impacts.loads().begin_integration();
  ASSERT_EQ(run.impacts.loads().applied().size(), 1u);
}

TEST(ImpactPassPhase, AnOpeningContactIsNoImpact) {
  OneCrossing run("reset");
  run.fleet.x_before[0][4] = run.fleet.x[0][4] = +1.0;  // moving away all along: the response sees it leave
  run.impacts.resolve(run.detection.contacts(), 0);
  run.impacts.apply(0, run.detection);
  EXPECT_EQ(run.events.size(), 0u);
}

}  // namespace
}  // namespace crashbench
