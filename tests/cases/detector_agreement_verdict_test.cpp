// check_against: every registered detector agrees with brute force on Knight's head-on; on the track
// corner the analytic detector's many short walls differ from the triangles, and the run says so.
#include <gtest/gtest.h>

#include "cases/loading/case_loader.hpp"
#include "cases/loading/matrix.hpp"
#include "cases/runner/simulation.hpp"
#include "reports/results/results_json.hpp"
#include "tests/support/paths.hpp"

namespace crashbench {
namespace {

RunResult run_checked(const std::string& file, const std::string& detector) {
  nlohmann::json doc = read_json_file(testing::source_path(file));
  doc["detector"] = detector;
  doc["check_against"] = "brute-force";
  return run_case(parse_case(doc, "check.json"));
}

TEST(DetectorAgreementVerdict, EveryDetectorAgreesWithBruteForceOnTheHeadOn) {
  for (const auto& entry : detectors()) {
    const RunResult r = run_checked("cases/library/knight-head-on-30mph.json", std::string(entry.name));
    ASSERT_TRUE(r.agreement) << entry.name;
    EXPECT_EQ(r.agreement->steps_checked, r.steps) << entry.name;
    EXPECT_EQ(r.agreement->steps_differing, 0) << entry.name;
    EXPECT_EQ(r.agreement->timing.ns.size(), static_cast<std::size_t>(r.steps)) << entry.name;
    EXPECT_EQ(r.status, CaseStatus::kPassed) << entry.name;
    EXPECT_EQ(to_json(r).at("invariants").at("detector_agreement").at("failed"), 0) << entry.name;
  }
}

TEST(DetectorAgreementVerdict, AnalyticOnTheTrackCornerDiffersAndFailsTheCase) {
  const RunResult tree = run_checked("cases/library/knight-track-corner.json", "tree");
  EXPECT_EQ(tree.agreement->steps_differing, 0);
  const RunResult analytic = run_checked("cases/library/knight-track-corner.json", "analytic");
  ASSERT_TRUE(analytic.agreement);
  EXPECT_GT(analytic.agreement->steps_differing, 0);
  EXPECT_GT(analytic.agreement->first_step, 0);
  EXPECT_EQ(analytic.status, CaseStatus::kFailed);
  const nlohmann::json doc = to_json(analytic);
  EXPECT_EQ(doc.at("detector_agreement").at("steps_differing"), analytic.agreement->steps_differing);
  EXPECT_TRUE(doc.at("timing").contains("reference"));
}

}  // namespace
}  // namespace crashbench
