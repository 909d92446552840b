#include "reports/summary_markdown.hpp"

#include <gtest/gtest.h>

#include <climits>

#include "cases/loading/case_loader.hpp"
#include "cases/runner/simulation.hpp"
#include "reports/expectation_text.hpp"
#include "reports/results/results_json.hpp"
#include "reports/results/results_reader.hpp"
#include "reports/summary_table.hpp"
#include "tests/reports/report_test_support.hpp"

namespace crashbench {
namespace {

TEST(SummaryMarkdown, FailuresComeFirstWithTheirErrorsAndEveryCaseHasARow) {
  const ResultsFile file = read_results_file(testing::sample_results_file("summary"));
  const std::string md = summary_markdown(file);
  // The sample: passed, error x3, failed (see report_test_support.hpp).
  std::vector<std::size_t> rows;
  for (const auto& c : file.cases) {
    // An unreadable case keeps its listed name, so the status is part of what identifies a row.
    const auto at = md.find("| " + c.name + " | " + (c.status == "passed" ? "passed" : "**" + c.status + "**"));
    ASSERT_NE(at, std::string::npos) << c.name << "\n" << md;
    rows.push_back(at);
    if (c.status == "error") {
      EXPECT_NE(md.find(c.error, at), std::string::npos) << c.error;
    }
  }
  for (std::size_t i = 1; i < 5; ++i) EXPECT_LT(rows[i], rows[0]) << "failure " << i << " after the passing case";
  EXPECT_NE(md.find("5 cases: 1 passed, 1 failed, 3 errors"), std::string::npos) << md;
  EXPECT_NE(md.find("Timing ran serially"), std::string::npos);
  EXPECT_NE(md.find("**failed**"), std::string::npos);
}

TEST(SummaryMarkdown, InvariantCellNamesTheFailingInvariant) {
  CaseRecord c;
  c.invariants = {{"linear_momentum", 3, 1, 2.5e-3, 1e-9}, {"no_energy_gain", 3, 0, 0.0, 1e-9}};
  EXPECT_EQ(invariant_verdicts(c), "1/2: linear_momentum 0.0025 > 1e-09 (1 of 3 events)");
  c.invariants[0].failed = 0;
  EXPECT_EQ(invariant_verdicts(c), "2/2");
  c.impacts_ok = false;
  c.impacts_min = 1;
  EXPECT_EQ(invariant_verdicts(c), "2/2: expected at least 1 impact, got 0");
  c.impacts_ok = true;
  c.first_impact_ok = false;
  EXPECT_EQ(invariant_verdicts(c), "2/2: first impact outside its time window");
}

TEST(SummaryTable, FirstImpactOutsideItsWindowSaysWhenItCame) {
  nlohmann::json doc = read_json_file(testing::source_path("cases/library/knight-head-on-30mph.json"));
  // The bumper reaches the wall at (7.25 - 2.25) m / 30 mph = 0.3728 s (the swept detector gives that time).
  doc["expect"]["first_impact_time"] = {1.0, 1.25};
  const std::vector<RunResult> runs{run_case(parse_case(doc, "head-on.json"))};
  const std::string table = summary_table(runs);
  EXPECT_NE(table.find("failed"), std::string::npos) << table;
  EXPECT_NE(table.find("first impact at 0.373 s not in [1, 1.25] s"), std::string::npos) << table;
  // Through results.json the reader keeps the verdict.
  const std::string path = (testing::fresh_temp_folder("reports-first-impact") / "results.json").string();
  write_results_file(path, runs, {});
  EXPECT_FALSE(read_results_file(path).cases[0].first_impact_ok);
}

TEST(ExpectationText, ImpactCountsSaidAsAPersonWould) {
  EXPECT_EQ(impact_count_mismatch(1, INT_MAX, 0), "expected at least 1 impact, got 0");
  EXPECT_EQ(impact_count_mismatch(2, INT_MAX, 1), "expected at least 2 impacts, got 1");
  EXPECT_EQ(impact_count_mismatch(1, 3, 5), "expected 1 to 3 impacts, got 5");
  EXPECT_EQ(impact_count_mismatch(1, 1, 2), "expected exactly 1 impact, got 2");
  EXPECT_EQ(impact_count_mismatch(0, 0, 1), "expected exactly 0 impacts, got 1");
  EXPECT_EQ(impact_count_mismatch(0, 2, 3), "expected at most 2 impacts, got 3");
}

TEST(SummaryTable, MissedImpactSaysWhatWasExpectedAndEveryOutputExplainsImpacts) {
  nlohmann::json doc = read_json_file(testing::source_path("cases/library/knight-head-on-30mph.json"));
  // Standing still with its bumper 5 m from the wall: nothing hits.
  doc["vehicles"][0]["speed_mph"] = 0;
  doc["expect"] = {{"impacts_min", 1}};
  const std::vector<RunResult> runs{run_case(parse_case(doc, "parked.json"))};
  ASSERT_EQ(runs[0].impacts, 0);
  const std::string table = summary_table(runs);
  EXPECT_NE(table.find("expected at least 1 impact, got 0"), std::string::npos) << table;
  EXPECT_EQ(table.find("2147483647"), std::string::npos) << table;
  EXPECT_NE(table.find(impacts_versus_events_note()), std::string::npos) << table;
  const std::string path = (testing::temp_folder("missed-impact") / "results.json").string();
  write_results_file(path, runs, {});
  const std::string md = summary_markdown(read_results_file(path));
  EXPECT_NE(md.find("expected at least 1 impact, got 0"), std::string::npos) << md;
  EXPECT_NE(md.find(impacts_versus_events_note()), std::string::npos) << md;
}

TEST(SummaryMarkdown, PipesInNamesDoNotBreakTheTable) {
  ResultsFile file;
  CaseRecord c;
  c.name = "a|b";
  c.status = "error";
  c.error = "bad\nthing";
  file.cases.push_back(c);
  const std::string md = summary_markdown(file);
  EXPECT_NE(md.find("| a\\|b | **error** |"), std::string::npos) << md;
  EXPECT_NE(md.find("bad thing"), std::string::npos) << md;
}

}  // namespace
}  // namespace crashbench
