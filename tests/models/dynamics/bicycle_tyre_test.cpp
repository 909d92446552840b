// bicycle: tyre forces against hand calculation, the friction bound, the direction of the force, and
// the collision input.
#include <gtest/gtest.h>

#include <cmath>

#include "core/units.hpp"
#include "models/dynamics/bicycle.hpp"
#include "tests/models/dynamics/test_vehicle.hpp"
#include "tests/support/tolerance.hpp"

namespace crashbench {
namespace {

using testing::near_relative;

TEST(BicycleTyres, LinearRangeMatchesHandCalculation) {
  const VehicleParams p = testing::test_car();
  const double u = 21.0, v = 0.35, r = 0.12, steer = 0.025, heading = -0.8;
  const StateVector x = testing::state_from_body(heading, {u, v}, r);
  const AxleForces f = bicycle_axle_forces(p.mass, testing::test_tyres(), to_planar_state(x), steer);

  // Front axle velocity (u, v + a r) seen from the wheel turned by steer; rear axle (u, v - b r).
  const double a = 1.13, b = 1.52;
  const double front_long = u * std::cos(steer) + (v + a * r) * std::sin(steer);
  const double front_lat = -u * std::sin(steer) + (v + a * r) * std::cos(steer);
  const double slip_front = std::atan(front_lat / front_long);
  const double slip_rear = std::atan((v - b * r) / u);
  EXPECT_TRUE(near_relative(f.slip_front, slip_front, 1e-12));
  EXPECT_TRUE(near_relative(f.slip_rear, slip_rear, 1e-12));
  EXPECT_TRUE(near_relative(f.lateral_front, -87000.0 * slip_front, 1e-12));
  EXPECT_TRUE(near_relative(f.lateral_rear, -98000.0 * slip_rear, 1e-12));

  // Newton in the world frame: rotate the body-frame resultant by the heading.
  VehicleInput in;
  in.steer = steer;
  in.drive_force = 1800.0;
  const StateVector dx = BicycleDynamics().derivative(p, x, in);
  const Vec2 force_B(in.drive_force - f.lateral_front * std::sin(steer),
                     f.lateral_front * std::cos(steer) + f.lateral_rear);
  const Vec2 force_W(std::cos(heading) * force_B.x() - std::sin(heading) * force_B.y(),
                     std::sin(heading) * force_B.x() + std::cos(heading) * force_B.y());
  EXPECT_TRUE(near_relative(Vec2(dx[3], dx[4]), force_W / p.mass, 1e-12));
  const double moment = a * f.lateral_front * std::cos(steer) - b * f.lateral_rear;
  EXPECT_TRUE(near_relative(dx[5], moment / p.yaw_inertia, 1e-12));
  EXPECT_TRUE(near_relative(Vec2(dx[0], dx[1]), Vec2(x[3], x[4]), 1e-15));
  EXPECT_EQ(dx[2], r);
}

TEST(BicycleTyres, NeverExceedRoadMuTimesAxleLoadAndAlwaysOpposeSliding) {
  const VehicleParams p = testing::test_car();
  const double L = 1.13 + 1.52;
  const double limit_front = 0.82 * p.mass * kGravity * 1.52 / L;
  const double limit_rear = 0.82 * p.mass * kGravity * 1.13 / L;
  const BicycleDynamics dynamics;
  int saturated = 0, cases = 0;
  for (double u : {-30.0, -5.0, -0.5, 0.0, 0.3, 4.0, 25.0})
    for (double v : {-12.0, -1.0, -0.02, 0.0, 0.05, 2.0, 15.0})
      for (double r : {-2.0, -0.1, 0.0, 0.3, 1.5})
        for (double steer : {-0.5, 0.0, 0.2}) {
          ++cases;
          const StateVector x = testing::state_from_body(0.9, {u, v}, r);
          const AxleForces f = bicycle_axle_forces(p.mass, testing::test_tyres(), to_planar_state(x), steer);
          EXPECT_LE(std::abs(f.lateral_front), limit_front * (1 + 1e-12));
          EXPECT_LE(std::abs(f.lateral_rear), limit_rear * (1 + 1e-12));
          saturated += std::abs(f.lateral_front) > limit_front * (1 - 1e-12);
          // Opposes the axle's sideways sliding, forwards and in reverse.
          const double front_lat = -u * std::sin(steer) + (v + 1.13 * r) * std::cos(steer);
          const double rear_lat = v - 1.52 * r;
          EXPECT_LE(f.lateral_front * front_lat, 0.0);
          EXPECT_LE(f.lateral_rear * rear_lat, 0.0);
          if (std::abs(front_lat) > 1e-9) {
            EXPECT_NE(f.lateral_front, 0.0);
          }
          // The whole car: |m a| <= mu m g without drive or collision.
          VehicleInput in;
          in.steer = steer;
          const StateVector dx = dynamics.derivative(p, x, in);
          EXPECT_LE(p.mass * Vec2(dx[3], dx[4]).norm(), 0.82 * p.mass * kGravity * (1 + 1e-12));
        }
  EXPECT_GT(saturated, cases / 4) << "the grid should reach the friction limit often";
}

TEST(BicycleTyres, CollisionForceAndMomentAddToTheTyreForces) {
  const VehicleParams p = testing::test_car();
  const BicycleDynamics dynamics;
  const StateVector x = testing::state_from_body(2.1, {14.0, -0.8}, 0.25);
  VehicleInput in;
  in.steer = -0.04;
  const StateVector without = dynamics.derivative(p, x, in);
  in.collision_force_W = {-61000.0, 38000.0};
  in.collision_moment = 24000.0;
  const StateVector with = dynamics.derivative(p, x, in);
  EXPECT_TRUE(near_relative(p.mass * Vec2(with[3] - without[3], with[4] - without[4]), in.collision_force_W, 1e-12));
  EXPECT_TRUE(near_relative(p.yaw_inertia * (with[5] - without[5]), in.collision_moment, 1e-12));
}

TEST(BicycleTyres, ValidateRejectsMissingTyreParameters) {
  const BicycleDynamics dynamics;
  EXPECT_NO_THROW(dynamics.validate(testing::test_car()));
  const auto with_tyres = [](auto change) {
    return testing::edited<BicycleParameters>(testing::test_car(), [&](BicycleParameters& q) { change(q.tyres); });
  };
  EXPECT_THROW(dynamics.validate(with_tyres([](TyreParams& t) { t.cornering_stiffness_rear = 0.0; })), Error);
  EXPECT_THROW(dynamics.validate(with_tyres([](TyreParams& t) { t.cg_to_front_axle = -0.1; })), Error);
  EXPECT_NO_THROW(dynamics.validate(with_tyres([](TyreParams& t) { t.road_mu = 0.0; })));  // ice: allowed
  EXPECT_THROW(dynamics.validate(with_tyres([](TyreParams& t) { t.road_mu = -0.2; })), Error);
}

TEST(BicycleTyres, ValidateRejectsParametersAnotherModelRead) {
  // Four-dof's parameters hold the same tyres, but bicycle must not run on what it did not read.
  EXPECT_THROW(BicycleDynamics().validate(testing::test_car(FourDofDynamics())), Error);
  EXPECT_THROW(BicycleDynamics().validate(testing::test_car(*make_dynamics("free-body"))), Error);
}

}  // namespace
}  // namespace crashbench
