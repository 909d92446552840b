// What results.json echoes of a vehicle is everything its dynamics model reads: for every registered
// model, the echoed params laid over another preset (the sedan: other tyres, no roll, no drag) give a
// vehicle the model moves exactly as the original, Zhou's SUV with roll and drag.
#include <gtest/gtest.h>

#include <span>

#include "cases/loading/vehicle_loader.hpp"
#include "cases/loading/vehicle_presets.hpp"
#include "models/dynamics/four_dof_zhou_suv.hpp"
#include "reports/results/results_json.hpp"
#include "tests/models/dynamics/test_vehicle.hpp"

namespace crashbench {
namespace {

TEST(VehicleEcho, TheEchoedParamsBuildAVehicleEveryModelMovesTheSame) {
  for (const auto& entry : dynamics_models()) {
    const auto dynamics = make_dynamics(entry.name);
    // With drag and rolling resistance for the models that read them, which the sedan has not.
    const VehicleParams suv = testing::read_by(
        *dynamics, testing::zhou_suv_for(*dynamics),
        {{"resistance", {{"rolling", 0.015}, {"drag_coefficient", 0.38}, {"frontal_area", 2.6}, {"side_area", 5.1}}}});
    RunResult r;
    r.name = "echo";
    r.status = CaseStatus::kPassed;
    r.config.dynamics_params = {{"model", entry.name}};
    r.config.vehicles.emplace_back().params = suv;
    const nlohmann::json doc = to_json(std::span(&r, 1), {});
    EXPECT_EQ(doc["cases"][0]["config"]["vehicle_params_version"], kVehicleParamsVersion);
    nlohmann::json params = doc["cases"][0]["config"]["vehicle_params"][0];
    for (const char* not_params : {"name", "replay", "follow"}) params.erase(not_params);
    params["preset"] = "sedan";
    const VehicleParams echoed = parse_params(JsonReader(params, "echo.json", "/params"), *dynamics);
    for (const double slip : {0.0, 0.3, 1.2})
      for (const double roll : {0.0, 0.05}) {
        PlanarState s;
        s.heading = 0.4;
        s.velocity_W = 20.0 * unit_at(0.4 + slip);
        s.yaw_rate = 0.3;
        StateVector x = to_state_vector(s);
        x[6] = roll, x[7] = -0.2;
        VehicleInput in;
        in.steer = 0.05;
        in.drive_force = 800.0;
        in.collision_force_W = {-3000.0, 1200.0};
        EXPECT_EQ(dynamics->derivative(echoed, x, in), dynamics->derivative(suv, x, in))
            << entry.name << ", slip " << slip << ", roll " << roll << ": echoed " << params.dump();
      }
  }
}

}  // namespace
}  // namespace crashbench
