// The runner's dynamics phase built alone: one step of every vehicle, what a held collision force did,
// and what the tyres may answer, each against a hand calculation.
#include <gtest/gtest.h>

#include <array>

#include "cases/driving/replay_log.hpp"
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

TEST(IntegrationPhase, AReplayedVehicleBetweenOthersMovesByItsLogAndTheOthersCoast) {
  // Vehicle 1 replayed: the batch of 0 and 2 is not contiguous in the fleet (its states are copied).
  Case c = wall_case({5.0, 7.0, 9.0}, 10.0);
  c.vehicles[1].replay = std::make_shared<ReplayLog>(
      std::vector<ReplayRow>{{0.0, {1.0, 2.0}, 0.0, 0}, {1.0, {4.0, 2.0}, 0.0, 0}}, "test log");
  DynamicsParts run(c);
  const Fleet start = run.fleet;
  run.integration.step(run.fleet, run.control, run.springs, run.threads, 0.0, c.dt);
  EXPECT_NEAR(run.fleet.x[1][0], 1.0 + 3.0 * c.dt, 1e-12);  // the log: 3 m/s east from (1, 2)
  EXPECT_NEAR(run.fleet.x[1][1], 2.0, 1e-12);
  for (const std::size_t v : {0, 2}) {
    EXPECT_NEAR(run.fleet.x[v][1], start.x[v][1] - 10.0 * c.dt, 1e-12) << v;
    EXPECT_NEAR(run.fleet.x[v][0], start.x[v][0], 1e-15) << v;
    StateVector alone = start.x[v];  // the bits of its own step
    run.integration.integrate(start, v, start.input[v], alone, 0.0, c.dt);
    EXPECT_EQ(run.fleet.x[v], alone) << v;
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

TEST(IntegrationPhase, TheBatchedShadowStepsGiveEachVehiclesOwnCollisionDvForEveryModel) {
  for (const auto& model : dynamics_models()) {
    SCOPED_TRACE(std::string(model.name));
    const Case c = wall_case({5.0, 7.0, 9.0}, 10.0, "force", std::string(model.name));
    DynamicsParts run(c);
    // Different loads, one with a moment, so that a mixed-up member would show.
    for (std::size_t v = 0; v < 3; ++v) {
      run.fleet.input[v].collision_force_W = {500.0 * v, 3000.0 - 700.0 * v};
      run.fleet.input[v].collision_moment = v == 1 ? 800.0 : 0.0;
    }
    run.integration.step(run.fleet, run.control, run.springs, run.threads, 0.0, c.dt);
    const std::array<std::size_t, 3> vehicles{2, 0, 1};
    std::array<Eigen::Vector3d, 3> dv, held;
    run.integration.collision_dvs(run.fleet, vehicles, 0.0, c.dt, dv.data(), held.data());
    for (std::size_t k = 0; k < vehicles.size(); ++k) {
      // The reference: the vehicle's own step from its start without the load, taken here.
      const std::size_t v = vehicles[k];
      VehicleInput without = run.fleet.applied_input[v];
      without.collision_force_W.setZero();
      without.collision_moment = 0;
      without.springs = {};
      StateVector shadow = run.fleet.x_before[v];
      run.integration.integrate(run.fleet, v, without, shadow, 0.0, c.dt);
      for (int i = 0; i < 3; ++i) EXPECT_EQ(dv[k][i], run.fleet.x[v][3 + i] - shadow[3 + i]) << v << " " << i;
      EXPECT_EQ(held[k].y(), run.fleet.applied_input[v].collision_force_W.y() * c.dt / testing::kSedanMass) << v;
    }
    // Vehicle 0 (second in the batch) by hand: 3000 N along Y over dt on the sedan's mass.
    EXPECT_NEAR(held[1].y(), 3000.0 * c.dt / testing::kSedanMass, 1e-15);
  }
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
