// `scene.collision.height_band` in a case: a car driving down a road under a start banner (4 to 5 m up)
// passes under it with every detector, and so does its no_tunnelling check; with the band off the
// analytic detector, whose walls have no height, stops at the banner's footprint. Bad bands name their field.
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

std::string banner_scene_file() { return testing::written_scene(*testing::banner_graph(), "height-band", "banners.osgt"); }

/// 4 s at 20 m/s down the centre line from X = 0: under the banner at X = 60, short of the sagging one.
nlohmann::json banner_drive(const std::string& detector, const nlohmann::json& band) {
  nlohmann::json scene = {{"file", banner_scene_file()}};
  if (!band.is_null()) scene["collision"] = {{"height_band", band}};
  return {{"name", "banner"}, {"scene", scene}, {"detector", detector}, {"response", {{"model", "restitution"}}},
          {"dynamics", "free-body"}, {"dt", 0.005}, {"duration", 4.0},
          {"vehicles", {{{"params", "sedan"}, {"position", {0.0, 0.0}}, {"heading_deg", 0.0}, {"speed", 20.0}}}}};
}

class HeightBandCase : public ::testing::TestWithParam<std::string> {};

TEST_P(HeightBandCase, TheCarPassesUnderTheBanner) {
  const RunResult r = run_case(parse_case(banner_drive(GetParam(), nullptr), "banner.json"));
  EXPECT_EQ(r.status, CaseStatus::kPassed) << r.error;
  EXPECT_EQ(r.impacts, 0);
  EXPECT_NEAR(r.tracks[0].states.back().position_W.x(), 80.0, 1e-6);  // 4 s at 20 m/s, untouched
}

INSTANTIATE_TEST_SUITE_P(EveryDetector, HeightBandCase, ::testing::ValuesIn(testing::detector_names()),
                         [](const auto& info) { return testing::test_name(info.param); });

TEST(HeightBandCaseOff, TheAnalyticWallsThenLieAcrossTheRoad) {
  const RunResult r = run_case(parse_case(banner_drive("analytic", "off"), "banner.json"));
  EXPECT_GE(r.impacts, 1);
  EXPECT_LT(r.tracks[0].states.back().position_W.x(), 60.0);
}

TEST(HeightBandCaseInput, BadBandsNameTheirField) {
  const auto fails_with = [](nlohmann::json band, const std::string& expected) {
    const std::string message = testing::error_message([&] { parse_case(banner_drive("tree", band), "banner.json"); });
    EXPECT_NE(message.find(expected), std::string::npos) << message;
  };
  fails_with({{"above_road_max", 0}}, "/scene/collision/height_band/above_road_max");
  fails_with({{"above_road_max", -1.5}}, "/scene/collision/height_band/above_road_max");
  fails_with({{"below", 1}}, "/scene/collision/height_band");
  fails_with("on", "/scene/collision/height_band");
}

}  // namespace
}  // namespace crashbench
