// A hundred cars at one point: every pair touches, 4,950 pairs a step. The step's vehicle pairs are found
// once and read by detection, the sweep and the no_tunnelling check (detectors/broadphase/step_pairs.hpp,
// issue 29). At rest nothing may move and each touching pair is tested once in the whole run; spreading
// out, every impact must keep its invariants, one thread and two must give the same run, and the only
// failures are cars parting through each other (they start inside each other). No figure here is taken
// from the code's own output: the pair count is 100 x 99 / 2.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "cases/checks/physics_hash.hpp"
#include "cases/loading/case_loader.hpp"
#include "cases/runner/simulation.hpp"

namespace crashbench {
namespace {

/// 100 sedans at (0, 0), car i heading 3.6 i deg at `speed_step` i m/s, for 0.1 s (20 steps).
Case crowd_at_one_point(double speed_step, const std::string& scene, const std::string& detector,
                        const std::string& application) {
  nlohmann::json cars = nlohmann::json::array();
  for (int i = 0; i < 100; ++i)
    cars.push_back({{"params", "sedan"}, {"position", {0, 0}}, {"heading_deg", speed_step > 0 ? 3.6 * i : 0.0},
                    {"speed", speed_step * i}});
  return parse_case({{"name", "crowd-at-one-point"}, {"scene", scene}, {"detector", detector},
                     {"response", {{"model", "restitution"}}}, {"application", application}, {"dynamics", "bicycle"},
                     {"integrator", "rk4"}, {"dt", 0.005}, {"duration", 0.1}, {"vehicles", cars}},
                    "crowd.json");
}

TEST(CrowdAtOnePoint, AtRestNothingMovesAndEachTouchingPairIsTestedOnce) {
  const RunResult r = run_case(crowd_at_one_point(0.0, "open-road", "analytic", "reset"));
  ASSERT_EQ(r.steps, 20);
  EXPECT_EQ(r.events.size(), 0u);  // at rest: no pair closes
  EXPECT_EQ(r.status, CaseStatus::kPassed);
  ASSERT_EQ(r.tracks.size(), 100u);
  for (const VehicleTrack& track : r.tracks) {
    ASSERT_GE(track.states.size(), 2u);
    EXPECT_EQ(track.states.back().position_W, Vec2::Zero()) << track.name;
    EXPECT_EQ(track.states.back().heading, 0.0) << track.name;
    EXPECT_EQ(track.states.back().velocity_W, Vec2::Zero()) << track.name;
  }
  // The first step's detection tests the 100 x 99 / 2 pairs; no car ever moves, so every later pass over
  // them (the sweep's start, the later steps' detection) reuses those verdicts (sleeping pairs, step_pairs.hpp).
  EXPECT_EQ(r.detector_primitives_tested, 100LL * 99 / 2);
}

TEST(CrowdAtOnePoint, SpreadingOutKeepsEveryImpactInvariantAndRunsAlikeOnOneThreadAndTwo) {
  struct Row {
    const char* scene;
    const char* detector;
    const char* application;
  };
  for (const Row& row : {Row{"open-road", "analytic", "reset"}, Row{"open-road", "analytic", "force"},
                         Row{"l-rail", "tree", "reset"}}) {
    SCOPED_TRACE(std::string(row.scene) + " " + row.detector + " " + row.application);
    const Case c = crowd_at_one_point(0.1, row.scene, row.detector, row.application);
    const RunResult r = run_case(c);
    ASSERT_EQ(r.steps, 20);
    EXPECT_GT(r.events.size(), 0u);  // every pair starts inside each other and they drive apart
    EXPECT_EQ(r.unchecked_events, 0);
    for (std::size_t i = 0; i + 1 < kInvariantCount; ++i) {
      SCOPED_TRACE(std::string(to_string(static_cast<Invariant>(i))));
      EXPECT_EQ(r.invariants[i].failed, 0);
    }
    static_assert(static_cast<std::size_t>(Invariant::kNoTunnelling) + 1 == kInvariantCount);
    // Cars that start inside each other and part pass through each other's centre lines: no_tunnelling
    // fails, rightly; on open road there is no wall to cross.
    EXPECT_EQ(r.status, CaseStatus::kFailed);
    EXPECT_GT(r.tunnelling.size(), 0u);
    if (std::string(row.scene) == "open-road") {
      for (const Tunnelling& t : r.tunnelling) EXPECT_NE(t.other, kStaticScene);
    }
    // Two threads split the pairs' readers (detection, sweep, no_tunnelling) over vehicle ranges.
    const RunResult two = run_case(c, 2);
    EXPECT_EQ(two.physics_hash, r.physics_hash);
    EXPECT_EQ(two.events.size(), r.events.size());
    EXPECT_EQ(two.tunnelling.size(), r.tunnelling.size());
  }
}

}  // namespace
}  // namespace crashbench
