// Two roads crossing, one over the other (docs/scenes.md, "Vehicles on two levels"): an OpenDRIVE file
// written here, a road along +X at z = 0 and one along +Y whose elevation is the test's, and a sedan on
// each timed to reach the crossing together. On a bridge 7 m up the cars pass, with every detector, at
// fine and coarse steps: no contact, no tunnelling, each on its own road throughout.
// Both drive on their roads' reference lines, so that each CG path runs through the other car. Where the two roads
// cross at one height the same cars collide, so the first half can fail.
#include <gtest/gtest.h>

#include <numbers>

#include "cases/loading/case_loader.hpp"
#include "cases/runner/simulation.hpp"
#include "tests/support/opendrive_roads.hpp"
#include "tests/support/registries.hpp"
#include "tests/support/temp_folder.hpp"

namespace crashbench {
namespace {

/// The crossing with the second road at `over` metres, each car `speed` m/s and 20 m short of it.
RunResult drive_over_crossing(const std::string& detector, double over, double speed, double dt) {
  const auto dir = testing::temp_folder("bridge-crossing");
  // A file per height: a run keeps the scenes it loaded by their paths.
  const std::string file = (dir / ("crossing-" + std::to_string(over) + ".xodr")).string();
  testing::write_opendrive(file, testing::straight_road_xml("1", -100, 0, 0, 0) +
                                     testing::straight_road_xml("2", 0, -100, std::numbers::pi / 2, over));
  const nlohmann::json c = {
      {"name", "crossing"},
      {"scene", {{"file", file}, {"collision", {{"vertical_within_deg", 90}}}}},
      {"detector", detector}, {"response", {{"model", "restitution"}}}, {"dynamics", "bicycle"},
      {"dt", dt}, {"duration", 60.0 / speed},
      {"vehicles", {{{"name", "along-x"}, {"params", "sedan"}, {"position", {-20, 0}}, {"heading_deg", 0}, {"speed", speed}},
                    {{"name", "along-y"}, {"params", "sedan"}, {"position", {0, -20}}, {"heading_deg", 90}, {"speed", speed}}}}};
  return run_case(parse_case(c, (dir / "crossing.json").string()));
}

TEST(BridgeCrossing, CarsOnABridgeAndUnderItPassWithEveryDetectorAtFineAndCoarseSteps) {
  for (const std::string& name : testing::detector_names())
    for (const auto& [speed, dt] : {std::pair{10.0, 0.005}, std::pair{40.0, 0.05}, std::pair{50.0, 0.1}}) {
      const RunResult r = drive_over_crossing(name, 7.0, speed, dt);
      const std::string what = name + " at " + std::to_string(speed) + " m/s, dt " + std::to_string(dt) + " s";
      EXPECT_TRUE(r.events.empty()) << what << ": " << r.events.size() << " events";
      EXPECT_TRUE(r.tunnelling.empty()) << what << ": " << r.tunnelling.size() << " pass-throughs";
      EXPECT_EQ(r.steps_without_surface, 0) << what;
      EXPECT_GT(r.tunnelling_checked, 0) << what;
    }
}

TEST(BridgeCrossing, AtOneHeightTheSameCarsCollide) {
  for (const std::string& name : testing::detector_names())
    for (const auto& [speed, dt] : {std::pair{10.0, 0.005}, std::pair{40.0, 0.05}}) {
      const RunResult r = drive_over_crossing(name, 0.0, speed, dt);
      int between_cars = 0;
      for (const ImpactEvent& e : r.events) between_cars += e.contact.other != kStaticScene;
      EXPECT_GT(between_cars, 0) << name << " at " << speed << " m/s, dt " << dt << " s";
    }
}

}  // namespace
}  // namespace crashbench
