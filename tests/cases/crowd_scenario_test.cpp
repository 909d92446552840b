// A thousand cars on the L-rail: every invariant holds in the crashes and in the resting contacts after.
#include <gtest/gtest.h>

#include "cases/loading/case_loader.hpp"
#include "cases/runner/simulation.hpp"
#include "tests/cases/crowd_case.hpp"

namespace crashbench {
namespace {

TEST(Crowd, ThousandCarsOnTheLRailPassEveryInvariantWithEitherApplication) {
  for (const char* application : {"reset", "force"}) {
    // 2.5 s: the pairs meet after about 0.8 s; the rest is spinning, scraping and resting.
    const RunResult r = run_case(parse_case(testing::l_rail_crowd(1000, application, 2.5), "crowd.json"));
    EXPECT_GE(r.impacts, 500) << application;
    // The layout is sound: nothing touches at the start (swept detection reports such a touch at t = 0).
    for (const ImpactEvent& e : r.events) ASSERT_GT(e.time, 0.0) << application << ": vehicle " << e.contact.vehicle;
    EXPECT_EQ(r.status, CaseStatus::kPassed) << application;
    for (std::size_t i = 0; i < kInvariantCount; ++i)
      EXPECT_EQ(r.invariants[i].failed, 0) << application << ": " << to_string(static_cast<Invariant>(i));
    EXPECT_GT(r.invariants[static_cast<std::size_t>(Invariant::kSystemMomentum)].checked, 500) << application;
  }
}

}  // namespace
}  // namespace crashbench
