#include "reports/compare.hpp"

#include <gtest/gtest.h>

#include "core/error.hpp"
#include "tests/reports/report_test_support.hpp"

namespace crashbench {
namespace {

TEST(Compare, AFileAgainstItselfHasNoChanges) {
  const ResultsFile a = testing::sample_results_read_back("compare-same");
  const Comparison c = compare_results(a, a);
  EXPECT_EQ(c.regressions, 0);
  EXPECT_EQ(c.improvements, 0);
  EXPECT_NE(c.text.find("verdicts: no changes"), std::string::npos) << c.text;
  EXPECT_NE(c.text.find(" 1.00 "), std::string::npos) << c.text;
  EXPECT_NE(c.text.find("0 m/s, 0 deg/s"), std::string::npos) << c.text;
}

TEST(Compare, PassedToFailedIsARegressionAndPostStatesShowTheirDifference) {
  const ResultsFile a = testing::sample_results_read_back("compare-a");
  ResultsFile b = testing::sample_results_read_back("compare-b");
  CaseRecord& first = b.cases[0];
  ASSERT_EQ(first.status, "passed");
  first.status = "failed";
  first.invariants[0].failed = 2;
  auto& v = first.raw["events"][0]["post"]["velocity"];
  v[0] = v[0].get<double>() + 0.75;
  first.raw["events"][0]["post"]["yaw_rate_deg_s"] = first.raw["events"][0]["post"]["yaw_rate_deg_s"].get<double>() - 4.5;
  first.timing["step"].median_ns = 2 * a.cases[0].median_ns("step");
  const Comparison c = compare_results(a, b);
  EXPECT_EQ(c.regressions, 1);
  EXPECT_NE(c.text.find("REGRESSED passed -> failed"), std::string::npos) << c.text;
  EXPECT_NE(c.text.find("now fails: " + first.invariants[0].name), std::string::npos) << c.text;
  EXPECT_NE(c.text.find("0.75 m/s, 4.5 deg/s"), std::string::npos) << c.text;
  EXPECT_NE(c.text.find(" 2.00 "), std::string::npos) << c.text;
  // The reverse direction is a fix, not a regression.
  const Comparison back = compare_results(b, a);
  EXPECT_EQ(back.regressions, 0);
  EXPECT_EQ(back.improvements, 1);
}

TEST(Compare, ChosenPhasesGetTheirOwnColumnsAndRatios) {
  const ResultsFile a = testing::sample_results_read_back("compare-phases-a");
  ResultsFile b = testing::sample_results_read_back("compare-phases-b");
  b.cases[0].timing["resolve"].median_ns = 4 * a.cases[0].median_ns("resolve");
  const Comparison c = compare_results(a, b, {"resolve", "dynamics"});
  EXPECT_NE(c.text.find("resolve A"), std::string::npos) << c.text;
  EXPECT_NE(c.text.find("dynamics B"), std::string::npos) << c.text;
  EXPECT_EQ(c.text.find("step A"), std::string::npos) << c.text;
  const std::string first_row = c.text.substr(c.text.find(a.cases[0].name));
  EXPECT_NE(first_row.substr(0, first_row.find('\n')).find(" 4.00 "), std::string::npos) << c.text;
}

TEST(Compare, UnknownPhaseListsTheKnownOnes) {
  const ResultsFile a = testing::sample_results_read_back("compare-unknown-phase");
  try {
    compare_results(a, a, {"step", "render"});
    FAIL() << "no error for an unknown phase";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("--phases: unknown phase 'render'; expected one of: dynamics, detect"),
              std::string::npos)
        << e.what();
  }
}

TEST(Compare, AnInvariantThatNowHoldsIsAFixEvenWhenTheCaseStillFails) {
  ResultsFile a = testing::sample_results_read_back("compare-holds-a");
  ResultsFile b = testing::sample_results_read_back("compare-holds-b");
  ASSERT_GE(a.cases[0].invariants.size(), 2u);
  for (ResultsFile* f : {&a, &b}) f->cases[0].status = "failed";
  a.cases[0].invariants[0].failed = 1;
  a.cases[0].invariants[1].failed = 1;
  b.cases[0].invariants[1].failed = 1;  // the first one now holds, the second still fails
  const Comparison c = compare_results(a, b);
  EXPECT_EQ(c.improvements, 1);
  EXPECT_EQ(c.regressions, 0);
  EXPECT_NE(c.text.find("now holds: " + a.cases[0].invariants[0].name), std::string::npos) << c.text;
}

TEST(Compare, CasesInOnlyOneFileAreListed) {
  const ResultsFile a = testing::sample_results_read_back("compare-only-a");
  ResultsFile b = testing::sample_results_read_back("compare-only-b");
  b.cases[0].name = "renamed";
  b.cases[0].listed_name = "renamed";
  const Comparison c = compare_results(a, b);
  EXPECT_NE(c.text.find(a.cases[0].name + ": only in A"), std::string::npos) << c.text;
  EXPECT_NE(c.text.find("renamed: only in B"), std::string::npos) << c.text;
}

TEST(Compare, CasesPairByTheirVariationDataNotByTheirName) {
  const ResultsFile a = testing::sample_results_read_back("compare-only-a");
  ResultsFile b = testing::sample_results_read_back("compare-only-b");
  b.cases[0].variation["application"] = "force";  // same name, another variation: another case
  const Comparison c = compare_results(a, b);
  EXPECT_NE(c.text.find(a.cases[0].name + ": only in A"), std::string::npos) << c.text;
  EXPECT_NE(c.text.find(b.cases[0].name + ": only in B"), std::string::npos) << c.text;
  b.cases[0].variation = a.cases[0].variation;
  b.cases[0].name = "any other name";  // the same case under another name still pairs
  EXPECT_EQ(compare_results(a, b).text.find("only in"), std::string::npos) << compare_results(a, b).text;
}

}  // namespace
}  // namespace crashbench
