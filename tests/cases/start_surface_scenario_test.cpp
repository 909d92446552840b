// A vehicle's `start_surface`: a car whose start lies under a footbridge (the generated bridge scene,
// as on TORCS's corkscrew) starts on the deck by default, 5 m up, and runs into the parapet; with
// "lowest", or a height at the road's, it starts on the road and drives under the bridge untouched.
#include <gtest/gtest.h>

#include "cases/loading/case_loader.hpp"
#include "cases/runner/simulation.hpp"
#include "detectors/scenes/files/scene_io.hpp"
#include "tests/support/band_scenes.hpp"
#include "tests/support/error_message.hpp"
#include "tests/support/registries.hpp"
#include "tests/support/temp_folder.hpp"

namespace crashbench {
namespace {

std::string bridge_scene_file() { return testing::written_scene(*testing::bridge_graph(), "start-surface", "bridge.osgt"); }

/// 2 s at 10 m/s along the road from X = 100, under the bridge's middle (the deck spans 94 < X < 106 at
/// z = 5, its parapets stand at X = 94 and 106).
nlohmann::json start_under_the_bridge(const std::string& detector, const nlohmann::json& start_surface) {
  nlohmann::json vehicle = {{"params", "sedan"}, {"position", {100.0, 0.0}}, {"heading_deg", 0.0}, {"speed", 10.0}};
  if (!start_surface.is_null()) vehicle["start_surface"] = start_surface;
  return {{"name", "start-under-a-bridge"}, {"scene", {{"file", bridge_scene_file()}}}, {"detector", detector},
          {"response", {{"model", "restitution"}}}, {"dynamics", "free-body"}, {"dt", 0.005}, {"duration", 2.0},
          {"vehicles", {vehicle}}};
}

class StartSurface : public ::testing::TestWithParam<std::string> {};

TEST_P(StartSurface, TheLowestOrTheRoadsHeightStartsOnTheRoadUnderTheBridge) {
  for (const nlohmann::json& start : {nlohmann::json("lowest"), nlohmann::json(0.0), nlohmann::json(0.3)}) {
    const RunResult r = run_case(parse_case(start_under_the_bridge(GetParam(), start), "start.json"));
    EXPECT_EQ(r.status, CaseStatus::kPassed) << start << ": " << r.error;
    EXPECT_EQ(r.impacts, 0) << start;
    EXPECT_EQ(r.steps_without_surface, 0) << start;
    EXPECT_NEAR(r.tracks[0].states.back().position_W.x(), 120.0, 1e-6) << start;  // 2 s at 10 m/s, untouched
  }
}

TEST_P(StartSurface, TheHighestIsTheDeckWhoseParapetStopsTheCar) {
  for (const nlohmann::json& start : {nlohmann::json(), nlohmann::json("highest"), nlohmann::json(5.0)}) {
    const RunResult r = run_case(parse_case(start_under_the_bridge(GetParam(), start), "start.json"));
    EXPECT_GE(r.impacts, 1) << start;
    EXPECT_LT(r.tracks[0].states.back().position_W.x(), 106.0) << start;
  }
}

INSTANTIATE_TEST_SUITE_P(EveryTriangleDetector, StartSurface, ::testing::ValuesIn(testing::triangle_detector_names()),
                         [](const auto& info) { return testing::test_name(info.param); });

TEST(StartSurfaceInput, AnythingElseNamesTheField) {
  for (const nlohmann::json& bad : {nlohmann::json("middle"), nlohmann::json(true), nlohmann::json(1e300),
                                    nlohmann::json::array({0.0})}) {
    const std::string message = testing::error_message([&] { parse_case(start_under_the_bridge("tree", bad), "start.json"); });
    EXPECT_NE(message.find("/vehicles/0/start_surface"), std::string::npos) << bad << ": " << message;
  }
}

}  // namespace
}  // namespace crashbench
