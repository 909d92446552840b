// A vehicle-to-vehicle test as a case (validation/test_case.hpp), for a rear impact: vehicle 2 ahead of
// vehicle 1, its back on vehicle 1's front, and every registered response model giving what momentum and
// restitution allow for a central collinear impact, worked out by hand.
#include <gtest/gtest.h>

#include "cases/loading/case_loader.hpp"
#include "cases/runner/simulation.hpp"
#include "models/response/response_model.hpp"
#include "tests/support/temp_folder.hpp"
#include "tests/validation/synthetic_test.hpp"
#include "validation/test_case.hpp"

namespace crashbench {
namespace {

struct RearTest {
  NhtsaTest test;
  TestChecks checks;
  PairChecks pair;
};

RearTest rear_test(const std::string& name) {
  const auto dir = testing::fresh_temp_folder("rear-" + name);
  RearTest r{read_nhtsa_test(testing::write_synthetic_test(dir.string(), testing::rear_test())), {}, {}};
  r.checks = check_channels(r.test);
  r.pair = check_pair(r.test.header.test, r.checks.vehicles[0], r.checks.vehicles[1]);
  return r;
}

TEST(PairCase, ARearImpactPutsVehicle2AheadWithItsBackOnVehicle1sFront) {
  const RearTest r = rear_test("placement");
  EXPECT_NEAR(r.pair.heading2_deg, 0.0, 1e-9);  // IMPANG 180: both readings give 0 deg
  EXPECT_TRUE(r.pair.momentum_ok);
  const nlohmann::json doc = test_case(r.test, r.checks, r.pair, {{"model", "restitution"}});
  const nlohmann::json &v1 = doc["vehicles"][0], &v2 = doc["vehicles"][1];
  EXPECT_EQ(v2["heading_deg"].get<double>(), 0.0);
  EXPECT_NEAR(v2["position"][0].get<double>() - v2["params"]["cg_to_rear"].get<double>(),
              v1["params"]["cg_to_front"].get<double>(), 1e-12);
  EXPECT_EQ(v2["position"][1].get<double>(), 0.0);
  EXPECT_EQ(doc["contact"]["normal"].get<double>(), 180.0);  // from vehicle 2 back towards vehicle 1
  EXPECT_EQ(doc["contact"]["point_B"][1].get<double>(), 0.0);
  EXPECT_NE(doc["description"].get<std::string>().find("vehicle 1's front into vehicle 2's back"), std::string::npos);
}

TEST(PairCase, EveryModelPushesTheCarAheadBetweenAPlasticAndAnElasticRearImpact) {
  // Central and collinear: m1 dv1 + m2 dv2 = 0, and vehicle 2 gains (1 + e) m1 / (m1 + m2) v, e in [0, 1].
  const RearTest r = rear_test("models");
  const double m1 = r.test.header.vehicles[0].mass, m2 = r.test.header.vehicles[1].mass;
  const double v = r.test.header.vehicles[0].speed;
  for (const auto& entry : response_models()) {
    const RunResult run = run_case(parse_case(test_case(r.test, r.checks, r.pair, {{"model", entry.name}}), "rear.json"));
    ASSERT_NE(run.status, CaseStatus::kError) << entry.name << ": " << run.error;
    ASSERT_EQ(run.tracks.size(), 2u);
    const auto dv = [&](int i) {
      const auto& states = run.tracks[static_cast<std::size_t>(i)].states;
      return Vec2(states.back().velocity_W - states.front().velocity_W);
    };
    const Vec2 dv1 = dv(0), dv2 = dv(1);
    // An impulse is equal and opposite exactly; a force model's spring is evaluated on each car's own state
    // at each integrator stage (docs/penalty.md, section 6), which misses by the integrator's error.
    const nlohmann::json request = {{"model", entry.name}};
    const bool forces = make_response_model(JsonReader(request, "rear.json"))->answer() == Answer::kForce;
    EXPECT_LT((m1 * dv1 + m2 * dv2).norm(), (forces ? 1e-3 : 1e-9) * m1 * v) << entry.name;
    EXPECT_NEAR(dv2.y(), 0.0, 1e-9 * v) << entry.name;
    EXPECT_GE(dv2.x(), m1 / (m1 + m2) * v * (1 - 1e-6)) << entry.name;
    EXPECT_LE(dv2.x(), 2 * m1 / (m1 + m2) * v * (1 + 1e-6)) << entry.name;
  }
}

}  // namespace
}  // namespace crashbench
