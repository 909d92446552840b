// A hundred cars at one point: every pair touches, 4,950 pairs a step. The step's vehicle pairs are found
// once and read by detection, the sweep and the no_tunnelling check (detectors/broadphase/step_pairs.hpp, issue 29):
// the runs give what they gave when each of those ran a broad phase of its own (physics hashes, events and
// verdicts of commit 37f7046, taken again where crashbench's own sine, cosine and atan replaced libm's and
// moved the last bits, which this crowd's hundred-car pile-up amplifies into other events); a pair touching from the start got one exact test a step (the detection's),
// where it got two (the sweep's grown query tested it again), and at rest now gets one in the whole run.
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

TEST(CrowdAtOnePoint, AtRestEachTouchingPairIsTestedOnce) {
  const RunResult r = run_case(crowd_at_one_point(0.0, "open-road", "analytic", "reset"));
  ASSERT_EQ(r.steps, 20);
  EXPECT_EQ(physics_hash_hex(r.physics_hash.value()), "903b5d4837ac33ad");
  EXPECT_EQ(r.events.size(), 0u);  // at rest: no pair closes
  EXPECT_EQ(r.status, CaseStatus::kPassed);
  // The first step's detection tests the 4,950 pairs; no car ever moves, so every later pass over them (the
  // sweep's start, the later steps' detection) reuses those verdicts (sleeping pairs, step_pairs.hpp).
  EXPECT_EQ(r.detector_primitives_tested, 4950LL);
}

TEST(CrowdAtOnePoint, SpreadingOutGivesTheEventsAndHashesOfBefore) {
  struct Row {
    const char* scene;
    const char* detector;
    const char* application;
    const char* hash;
    std::size_t events;
  };
  for (const Row& row : {Row{"open-road", "analytic", "reset", "a5a9e52cefddfc0a", 4523},
                         Row{"open-road", "analytic", "force", "14cbab9fb197ccf7", 7613},
                         Row{"l-rail", "tree", "reset", "7edf43c492aec84e", 5869}}) {
    const RunResult r = run_case(crowd_at_one_point(0.1, row.scene, row.detector, row.application));
    EXPECT_EQ(physics_hash_hex(r.physics_hash.value()), row.hash) << row.scene << " " << row.detector << " " << row.application;
    EXPECT_EQ(r.events.size(), row.events) << row.scene << " " << row.detector << " " << row.application;
    // Cars that start inside each other and part pass through each other's centre lines: no_tunnelling
    // fails, rightly, as it did before.
    EXPECT_EQ(r.status, CaseStatus::kFailed) << row.scene << " " << row.detector << " " << row.application;
  }
}

}  // namespace
}  // namespace crashbench
