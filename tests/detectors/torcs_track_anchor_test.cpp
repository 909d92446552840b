// Placing a definition's centre line on its scene (detectors/scenes/torcs/torcs_track_anchor.hpp): a scene
// whose road passes the start line keeps the line where it is; a scene laid out elsewhere, whose first
// road cross-section is the start line, moves it there; anything else is one clear error.
#include <gtest/gtest.h>

#include <sstream>

#include "detectors/scenes/torcs/torcs_track_anchor.hpp"
#include "tests/support/error_message.hpp"
#include "tests/support/torcs_strips.hpp"

namespace crashbench {
namespace {

const Vec2 kNorth(0, 1);

/// A straight lap-less line along +X from (0, 5), 10 m wide, as a definition of one straight gives it.
Centreline straight_line() {
  Centreline line;
  for (int i = 0; i <= 10; ++i) line.points_W.emplace_back(10.0 * i, 5.0);
  line.half_widths.assign(line.points_W.size(), 5.0);
  return line;
}

/// The road of a scene: TKMN0, cross-sections at X = 0, 50, 100 m around Y = `y`, `half_width` either side.
std::vector<RoadCrossSection> road_at(double y, double half_width = 5.0) {
  std::istringstream in(testing::acc_text(
      {{"B0LT0", testing::pairs_across({{0, -40}, {10, -40}}, {kNorth, kNorth}, 1.0), {}},
       {"TKMN0", testing::pairs_across({{0, y}, {50, y}, {100, y}}, {kNorth, kNorth, kNorth}, half_width), {}}}));
  return read_road_cross_sections(in, "small.acc");
}

TEST(TorcsTrackAnchor, ReadsTheRoadObjectsCrossSections) {
  const std::vector<RoadCrossSection> road = road_at(5.0);
  ASSERT_EQ(road.size(), 3u);  // the barrier B0LT0 is no road
  EXPECT_NEAR((road[1].middle() - Vec2(50, 5)).norm(), 0.0, 1e-12);
  EXPECT_NEAR(road[1].half_width(), 5.0, 1e-12);
}

TEST(TorcsTrackAnchor, AStartOnTheRoadStaysAndAShiftedSceneMovesTheLine) {
  Centreline line = straight_line();
  const Anchoring on = anchor_to_scene(line, 10.0, road_at(5.0), "t.xml", "t.acc");
  EXPECT_TRUE(on.shift_W.isZero());
  EXPECT_NEAR(on.start_gap, 0.0, 1e-12);
  // The scene 700 m north: its first cross-section, across +X and 10 m wide, is the start line.
  const Anchoring moved = anchor_to_scene(line, 10.0, road_at(705.0), "t.xml", "t.acc");
  EXPECT_NEAR((moved.shift_W - Vec2(0, 700)).norm(), 0.0, 1e-12);
  EXPECT_NEAR(moved.start_gap, 700.0, 1e-9);
  EXPECT_NEAR((line.points_W.back() - Vec2(100, 705)).norm(), 0.0, 1e-12);
}

TEST(TorcsTrackAnchor, ASceneThatIsNotTheDefinitionsIsOneClearError) {
  const auto message = [](const std::vector<RoadCrossSection>& road) {
    Centreline line = straight_line();
    return testing::error_message([&] { anchor_to_scene(line, 10.0, road, "t.xml", "t.acc"); });
  };
  // A road 8 m wide: no cross-section of the definition's width anywhere.
  EXPECT_NE(message(road_at(705.0, 4.0)).find("t.xml: its start line (0.00, 5.00) is not on the road of t.acc (the "
                                              "nearest road cross-section 10 m wide lies inf m away"),
            std::string::npos) << message(road_at(705.0, 4.0));
  // A first cross-section along the road rather than across +X.
  std::vector<RoadCrossSection> along = road_at(705.0);
  along.front() = {Vec2(0, 705), Vec2(10, 705)};
  EXPECT_NE(message(along).find("the scene's first one is no start line"), std::string::npos) << message(along);
  EXPECT_NE(message({}).find("t.acc: no road objects (named tkmn..., any case)"), std::string::npos) << message({});
}

}  // namespace
}  // namespace crashbench
