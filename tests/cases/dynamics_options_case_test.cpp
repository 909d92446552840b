// A case's "dynamics" (and "detector"): a part's name or an object with its options. The loader hands it to the model's
// factory, keeps what the model echoes, and results.json's config.dynamics carries that echo.
#include <gtest/gtest.h>

#include "cases/loading/case_loader.hpp"
#include "cases/runner/simulation.hpp"
#include "core/error.hpp"
#include "reports/results/results_json.hpp"

namespace crashbench {
namespace {

/// One car rolling straight on the open road for 0.1 s under `dynamics`.
nlohmann::json rolling_car(const nlohmann::json& dynamics) {
  return {{"name", "rolling"},
          {"scene", "open-road"},
          {"response", {{"model", "restitution"}}},
          {"dynamics", dynamics},
          {"duration", 0.1},
          {"vehicles", {{{"params", "sedan"}, {"position", {0.0, 0.0}}, {"heading_deg", 0.0}, {"speed", 10.0}}}}};
}

TEST(DynamicsOptionsCase, ANameIsTheModelWithItsDefaults) {
  const Case c = parse_case(rolling_car("dugoff"), "case.json");
  EXPECT_EQ(c.dynamics, "dugoff");
  EXPECT_EQ(c.dynamics_params, make_dynamics("dugoff")->parameters());
}

TEST(DynamicsOptionsCase, AnObjectsOptionsReachTheModelAndTheResults) {
  const Case c = parse_case(rolling_car({{"model", "dugoff"}, {"speed_reduction", 0.02}}), "case.json");
  EXPECT_EQ(c.dynamics, "dugoff");
  EXPECT_EQ(c.dynamics_params.at("speed_reduction"), 0.02);
  EXPECT_NE(c.dynamics_params, make_dynamics("dugoff")->parameters());
  const RunResult r = run_case(c);
  ASSERT_EQ(r.status, CaseStatus::kPassed) << r.error;
  EXPECT_EQ(to_json(r).at("config").at("dynamics"), c.dynamics_params);
}

TEST(DynamicsOptionsCase, ABadOptionNamesItsPointer) {
  try {
    parse_case(rolling_car({{"model", "dugoff"}, {"speed_reduction", 1.5}}), "case.json");
    ADD_FAILURE() << "speed_reduction 1.5 s/m accepted";
  } catch (const Error& e) {
    EXPECT_EQ(e.file(), "case.json");
    EXPECT_EQ(e.pointer(), "/dynamics/speed_reduction");
  }
}

// The detector takes the same two forms; results echo it as config.detector.
TEST(DynamicsOptionsCase, TheDetectorsOptionsTakeTheSamePath) {
  nlohmann::json doc = rolling_car("bicycle");
  const nlohmann::json analytic = {{"name", "analytic"}};
  EXPECT_EQ(to_json(run_case(parse_case(doc, "case.json"))).at("config").at("detector"), analytic);
  doc["detector"] = {{"name", "tree"}, {"cell_size", 3.5}};
  const Case c = parse_case(doc, "case.json");
  EXPECT_EQ(c.detector, "tree");
  EXPECT_EQ(c.detector_params, doc["detector"]);
  doc["detector"]["cell_size"] = -3.5;
  try {
    parse_case(doc, "case.json");
    ADD_FAILURE() << "cell_size -3.5 m accepted";
  } catch (const Error& e) {
    EXPECT_EQ(e.pointer(), "/detector/cell_size");
  }
}

}  // namespace
}  // namespace crashbench
