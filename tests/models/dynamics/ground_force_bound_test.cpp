// Every dynamics model's GroundForceBound holds: over sideslips from none to sliding backwards, speeds,
// yaw rates and steer angles, with no drive and no collision force, the ground forces alone change the
// velocity and yaw rate within a step by no more than the bound the model gives (the force-mode audit
// charges to the collision only what lies beyond twice it).
#include <gtest/gtest.h>

#include <cmath>

#include "models/dynamics/four_dof_zhou_suv.hpp"
#include "tests/models/dynamics/test_vehicle.hpp"

namespace crashbench {
namespace {

TEST(GroundForceBound, EveryModelsGroundForcesStayWithinItsBound) {
  constexpr double kDt = 0.005;
  for (const bool suv : {false, true}) {
    for (const auto& entry : dynamics_models()) {
      const auto dynamics = make_dynamics(entry.name);
      const VehicleParams p = suv ? testing::zhou_suv_for(*dynamics) : testing::test_car(*dynamics);
      const GroundForceBound bound = dynamics->ground_force_bound(p, kDt);
      double largest_dv = 0, largest_dr = 0;
      for (const double slip : {0.0, 0.1, 0.4, 0.8, 1.5, 2.5})
        for (const double speed : {2.0, 15.0, 40.0})
          for (const double yaw_rate : {-1.0, 0.0, 0.6})
            for (const double steer : {0.0, 0.3}) {
              const StateVector x = testing::state_from_body(0.4, speed * Vec2(std::cos(slip), std::sin(slip)), yaw_rate);
              VehicleInput in;
              in.steer = steer;
              const StateVector dx = dynamics->derivative(p, x, in);
              largest_dv = std::max(largest_dv, dx.segment<2>(3).norm() * kDt);
              largest_dr = std::max(largest_dr, std::abs(dx[5]) * kDt);
            }
      EXPECT_LE(largest_dv, bound.velocity * (1 + 1e-12)) << entry.name << ", mass " << p.mass;
      EXPECT_LE(largest_dr, bound.yaw_rate * (1 + 1e-12)) << entry.name << ", mass " << p.mass;
      // A bound that is not zero is met by some slide (not a guard far above what the tyres do).
      EXPECT_TRUE(bound.velocity == 0 || largest_dv > 0.5 * bound.velocity) << entry.name << ": " << largest_dv;
    }
  }
}

TEST(GroundForceBound, AFreeBodyHasNoGroundForceAndTyresAreCappedAtRoadMuTimesWeight) {
  const VehicleParams p = testing::test_car();
  const GroundForceBound none = make_dynamics("free-body")->ground_force_bound(testing::test_car(*make_dynamics("free-body")), 0.005);
  EXPECT_EQ(none.velocity, 0.0);
  EXPECT_EQ(none.yaw_rate, 0.0);
  // 0.82 g over 5 ms: 0.0402 m/s; the moment at the rear axle (1.52 m) over the yaw inertia.
  const GroundForceBound tyres = make_dynamics("bicycle")->ground_force_bound(p, 0.005);
  EXPECT_NEAR(tyres.velocity, 0.82 * 9.80665 * 0.005, 1e-15);
  EXPECT_NEAR(tyres.yaw_rate, 0.82 * 9.80665 * 0.005 * 1430.0 * 1.52 / 2210.0, 1e-15);
}

/// A model with tyres that does not state their bound: the audit could not tell them from the collision.
class SilentTyres final : public VehicleDynamics {
 public:
  std::string_view name() const override { return "silent-tyres"; }
  nlohmann::json parameters() const override { return {{"model", name()}}; }
  StateVector derivative(const VehicleParams&, const StateVector& x, const VehicleInput&) const override {
    StateVector dx = StateVector::Zero();
    dx.segment<2>(3) = -x.segment<2>(3);  // slows any slide
    return dx;
  }
};

TEST(GroundForceBound, AModelWithGroundForcesThatDoesNotSayIsRefusedNotGuessed) {
  try {
    SilentTyres().ground_force_bound(testing::test_car(), 0.005);
    FAIL() << "a bound was guessed";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("silent-tyres"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace crashbench
