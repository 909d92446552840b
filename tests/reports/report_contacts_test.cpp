// The report's contact table, from real runs of the shipped penalty-integrators matrix.
#include "reports/report_contacts.hpp"

#include <gtest/gtest.h>

#include "cases/batch.hpp"
#include "reports/results_json.hpp"
#include "tests/reports/report_test_support.hpp"

namespace crashbench {
namespace {

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

TEST(ContactTable, OneRowPerResponseAndAnEnergyColumnPerIntegrator) {
  const auto runs = run_inputs(expand_input_file(testing::source_path("cases/library/penalty-integrators.json")));
  ASSERT_EQ(runs.size(), 6u);
  const ResultsFile results = parse_results(to_json(runs, {}), "results.json");
  const std::string html = contact_table_html(results);
  for (const char* integrator : {"euler", "midpoint", "rk4"})
    EXPECT_NE(html.find(std::string("E2/E1 ") + integrator), std::string::npos) << integrator;
  EXPECT_EQ(count(html, "<tr>"), 3u) << html;  // the header and the two responses
  EXPECT_EQ(count(html, "instant"), 0u);       // every contact of a penalty run lasts
}

TEST(ContactTable, AbsentWithoutForceAnsweredContacts) {
  const ResultsFile results = parse_results(to_json(testing::sample_results(), {}), "results.json");
  EXPECT_EQ(contact_table_html(results), "");
}

}  // namespace
}  // namespace crashbench
