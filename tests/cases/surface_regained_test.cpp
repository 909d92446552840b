// A car that leaves the drivable surface on a climbing road and comes back onto it (SurfaceFollowing's
// kSteepestGrade): found on esmini's tunnel.xodr, where a lane of zero width ran along the driving lane's
// edge for 150 m while the road climbed 11 m. Each time the CG strayed off the edge it kept its last height,
// and back over the road, now more than the 0.5 m step allowance above it, it never found the road again:
// 5,791 of 7,680 steps without a surface, the rectangle at a stale height for the rest of the run.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <fstream>

#include "cases/loading/case_loader.hpp"
#include "cases/runner/simulation.hpp"
#include "tests/support/opendrive_roads.hpp"
#include "tests/support/temp_folder.hpp"

namespace crashbench {
namespace {

constexpr double kClimb = 0.08, kReplaySpeed = 10, kStep = 0.005;

/// A 200 m road along +x climbing at kClimb, one 3.5 m lane each side; a replay along lane -1 (y = -1.75)
/// that leaves the road to y = `off_y` between x = 80 and x = 80 + `away`. Returns the run.
RunResult drive_off_and_back(double off_y, double away) {
  const auto dir = testing::temp_folder("surface-regained");
  std::string road = testing::straight_road_xml("1", 0, 0, 0, 0);
  road.replace(road.find("b=\"0\""), 5, fmt::format("b=\"{}\"", kClimb));
  const std::string file = testing::write_opendrive(dir / "climb.xodr", road);
  std::ofstream log(dir / "path.csv");
  log << "t,x,y,heading_deg\n";
  for (int x = 0; x <= 190; ++x)
    log << fmt::format("{},{},{},0\n", x / kReplaySpeed, x, x > 80 && x < 80 + away ? off_y : -1.75);
  log.close();
  const nlohmann::json doc = {{"name", "off-and-back"}, {"scene", {{"file", file}, {"collision", {{"vertical_within_deg", 90}}}}}, {"detector", "tree"},
                              {"response", {{"model", "restitution"}}}, {"dt", kStep}, {"duration", 189 / kReplaySpeed},
                              {"vehicles", {{{"params", "sedan"}, {"replay", "path.csv"}}}}};
  return run_case(parse_case(doc, (dir / "case.json").string()));
}

TEST(SurfaceRegained, ACarBackOnAClimbingRoadFindsItAgain) {
  // 30 m off the road: the road climbs 2.4 m meanwhile, beyond the step allowance.
  const RunResult r = drive_off_and_back(-8, 30);
  ASSERT_NE(r.status, CaseStatus::kError) << r.error;
  // Off the road from x = 80 + (3.5 - 1.75 + half the car's width ...) to the way back: under 30 m of
  // 10 m/s, 600 steps; the 1,100 steps after it on the road all find it.
  EXPECT_GT(r.steps_without_surface, 300);
  EXPECT_LE(r.steps_without_surface, static_cast<long long>(30 / kReplaySpeed / kStep));
}

}  // namespace
}  // namespace crashbench
