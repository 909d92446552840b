// Zhou et al. (2008) Fig. 7: the shipped 4-DOF rear-end case records roll angle, roll rate and body-frame
// velocity over time, consistently with each other and with the planar speed; planar runs do not.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "cases/loading/matrix.hpp"
#include "cases/runner/batch.hpp"
#include "reports/report_roll.hpp"
#include "reports/results/results_json.hpp"
#include "tests/support/paths.hpp"

namespace crashbench {
namespace {

ResultsFile run_shipped(const std::string& file) {
  const auto runs = run_inputs(expand_input_file(testing::source_path("cases/library/" + file)));
  return parse_results(to_json(runs), file);
}

TEST(RollHistory, FourDofCaseRecordsRollAndBodyVelocityConsistently) {
  const ResultsFile results = run_shipped("zhou-rear-end-4dof.json");
  ASSERT_EQ(results.cases.size(), 1u);
  const nlohmann::json& trajectory = results.cases[0].raw["trajectory"];
  const auto& time = trajectory["time"];
  double peak = 0;
  for (const auto& v : trajectory["vehicles"]) {
    ASSERT_TRUE(v.contains("roll_rate_deg_s")) << v["name"];
    const auto &roll = v["roll_deg"], &rate = v["roll_rate_deg_s"], &u = v["u"], &w = v["v"], &speed = v["speed"];
    ASSERT_EQ(roll.size(), time.size());
    ASSERT_EQ(rate.size(), time.size());
    EXPECT_EQ(roll[0].get<double>(), 0.0);  // level before the impact
    for (std::size_t i = 0; i < time.size(); ++i) {
      // Body-frame components of the same velocity: |(u, v)| is the recorded speed.
      EXPECT_NEAR(std::hypot(u[i].get<double>(), w[i].get<double>()), speed[i].get<double>(), 1e-9);
      peak = std::max(peak, std::abs(rate[i].get<double>()));
      if (i == 0) continue;
      // The roll angle is the integral of the roll rate (trapezoidal rule, its O(dt^3) error per step).
      const double dt = time[i].get<double>() - time[i - 1].get<double>();
      const double trapezoid = 0.5 * dt * (rate[i].get<double>() + rate[i - 1].get<double>());
      EXPECT_NEAR(roll[i].get<double>() - roll[i - 1].get<double>(), trapezoid, 2e-3) << v["name"] << " sample " << i;
    }
  }
  // The struck target rolls (its lateral impulse acts above the roll axis); the bullet, hit along its axis,
  // hardly does.
  EXPECT_GT(peak, 1.0) << "the impact excites a roll transient";
  const std::vector<Figure> figures = roll_figures(results);
  ASSERT_EQ(figures.size(), 2u);  // velocities, rates
  EXPECT_EQ(figures[1].data.size(), 2 * trajectory["vehicles"].size());
}

TEST(RollHistory, PlanarRunsRecordNoRoll) {
  const ResultsFile results = run_shipped("knight-head-on-30mph.json");
  for (const auto& v : results.cases.at(0).raw["trajectory"]["vehicles"]) EXPECT_FALSE(v.contains("roll_rate_deg_s"));
  EXPECT_TRUE(roll_figures(results).empty());
}

}  // namespace
}  // namespace crashbench
