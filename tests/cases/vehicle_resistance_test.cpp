// A vehicle's "resistance" (rolling resistance and drag) from a case file: a coasting car slows as the
// closed forms of the two laws say, and a model that applies neither refuses it.
#include <gtest/gtest.h>

#include <string>

#include "cases/loading/case_loader.hpp"
#include "cases/runner/simulation.hpp"
#include "core/error.hpp"

namespace crashbench {
namespace {

constexpr double kSpeed = 20.0, kGravity0 = 9.80665, kMass = 1809.0;  // Tongue & Moon's car: 1809 kg

/// One Tongue & Moon car coasting east on the open road for 5 s with `resistance`.
nlohmann::json coasting(const nlohmann::json& resistance, const std::string& dynamics = "dugoff") {
  return {{"name", "coasting"},
          {"scene", "open-road"},
          {"response", {{"model", "restitution"}}},
          {"dynamics", dynamics},
          {"integrator", "rk4"},
          {"duration", 5.0},
          {"vehicles", {{{"params", "tongue-moon-1995"}, {"position", {0.0, 0.0}}, {"heading_deg", 0.0},
                         {"speed", kSpeed}, {"resistance", resistance}}}}};
}

TEST(VehicleResistance, CoastingCarFollowsTheClosedForms) {
  // Rolling alone: m dv/dt = -f_r m g, v = v0 - g f_r t. Drag alone, straight ahead (A_eff = A_f):
  // m dv/dt = -1/2 rho C_d A_f v^2, v = v0 / (1 + k v0 t), k = rho C_d A_f / 2m.
  const double f_r = 0.015, k = 1.225 * 0.35 * 2.0 / (2 * kMass);
  const nlohmann::json rolling = {{"rolling", f_r}};
  const nlohmann::json drag = {{"drag_coefficient", 0.35}, {"frontal_area", 2.0}, {"side_area", 4.5}};
  for (const bool with_drag : {false, true}) {
    const RunResult r = run_case(parse_case(coasting(with_drag ? drag : rolling), "coasting.json"));
    ASSERT_EQ(r.status, CaseStatus::kPassed) << r.error;
    ASSERT_EQ(r.tracks.size(), 1u);
    ASSERT_GT(r.sample_times.size(), 100u);
    for (std::size_t i = 0; i < r.sample_times.size(); ++i) {
      const double t = r.sample_times[i];
      const double expected = with_drag ? kSpeed / (1 + k * kSpeed * t) : kSpeed - kGravity0 * f_r * t;
      const PlanarState& s = r.tracks[0].states[i];
      ASSERT_NEAR(s.velocity_W.x(), expected, 1e-9 * kSpeed) << (with_drag ? "drag" : "rolling") << " t = " << t;
      ASSERT_NEAR(s.velocity_W.y(), 0.0, 1e-12);
    }
    EXPECT_LT(r.tracks[0].states.back().velocity_W.x(), kSpeed - 0.4);  // it did slow (0.46 m/s by drag)
  }
}

TEST(VehicleResistance, RefusedByAModelThatDoesNotApplyIt) {
  try {
    parse_case(coasting({{"rolling", 0.015}}, "bicycle"), "coasting.json");
    FAIL() << "bicycle dynamics accepted a rolling resistance it would ignore";
  } catch (const Error& e) {
    EXPECT_EQ(e.pointer(), "/vehicles/0/resistance");
    EXPECT_NE(e.problem().find("'bicycle'"), std::string::npos) << e.what();
  }
  EXPECT_NO_THROW(parse_case(coasting({{"rolling", 0.0}}, "bicycle"), "coasting.json"));  // none: nothing to apply
}

TEST(VehicleResistance, BadValuesNameTheirField) {
  for (const auto& [key, value] : {std::pair<const char*, double>{"rolling", -0.01}, {"drag_coefficient", 11.0},
                                   {"frontal_area", -1.0}, {"air_density", 1e3}}) {
    try {
      parse_case(coasting({{key, value}}), "coasting.json");
      ADD_FAILURE() << key << " = " << value << " accepted";
    } catch (const Error& e) {
      EXPECT_EQ(e.pointer(), std::string("/vehicles/0/resistance/") + key);
    }
  }
  EXPECT_THROW(parse_case(coasting({{"drag", 0.3}}), "coasting.json"), Error);
}

}  // namespace
}  // namespace crashbench
