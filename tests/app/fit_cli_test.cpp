// `crashbench fit` on a table of two rows the forward model made under a known reading: it takes that
// reading (or its mirror image) and fits back the parameters; its rows written as cases (--cases) run and
// match their measured values; a bad value is one line and exit 2.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>

#include "core/units.hpp"
#include "tests/app/cli_support.hpp"
#include "validation/wall_impact.hpp"

namespace crashbench {
namespace {

std::string table_with(const std::string& dir, const std::string& dvx_override = "") {
  const std::string path = dir + "/table.csv";
  std::ofstream out(path);
  out << "test_id,model_year,vehicle,e_restitution,mu_impulse_ratio_pct,d_cg_to_impact_m,phi_deg,gamma_deg,"
         "v_impact_mps,dvx_mps,dvy_mps,omega_deg_s,gamma_sheets_agree\n";
  const WallReading truth{1, true, 1, true};
  for (const auto& [id, e, mu] : {std::tuple{"A1", 0.12, 88.0}, std::tuple{"A2", 0.0, 97.0}}) {
    IihsRow r;
    r.vehicle = "FordFusion", r.model_year = 2008, r.d = 1.25, r.phi_deg = 30, r.gamma_deg = 75, r.speed = 17.9;
    const WallOutcome o = wall_impact(r, truth, 1621, 3168, e, mu);
    out << fmt::format("{},2008,FordFusion,{},{},1.25,30,75,17.9,{},{},{},yes\n", id, e, mu,
                       dvx_override.empty() ? fmt::format("{}", std::abs(o.delta_v_B.x())) : dvx_override,
                       std::abs(o.delta_v_B.y()), std::abs(o.yaw_rate) * kRadToDeg);
  }
  return path;
}

TEST(FitCli, TakesTheReadingThatMadeTheTable) {
  const std::string dir = testing::fresh_dir("fit");
  const auto r = testing::crashbench("fit " + table_with(dir));
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("taken: phi ccw, Gamma the normal's angle ccw, mu % of critical"), std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find(" 0.000   0.0\n"), std::string::npos) << r.output;  // de and dmu of a recovered row
}

TEST(FitCli, TheRowsAsCasesRunAndMatchTheirMeasuredValues) {
  // The table was made by the forward model under the reading taken, so each case's run misses its
  // measured values by no more than the tyres add over its one short step.
  const std::string dir = testing::fresh_dir("fit-cases");
  const auto fit = testing::crashbench("fit " + table_with(dir) + " --cases " + dir + "/cases");
  ASSERT_EQ(fit.exit_code, 0) << fit.output;
  const auto run = testing::crashbench("run -q " + dir + "/cases/iihs-matrix.json -o " + dir + "/out");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  const nlohmann::json results = nlohmann::json::parse(std::ifstream(dir + "/out/results.json"));
  ASSERT_EQ(results.at("cases").size(), 2u);
  for (const nlohmann::json& c : results.at("cases")) {
    EXPECT_EQ(c.at("status"), "passed") << c.at("name");
    const nlohmann::json& m = c.at("measured_comparison").at(0);
    EXPECT_LT(std::abs(m.at("magnitude_error").get<double>()), 0.01) << c.at("name");
    EXPECT_LT(std::abs(m.at("yaw_rate_error_deg_s").get<double>()), 0.5) << c.at("name");
  }
}

TEST(FitCli, BadValueIsOneLineAndExitTwo) {
  const std::string dir = testing::fresh_dir("fit-bad");
  const auto r = testing::crashbench("fit " + table_with(dir, "fast"));
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("line 2, dvx_mps"), std::string::npos) << r.output;
}

}  // namespace
}  // namespace crashbench
