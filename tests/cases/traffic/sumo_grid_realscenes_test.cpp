// SUMO itself, opt-in (label realscenes; skipped without Debian's sumo and sumo-tools): the example's
// 4 x 4 grid of impatient drivers (examples/sumo/make-scenario.sh), shortened, made by SUMO and run
// through crashbench. Every SUMO collision episode must be matched or explained, never a detector's miss,
// every extra contact explained, and every invariant must hold.
#include <gtest/gtest.h>

#include <cstdlib>
#include <iostream>
#include <string>

#include "cases/loading/case_loader.hpp"
#include "cases/loading/json_parse.hpp"
#include "cases/runner/simulation.hpp"
#include "tests/support/temp_folder.hpp"

namespace crashbench {
namespace {

TEST(SumoGrid, EveryCollisionSumoReportsIsMatchedOrExplained) {
  if (std::system("command -v netgenerate >/dev/null 2>&1 && command -v sumo >/dev/null 2>&1") != 0)
    GTEST_SKIP() << "SUMO is not installed (apt-get install sumo sumo-tools)";
  const auto dir = testing::fresh_temp_folder("sumo-grid");
  const std::string make = std::string(CRASHBENCH_SOURCE_DIR) + "/examples/sumo/make-scenario.sh " + dir.string() +
                           " 0.25 120 100 > " + (dir / "make.log").string() + " 2>&1";
  ASSERT_EQ(std::system(make.c_str()), 0) << "see " << (dir / "make.log");
  const std::string file = (dir / "case.json").string();
  const RunResult r = run_case(parse_case(read_json_file(file), file, {.max_vehicles = 100000}));
  ASSERT_TRUE(r.failure.empty()) << r.failure;
  ASSERT_TRUE(r.sumo.has_value());
  EXPECT_GT(r.sumo->vehicles, 300u);
  EXPECT_GT(r.sumo->episodes.size(), 0u) << "no SUMO collision to compare: the scenario needs more traffic";
  for (const SumoEpisode& e : r.sumo->episodes) {
    if (e.matched) continue;
    EXPECT_FALSE(e.why.empty()) << e.collider << "/" << e.victim << " at " << e.time;
    EXPECT_EQ(e.why.find("detector's miss"), std::string::npos) << e.why;
  }
  for (const SumoExtraContact& x : r.sumo->extra) EXPECT_FALSE(x.why.empty());
  for (const InvariantSummary& i : r.invariants) EXPECT_EQ(i.failed, 0);
  EXPECT_TRUE(r.tunnelling.empty());
  std::cout << r.sumo->episodes.size() << " SUMO collision episodes, " << r.sumo->matched() << " matched; "
            << r.sumo->extra.size() << " contacts SUMO did not report; " << r.sumo->released << " of "
            << r.sumo->vehicles << " vehicles released\n";
}

}  // namespace
}  // namespace crashbench
