// The shipped Deak spring (cases/library/deak-spring.json): every step inside the contact multiplies the
// car's kinetic + spring energy by the closed-form factor |R(i omega dt)|^2 of its integrator, and the
// report draws one energy trace per integrator.
#include <gtest/gtest.h>

#include <cmath>
#include <set>
#include <string>

#include "cases/loading/matrix.hpp"
#include "cases/runner/batch.hpp"
#include "models/integrators/integrator.hpp"
#include "reports/report_deak.hpp"
#include "reports/results/results_json.hpp"
#include "tests/support/paths.hpp"
#include "tests/support/stability_factor.hpp"

namespace crashbench {
namespace {

const ResultsFile& deak_results() {
  static const ResultsFile results = [] {
    const auto runs = run_inputs(expand_input_file(testing::source_path("cases/library/deak-spring.json")));
    return parse_results(to_json(runs), "deak-spring");
  }();
  return results;
}

TEST(DeakSpring, EachContactStepMultipliesTheEnergyByItsIntegratorsFactor) {
  std::set<std::string> integrators_seen;
  for (const CaseRecord& c : deak_results().cases) {
    ASSERT_EQ(c.status, "passed") << c.name << " " << c.error;
    const std::string name = c.config_value("integrator");
    integrators_seen.insert(name);
    const auto integrator = find_entry(integrators(), name, "integrator").make();
    const nlohmann::json& params = c.raw["config"]["vehicle_params"][0];
    const double mass = params["mass"].get<double>(), k = c.raw["config"]["response"]["stiffness"].get<double>();
    const double w = std::sqrt(k / mass) * c.dt, factor = testing::taylor_energy_factor(integrator->order(), w);
    const std::vector<double> energy = spring_energy(c);
    const nlohmann::json& speed = c.raw["trajectory"]["vehicles"][0]["speed"];
    ASSERT_EQ(energy.size(), speed.size());
    // In contact at both ends of a step: the sample's energy exceeds its kinetic part (1/2 m v^2, head-on).
    const auto in_contact = [&](std::size_t i) {
      return energy[i] > 0.5 * mass * std::pow(speed[i].get<double>(), 2) * (1 + 1e-9);
    };
    int steps = 0;
    for (std::size_t i = 0; i + 1 < energy.size(); ++i) {
      if (!in_contact(i) || !in_contact(i + 1)) continue;
      EXPECT_NEAR(energy[i + 1] / energy[i], factor, 1e-9) << name << " sample " << i;
      ++steps;
    }
    // About pi / (omega dt) = 24 steps of contact.
    EXPECT_GE(steps, 20) << name;
    EXPECT_LE(steps, 26) << name;
  }
  EXPECT_GE(integrators_seen.size(), 3u);
}

TEST(DeakSpring, TheReportDrawsOneEnergyTracePerIntegrator) {
  const std::vector<Figure> figures = spring_energy_figures(deak_results());
  ASSERT_EQ(figures.size(), 1u);
  const Figure& f = figures.front();
  ASSERT_EQ(f.data.size(), deak_results().cases.size());
  for (const auto& trace : f.data) {
    const auto& y = trace["y"];
    ASSERT_FALSE(y.empty());
    EXPECT_DOUBLE_EQ(y.front().get<double>(), 1.0);
    // First order (Euler) gains (1 + (omega dt)^2)^N, half again over the contact; the others keep it to 1%.
    const double last = y.back().get<double>();
    if (find_entry(integrators(), trace["name"].get<std::string>(), "integrator").make()->order() == 1) {
      EXPECT_GT(last, 1.4);
    } else {
      EXPECT_NEAR(last, 1.0, 0.01) << trace["name"];
    }
  }
}

}  // namespace
}  // namespace crashbench
