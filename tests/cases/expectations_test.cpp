// A case's `expect`: impact counts and the window its first impact must fall in.
#include <gtest/gtest.h>

#include "cases/loading/case_loader.hpp"
#include "cases/loading/matrix.hpp"
#include "cases/runner/simulation.hpp"
#include "core/error.hpp"
#include "core/units.hpp"
#include "tests/support/paths.hpp"

namespace crashbench {
namespace {

/// Knight's head-on case with `window` as its first-impact expectation.
Case head_on_with_window(const nlohmann::json& window) {
  nlohmann::json doc = read_json_file(testing::source_path("cases/library/knight-head-on-30mph.json"));
  doc["expect"]["first_impact_time"] = window;
  return parse_case(doc, "head-on.json");
}

/// When the front bumper reaches the wall at Y = 0, by hand: the CG starts 7.25 m north of it, heading
/// south at 30 mph, cg_to_front ahead of the bumper.
double bumper_reaches_wall(const Case& c) {
  return (7.25 - c.vehicles[0].params.body.cg_to_front) / (30 * kMphToMps);
}

TEST(Expectations, FirstImpactInsideItsWindowPasses) {
  const Case probe = head_on_with_window({0.0, 10.0});
  const double touch = bumper_reaches_wall(probe);
  const RunResult r = run_case(head_on_with_window({touch, touch + probe.dt}));
  EXPECT_TRUE(r.first_impact_time_ok);
  EXPECT_EQ(r.status, CaseStatus::kPassed);
}

TEST(Expectations, FirstImpactOutsideItsWindowFailsTheCaseThoughEveryInvariantHolds) {
  const Case probe = head_on_with_window({0.0, 10.0});
  const double touch = bumper_reaches_wall(probe);
  const RunResult r = run_case(head_on_with_window({touch + 0.1, touch + 0.2}));
  EXPECT_FALSE(r.first_impact_time_ok);
  EXPECT_EQ(r.status, CaseStatus::kFailed);
  for (const auto& s : r.invariants) EXPECT_EQ(s.failed, 0);
}

TEST(Expectations, NoImpactAtAllMissesTheWindow) {
  nlohmann::json doc = read_json_file(testing::source_path("cases/library/knight-head-on-30mph.json"));
  doc["vehicles"][0]["heading_deg"] = 90;  // away from the wall
  doc["expect"] = {{"first_impact_time", {0.3, 0.4}}};
  const RunResult r = run_case(parse_case(doc, "away.json"));
  EXPECT_TRUE(r.events.empty());
  EXPECT_FALSE(r.first_impact_time_ok);
  EXPECT_EQ(r.status, CaseStatus::kFailed);
}

TEST(Expectations, WindowMustBeTwoOrderedTimes) {
  for (const auto& [window, expected] :
       {std::pair{nlohmann::json{0.5}, std::string("expected [earliest, latest] in seconds")},
        std::pair{nlohmann::json{0.5, 0.4}, std::string("/expect/first_impact_time/1")},
        std::pair{nlohmann::json{-0.1, 0.4}, std::string("/expect/first_impact_time/0")}}) {
    try {
      head_on_with_window(window);
      ADD_FAILURE() << "no error for " << window;
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find(expected), std::string::npos) << e.what();
    }
  }
}

}  // namespace
}  // namespace crashbench
