// The runner's dynamics phase built alone: one step of every vehicle, what a held collision force did,
// and what the tyres may answer, each against a hand calculation.
#include <gtest/gtest.h>

#include "cases/runner/integration.hpp"
#include "core/units.hpp"
#include "tests/cases/runner/phase_case.hpp"

namespace crashbench {
namespace {

using testing::wall_case;

struct DynamicsParts {
  explicit DynamicsParts(const Case& c) : fleet(c), control(c), integration(c), springs(static_cast<int>(c.vehicles.size()), c.dt, integration.integrator()) {}
  Fleet fleet;
  Control control;
  Integration integration;
  ContinuingContacts springs;
  StepThreads threads{1};
};

TEST(IntegrationPhase, AFreeBodyCoastsVDtEveryVehicleAloneOrPaired) {
  const Case c = wall_case({5.0, 7.0, 9.0}, 10.0);  // an odd count: two paired, one alone
  DynamicsParts run(c);
  const Fleet start = run.fleet;
  run.integration.step(run.fleet, run.control, run.springs, run.threads, 0.0, c.dt);
  for (std::size_t v = 0; v < 3; ++v) {
    EXPECT_EQ(run.fleet.x_before[v], start.x[v]) << v;
    EXPECT_NEAR(run.fleet.x[v][1], start.x[v][1] - 10.0 * c.dt, 1e-12) << v;
    EXPECT_NEAR(run.fleet.x[v][0], start.x[v][0], 1e-15) << v;
  }
}

TEST(IntegrationPhase, AHeldCollisionForceChangesVelocityByFDtOverM) {
  const Case c = wall_case({5.0}, 10.0);
  DynamicsParts run(c);
  run.fleet.input[0].collision_force_W = {0.0, 3000.0};
  run.integration.step(run.fleet, run.control, run.springs, run.threads, 0.0, c.dt);
  EXPECT_EQ(run.fleet.applied_input[0].collision_force_W.y(), 3000.0);
  Eigen::Vector3d held;
  const Eigen::Vector3d dv = run.integration.collision_dv(run.fleet, 0, 0.0, c.dt, held);
  const double by_hand = 3000.0 * c.dt / testing::kSedanMass;  // 0.01 m/s
  EXPECT_NEAR(held.y(), by_hand, 1e-15);
  EXPECT_NEAR(dv.y(), by_hand, 1e-12);
  EXPECT_NEAR(dv.x(), 0.0, 1e-15);
  EXPECT_NEAR(dv.z(), 0.0, 1e-15);
}

TEST(IntegrationPhase, TyresMayAnswerTwiceMuGDtOnlyWhereTheDynamicsHaveTyres) {
  const Case free_body = wall_case({5.0}, 10.0);
  EXPECT_EQ(Integration(free_body).tyre_allowance(Fleet(free_body), free_body.dt)[0], Eigen::Vector2d::Zero());
  const Case bicycle = wall_case({5.0}, 10.0, "force", "bicycle");
  const Fleet fleet(bicycle);
  const Eigen::Vector2d allowance = Integration(bicycle).tyre_allowance(fleet, bicycle.dt)[0];
  // The sedan by hand: road_mu 0.9, 1500 kg, 2500 kg m^2, the rear axle 1.45 m from the CG (the farther).
  const double dv = 2 * 0.9 * kGravity * bicycle.dt;
  EXPECT_NEAR(allowance[0], dv, 1e-15);
  EXPECT_NEAR(allowance[1], dv * testing::kSedanMass * 1.45 / 2500.0, 1e-15);
  EXPECT_GT(allowance[1], 0.0);
}

}  // namespace
}  // namespace crashbench
