// Dynamics models own their options: each registry entry's factory reads its `dynamics` object, rejects
// what it does not own naming the JSON pointer, and echoes what it runs with; and dugoff's speed_reduction
// changes the tyre forces as Dugoff's formula, evaluated here by hand, says.
#include <gtest/gtest.h>

#include <cmath>

#include "core/units.hpp"
#include "models/dynamics/dugoff_dynamics.hpp"
#include "tests/models/dynamics/test_vehicle.hpp"
#include "tests/support/error_message.hpp"

namespace crashbench {
namespace {

/// The model built from `dynamics` as a case file's "/dynamics" in "case.json".
std::unique_ptr<VehicleDynamics> dynamics_from(const nlohmann::json& dynamics) {
  return make_dynamics(JsonReader(dynamics, "case.json", "/dynamics"));
}

/// The JSON pointer of the Error building `dynamics` throws ("" when it builds).
std::string rejected_at(const nlohmann::json& dynamics) {
  return testing::error_pointer([&] { dynamics_from(dynamics); });
}

// What results.json echoes builds the same model: the echo goes through the factory unchanged, and a
// bare name is the same model as {"model": name}.
TEST(DynamicsOptions, EchoedParametersBuildTheSameModel) {
  ASSERT_FALSE(dynamics_models().empty());
  for (const auto& entry : dynamics_models()) {
    const nlohmann::json echo = dynamics_from(std::string(entry.name))->parameters();
    EXPECT_EQ(echo.at("model"), entry.name);
    EXPECT_EQ(dynamics_from(echo)->parameters(), echo) << entry.name;
    EXPECT_EQ(dynamics_from({{"model", entry.name}})->parameters(), echo) << entry.name;
  }
}

// Every option a model echoes is read back: a changed value comes back changed.
TEST(DynamicsOptions, EveryEchoedOptionIsReadBack) {
  for (const auto& entry : dynamics_models()) {
    const nlohmann::json defaults = dynamics_from(std::string(entry.name))->parameters();
    for (const auto& [key, value] : defaults.items()) {
      if (key == "model") continue;
      ASSERT_TRUE(value.is_number()) << entry.name << " " << key;
      nlohmann::json changed = defaults;
      changed[key] = 0.5 * value.get<double>();
      EXPECT_EQ(dynamics_from(changed)->parameters().at(key), changed[key]) << entry.name << " " << key;
    }
  }
}

// A model owns its keys: one it does not know is bad input naming the field.
TEST(DynamicsOptions, EveryModelRejectsAKeyItDoesNotOwn) {
  for (const auto& entry : dynamics_models())
    EXPECT_EQ(rejected_at({{"model", entry.name}, {"slip_speed_flor", 1.0}}), "/dynamics/slip_speed_flor") << entry.name;
}

TEST(DynamicsOptions, AnUnknownOrMalformedModelNamesWhereItIsWritten) {
  EXPECT_EQ(rejected_at("unicycle"), "/dynamics");
  EXPECT_EQ(rejected_at({{"model", "unicycle"}}), "/dynamics/model");
  EXPECT_EQ(rejected_at({{"speed_reduction", 0.01}}), "/dynamics");  // no "model"
  EXPECT_EQ(rejected_at(3.0), "/dynamics");
}

TEST(DynamicsOptions, OutOfRangeValuesNameTheirKey) {
  EXPECT_EQ(rejected_at({{"model", "dugoff"}, {"speed_reduction", -0.01}}), "/dynamics/speed_reduction");
  EXPECT_EQ(rejected_at({{"model", "dugoff"}, {"speed_reduction", "0.01"}}), "/dynamics/speed_reduction");
  EXPECT_EQ(rejected_at({{"model", "bicycle"}, {"slip_speed_floor", 0.0}}), "/dynamics/slip_speed_floor");
  EXPECT_EQ(rejected_at({{"model", "four-dof"}, {"slip_speed_floor", -1.0}}), "/dynamics/slip_speed_floor");
}

/// Lateral force of one free-rolling Dugoff tyre (s = 0) by the formula in docs/dugoff.md [N].
double dugoff_lateral_by_hand(double c_alpha, double load, double mu, double tan_alpha) {
  const double lambda = mu * load / (2 * c_alpha * std::abs(tan_alpha));
  const double f = lambda < 1 ? lambda * (2 - lambda) : 1.0;
  return -c_alpha * tan_alpha * f;
}

// Straight ahead (heading 0, no yaw rate, no steer) at (u, v) both axles slip by atan(v / u), and
// m dv_Y/dt is the sum of the four tyres' forces with mu = mu_nom (1 - A_s |V|).
TEST(DynamicsOptions, DugoffSpeedReductionLowersTheTyreForceAsTheFormulaSays) {
  const VehicleParams p = testing::test_car(DugoffDynamics());
  const TyreParams t = testing::test_tyres();
  const Vec2 v_B{24.0, 1.1};
  const StateVector x = testing::state_from_body(0.0, v_B, 0.0);
  const double a = t.cg_to_front_axle, b = t.cg_to_rear_axle;
  const double load_front = 0.5 * p.mass * kGravity * b / (a + b), load_rear = 0.5 * p.mass * kGravity * a / (a + b);
  const double tan_alpha = v_B.y() / v_B.x();
  double previous = 0;
  for (const double a_s : {0.0, 0.011, 0.025}) {
    const double mu = t.road_mu * (1 - a_s * v_B.norm());
    const double force = 2 * dugoff_lateral_by_hand(0.5 * t.cornering_stiffness_front, load_front, mu, tan_alpha) +
                         2 * dugoff_lateral_by_hand(0.5 * t.cornering_stiffness_rear, load_rear, mu, tan_alpha);
    const auto model = dynamics_from({{"model", "dugoff"}, {"speed_reduction", a_s}});
    const double lateral_acc = model->derivative(p, x, {})[4];
    EXPECT_NEAR(lateral_acc, force / p.mass, 1e-9 * std::abs(force / p.mass)) << "A_s " << a_s;
    // Guards against passing because the option changed nothing: less friction, less side force.
    if (a_s > 0) {
      EXPECT_GT(lateral_acc, previous + 0.05) << "A_s " << a_s;
    }
    previous = lateral_acc;
  }
}

}  // namespace
}  // namespace crashbench
