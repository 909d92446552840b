// The report's contact table, from real runs of the shipped penalty-integrators matrix.
#include "reports/report_contacts.hpp"

#include <gtest/gtest.h>

#include "cases/runner/batch.hpp"
#include "reports/results/results_json.hpp"
#include "tests/reports/report_test_support.hpp"
#include "tests/support/text_count.hpp"

namespace crashbench {
namespace {

using testing::occurrences;

TEST(ContactTable, OneRowPerResponseAndAnEnergyColumnPerIntegrator) {
  const auto runs = run_inputs(expand_input_file(testing::source_path("cases/library/penalty-integrators.json")));
  ASSERT_EQ(runs.size(), 6u);
  const ResultsFile results = parse_results(to_json(runs, {}), "results.json");
  const std::string html = contact_table_html(results);
  for (const char* integrator : {"euler", "midpoint", "rk4"})
    EXPECT_NE(html.find(std::string("E2/E1 ") + integrator), std::string::npos) << integrator;
  EXPECT_EQ(occurrences(html, "<tr>"), 3u) << html;  // the header and the two responses
  EXPECT_EQ(occurrences(html, "instant"), 0u);       // every contact of a penalty run lasts
}

TEST(ContactTable, AbsentWithoutForceAnsweredContacts) {
  const ResultsFile results = parse_results(to_json(testing::sample_results(), {}), "results.json");
  EXPECT_EQ(contact_table_html(results), "");
  EXPECT_TRUE(contact_figures(results).empty());
}

// The bar charts: a bar per response on the one case, RK4's run. The undamped spring (e = 1) is a full
// rebound of a centred head-on hit without tyres: delta-V = 2 v0 with v0 = 30 mph, energy kept 1.
TEST(ContactFigures, DeltaVAndEnergyKeptBarPerResponse) {
  const auto runs = run_inputs(expand_input_file(testing::source_path("cases/library/penalty-integrators.json")));
  const ResultsFile results = parse_results(to_json(runs, {}), "results.json");
  const std::vector<Figure> figures = contact_figures(results);
  ASSERT_EQ(figures.size(), 2u);
  const double v0 = 30 * 0.44704;
  for (const Figure& f : figures) {
    EXPECT_EQ(f.section, "contacts");
    EXPECT_NE(f.title.find("(rk4)"), std::string::npos) << f.title;
    ASSERT_EQ(f.data.size(), 2u) << f.data.dump();  // e = 0.2 and e = 1
    for (const auto& trace : f.data) ASSERT_EQ(trace["y"].size(), 1u);
  }
  const auto bar = [&](std::size_t figure, const std::string& restitution) {
    for (const auto& trace : figures[figure].data)
      if (trace["name"].get<std::string>().find("\"restitution\":" + restitution) != std::string::npos)
        return trace["y"][0].get<double>();
    ADD_FAILURE() << "no bar for restitution " << restitution << " in " << figures[figure].data.dump();
    return 0.0;
  };
  EXPECT_NEAR(bar(0, "1.0"), 2 * v0, 0.02 * 2 * v0);
  EXPECT_NEAR(bar(1, "1.0"), 1.0, 0.02);
  EXPECT_LT(bar(1, "0.2"), 0.5 * bar(1, "1.0"));  // the damped spring keeps far less
}

}  // namespace
}  // namespace crashbench
