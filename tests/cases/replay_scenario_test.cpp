// Replayed vehicles on the L-rail (every registered detector): driven into the end wall they make an impact
// while their motion stays the log's; along the side wall 1 m off they touch nothing.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <cmath>
#include <fstream>

#include "cases/driving/replay_log.hpp"
#include "cases/loading/case_loader.hpp"
#include "cases/runner/simulation.hpp"
#include "detectors/scenes/registry/l_rail.hpp"
#include "tests/support/registries.hpp"
#include "tests/support/temp_folder.hpp"

namespace crashbench {
namespace {

/// A case on the l-rail with one sedan replayed from a straight log heading east from (`x0`, `y`) to (`x1`,
/// `y1`) [m] in `seconds` (`y1` NaN: `y`), run with `detector` and `application`.
Case straight_replay(const std::string& detector, double y, double x0, double x1, double seconds,
                     const std::string& application = "reset", double y1 = std::nan("")) {
  const auto dir = testing::temp_folder("replay-scenario");
  if (std::isnan(y1)) y1 = y;
  std::ofstream(dir / "lap.csv") << fmt::format("t,x,y,heading_deg\n0,{},{},0\n{},{},{},0\n", x0, y, seconds, x1, y1);
  const nlohmann::json doc = {{"name", "replayed-" + detector},
                              {"scene", "l-rail"},
                              {"detector", detector},
                              {"response", {{"model", "restitution"}, {"restitution", 0.3}}},
                              {"application", application},
                              {"duration", seconds},
                              {"vehicles", {{{"params", "sedan"}, {"replay", "lap.csv"}}}}};
  return parse_case(doc, (dir / "case.json").string());
}

class Replay : public ::testing::TestWithParam<std::string> {};

TEST_P(Replay, IntoTheEndWallMakesAnImpactAndKeepsTheLogsMotion) {
  constexpr double kY = 20, kX0 = 85, kSeconds = 1.0;
  for (const std::string application : {"reset", "force"}) {
    SCOPED_TRACE(application);
    // The front ends 0.5 m past the end wall's face; the CG stays short of it (no tunnelling by the log).
    const double cg_to_front = straight_replay(GetParam(), kY, kX0, kX0 + 1, kSeconds).vehicles[0].params.body.cg_to_front;
    const double x1 = kLRailCornerX - cg_to_front + 0.5, speed = (x1 - kX0) / kSeconds;
    const Case c = straight_replay(GetParam(), kY, kX0, x1, kSeconds, application);
    const RunResult r = run_case(c);
    ASSERT_EQ(r.status, CaseStatus::kPassed) << r.error << r.failure;
    ASSERT_FALSE(r.events.empty());
    // The front face reaches X = 100 m when the CG has covered 100 - cg_to_front - x0 at the log's speed.
    const double touch = (kLRailCornerX - cg_to_front - kX0) / speed;
    EXPECT_NEAR(r.events.front().time, touch, c.dt + 1e-9);
    EXPECT_EQ(r.events.front().contact.other, kStaticScene);
    EXPECT_GT(r.events.front().resolution.impulse.linear_W.norm(), 0.0);  // the wall pushed back on the model's car
    // Whatever the impulses, every sample is the log's pose and velocity.
    for (std::size_t i = 0; i < r.sample_times.size(); ++i) {
      const PlanarState expected = c.vehicles[0].replay->at(r.sample_times[i]);
      const PlanarState& s = r.tracks[0].states[i];
      ASSERT_NEAR((s.position_W - expected.position_W).norm(), 0.0, 1e-9) << "sample " << i;
      ASSERT_NEAR(s.velocity_W.x(), speed, 1e-9) << "sample " << i;
      ASSERT_NEAR(s.heading, 0.0, 1e-12) << "sample " << i;
    }
    EXPECT_NEAR(r.tracks[0].states.back().position_W.x(), x1, 1e-9);
  }
}

TEST_P(Replay, AlongTheSideWallOneMetreOffTouchesNothing) {
  constexpr double kX0 = -20, kX1 = 80, kSeconds = 4.0;
  const double half_width = straight_replay(GetParam(), 5, kX0, kX1, kSeconds).vehicles[0].params.body.width / 2;
  const RunResult clear = run_case(straight_replay(GetParam(), half_width + 1.0, kX0, kX1, kSeconds));
  ASSERT_EQ(clear.status, CaseStatus::kPassed) << clear.error << clear.failure;
  EXPECT_TRUE(clear.events.empty()) << clear.events.size() << " events, first at t = " << clear.events.front().time;
  EXPECT_NEAR(clear.tracks[0].states.back().position_W.x(), kX1, 1e-9);  // it did drive the length
  // The same log drifting from 1 m off to 0.1 m into the wall is seen: the detector was looking.
  const RunResult drifting =
      run_case(straight_replay(GetParam(), half_width + 1.0, kX0, kX1, kSeconds, "reset", half_width - 0.1));
  EXPECT_FALSE(drifting.events.empty());
}

INSTANTIATE_TEST_SUITE_P(EveryDetector, Replay, ::testing::ValuesIn(testing::detector_names()),
                         [](const auto& info) { return testing::test_name(info.param); });

}  // namespace
}  // namespace crashbench
