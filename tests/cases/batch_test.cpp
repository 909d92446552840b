#include "cases/runner/batch.hpp"

#include <gtest/gtest.h>

#include "tests/support/paths.hpp"

namespace crashbench {
namespace {

TEST(Batch, BadCasesBecomeErrorResultsAndTheOthersStillRun) {
  const auto results = run_inputs(expand_input_file(testing::testdata_path("matrix-with-bad-cases.json")));
  ASSERT_EQ(results.size(), 5u);
  EXPECT_EQ(results[0].status, CaseStatus::kPassed);
  EXPECT_EQ(results[4].status, CaseStatus::kPassed);
  for (int i : {1, 2, 3}) {
    EXPECT_EQ(results[i].status, CaseStatus::kError) << i;
    EXPECT_FALSE(results[i].error.empty()) << i;
  }
  EXPECT_NE(results[1].error.find("negative-mass.json: /vehicles/0/params/mass: expected a positive number"),
            std::string::npos)
      << results[1].error;
  EXPECT_EQ(batch_exit_code(results), 2);
}

TEST(Batch, ExitCodeIsOneWhenOnlyAnInvariantFails) {
  std::vector<RunResult> results(2);
  results[0].status = CaseStatus::kPassed;
  results[1].status = CaseStatus::kFailed;
  EXPECT_EQ(batch_exit_code(results), 1);
  results[1].status = CaseStatus::kPassed;
  EXPECT_EQ(batch_exit_code(results), 0);
}

}  // namespace
}  // namespace crashbench
