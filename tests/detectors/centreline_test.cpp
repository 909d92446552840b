// TORCS centre lines (detectors/scenes/torcs/centreline.hpp) from small tracks written here: midpoints, joins,
// lanes and times against values worked by hand, and the errors for geometry that is not in pairs.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <sstream>

#include "core/units.hpp"
#include "detectors/scenes/torcs/centreline.hpp"
#include "tests/support/error_message.hpp"
#include "tests/support/torcs_strips.hpp"

namespace crashbench {
namespace {

using testing::StripObject;

constexpr double kHalfWidth = 5;  // [m]
const Vec2 kNorth(0, 1);

/// Two strips: TKMN0 along X (centres 0, 10, 20 m), TKMN1 written backwards (centres (40, 6), (30, 2),
/// (20, 0)); a barrier object B0LT in between that is no road.
std::string two_strips() {
  const Vec2 left_1 = Vec2(-2, 10).normalized(), left_2 = Vec2(-4, 10).normalized();
  return testing::acc_text(
      {{"TKMN0", testing::pairs_across({{0, 0}, {10, 0}, {20, 0}}, {kNorth, kNorth, kNorth}, kHalfWidth), {}},
       {"B0LT0", testing::pairs_across({{0, 50}, {10, 50}}, {kNorth, kNorth}, 1.0), {}},
       {"TKMN1", testing::pairs_across({{40, 6}, {30, 2}, {20, 0}}, {left_2, left_1, kNorth}, kHalfWidth), {}}});
}

Centreline read(const std::string& text) {
  std::istringstream in(text);
  return read_centreline(in, "small.acc", {});
}

TEST(Centreline, MidpointsOfThePairsStripAfterStrip) {
  const Centreline line = read(two_strips());
  const std::vector<Vec2> expected = {{0, 0}, {10, 0}, {20, 0}, {30, 2}, {40, 6}};  // the shared (20, 0) once
  ASSERT_EQ(line.points_W.size(), expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i)
    EXPECT_NEAR((line.points_W[i] - expected[i]).norm(), 0.0, 1e-9) << i;
  EXPECT_FALSE(line.closed);
  EXPECT_EQ(line.strips, 2);
}

TEST(Centreline, AStripTurnedWithADegenerateTriangleIsPairedByItsVertices) {
  // As TORCS writes some: vertices 0-1 across the road at X = 0, 2-3 at X = 10; the strip 1 3 1 2 0 repeats 1.
  const std::vector<Vec2> vertices = {{0, 5}, {0, -5}, {10, 5}, {10, -5}};
  const Centreline line = read(testing::acc_text({{"TKMN0", vertices, {1, 3, 1, 2, 0}}}));
  ASSERT_EQ(line.points_W.size(), 2u);
  EXPECT_NEAR((line.points_W[0] - Vec2(0, 0)).norm(), 0.0, 1e-12);
  EXPECT_NEAR((line.points_W[1] - Vec2(10, 0)).norm(), 0.0, 1e-12);
}

TEST(Centreline, RoadNamedStripsThatStandOrAreNotInPairsAreLeftOutAndNamed) {
  // forza names signs TKMN00014 and wheel-2 a wall TKMN967000S1: vertical strips, pairs one above the other.
  const std::vector<Vec2> sign = {{5, -8}, {5, -8}, {7, -8}, {7, -8}};
  const std::vector<double> sign_heights = {0, 3, 0, 3};
  // A junction's fan, as street-1's TKMN143001 begins: an odd strip.
  const std::vector<Vec2> fan = {{60, 0}, {60, 5}, {65, 2}};
  std::string text = testing::acc_text(
      {{"TKMN0", testing::pairs_across({{0, 0}, {10, 0}, {20, 0}}, {kNorth, kNorth, kNorth}, kHalfWidth), {}},
       {"TKMN00014", sign, {}, sign_heights},
       {"TKMN143001", fan, {}},
       {"TKMN1", testing::pairs_across({{20, 0}, {30, 0}}, {kNorth, kNorth}, kHalfWidth), {}}});
  const Centreline line = read(text);
  ASSERT_EQ(line.points_W.size(), 4u);  // (0, 0) to (30, 0): neither left-out strip added a point
  EXPECT_NEAR((line.points_W.back() - Vec2(30, 0)).norm(), 0.0, 1e-12);
  EXPECT_EQ(line.strips, 2);
  ASSERT_EQ(line.skipped.size(), 2u);
  EXPECT_EQ(line.skipped[0], "TKMN00014 (line 35): it stands, a wall or sign");
  EXPECT_EQ(line.skipped[1], "TKMN143001 (line 51): 3 vertices, not in left/right pairs");
  // A strip banked 45 degrees is road: plan area cos(45) = 0.71 of its area, above half.
  const std::vector<double> banked = {5, -5, 5, -5, 5, -5};
  const Centreline bank = read(testing::acc_text(
      {{"TKMN0", testing::pairs_across({{0, 0}, {10, 0}, {20, 0}}, {kNorth, kNorth, kNorth}, kHalfWidth), {}, banked}}));
  EXPECT_EQ(bank.points_W.size(), 3u);
  EXPECT_TRUE(bank.skipped.empty());
}

TEST(Centreline, LapRowsTakeTimeFromDistanceAndOffsetTheLane) {
  constexpr double kSpeed = 10, kLane = 1.5;
  const std::vector<LapRow> rows = lap_rows(read(two_strips()), kSpeed, kLane);
  ASSERT_EQ(rows.size(), 5u);
  // Row 0 looks ahead only: heading east, the lane 1.5 m north of the centre.
  EXPECT_NEAR(rows[0].heading, 0.0, 1e-12);
  EXPECT_NEAR((rows[0].position_W - Vec2(0, kLane)).norm(), 0.0, 1e-12);
  EXPECT_NEAR((rows[1].position_W - Vec2(10, kLane)).norm(), 0.0, 1e-12);
  EXPECT_NEAR(rows[1].t, 10 / kSpeed, 1e-12);
  // Row 2 at (20, 0): central difference (30, 2) - (10, 0) = (20, 2); the lane along its left normal.
  const Vec2 along = Vec2(20, 2).normalized();
  EXPECT_NEAR(rows[2].heading, std::atan2(2.0, 20.0), 1e-12);
  const Vec2 lane2 = Vec2(20, 0) + kLane * Vec2(-along.y(), along.x());
  EXPECT_NEAR((rows[2].position_W - lane2).norm(), 0.0, 1e-12);
  EXPECT_NEAR(rows[2].t, (10 + (lane2 - Vec2(10, kLane)).norm()) / kSpeed, 1e-12);
  // Without a lane the times are the centre line's lengths: 10, 10, sqrt(104), sqrt(116).
  const std::vector<LapRow> centre = lap_rows(read(two_strips()), kSpeed, 0.0);
  EXPECT_NEAR(centre.back().t, (20 + std::sqrt(104.0) + std::sqrt(116.0)) / kSpeed, 1e-12);
}

TEST(Centreline, ALoopClosesAndItsEndsLookAcrossTheJoin) {
  // A triangle lap (0, 0) -> (10, 0) -> (10, 10) -> (0, 0), one strip per side.
  const Vec2 diagonal_left = Vec2(1, -1).normalized();
  const std::string text = testing::acc_text(
      {{"TKMN0", testing::pairs_across({{0, 0}, {10, 0}}, {kNorth, kNorth}, 2.0), {}},
       {"TKMN1", testing::pairs_across({{10, 0}, {10, 10}}, {{-1, 0}, {-1, 0}}, 2.0), {}},
       {"TKMN2", testing::pairs_across({{10, 10}, {0, 0}}, {diagonal_left, diagonal_left}, 2.0), {}}});
  const Centreline line = read(text);
  EXPECT_TRUE(line.closed);
  ASSERT_EQ(line.points_W.size(), 4u);
  EXPECT_NEAR(line.points_W.back().norm(), 0.0, 1e-12);
  const std::vector<LapRow> rows = lap_rows(line, 5.0, 0.0);
  // At the start/finish: from (10, 10) before the join to (10, 0) after it, heading south.
  EXPECT_NEAR(rows.front().heading, -std::numbers::pi / 2, 1e-12);
  EXPECT_NEAR(rows.back().heading, rows.front().heading, 1e-12);
  EXPECT_NEAR(rows.back().t, (20 + std::sqrt(200.0)) / 5.0, 1e-12);
}

TEST(Centreline, ALapCanStartPartWayRound) {
  // The triangle lap (0, 0) -> (10, 0) -> (10, 10) -> (0, 0): points 0..2 and the first again.
  const Vec2 diagonal_left = Vec2(1, -1).normalized();
  const Centreline line = read(testing::acc_text(
      {{"TKMN0", testing::pairs_across({{0, 0}, {10, 0}}, {kNorth, kNorth}, 2.0), {}},
       {"TKMN1", testing::pairs_across({{10, 0}, {10, 10}}, {{-1, 0}, {-1, 0}}, 2.0), {}},
       {"TKMN2", testing::pairs_across({{10, 10}, {0, 0}}, {diagonal_left, diagonal_left}, 2.0), {}}}));
  ASSERT_EQ(line.points_W.size(), 4u);
  // A third of the way round: point 1 of 3, then 2, 0 and 1 again.
  const Centreline started = started_at(line, 0.34, "small.acc");
  const std::vector<Vec2> expected = {{10, 0}, {10, 10}, {0, 0}, {10, 0}};
  ASSERT_EQ(started.points_W.size(), 4u);
  for (std::size_t i = 0; i < 4; ++i) EXPECT_NEAR((started.points_W[i] - expected[i]).norm(), 0.0, 1e-12) << i;
  EXPECT_TRUE(started.closed);
  // The same lap, the same length.
  EXPECT_NEAR(lap_rows(started, 5.0, 0.0).back().t, lap_rows(line, 5.0, 0.0).back().t, 1e-12);
  EXPECT_NE(testing::error_message([&] { started_at(line, 1.0, "small.acc"); }).find(
                "small.acc: --start-at: expected a fraction of the lap in [0, 1), got 1"), std::string::npos);
  const Centreline open = read(two_strips());
  EXPECT_NE(testing::error_message([&] { started_at(open, 0.5, "small.acc"); }).find("no closed lap"), std::string::npos);
}

TEST(Centreline, ALaneFromTheEdgeFollowsTheRoadsWidth) {
  // One strip along X whose pairs are 10, 8 and 6 m apart: half widths 5, 4, 3 m.
  const std::vector<Vec2> vertices = {{0, 5}, {0, -5}, {10, 4}, {10, -4}, {20, 3}, {20, -3}};
  const Centreline line = read(testing::acc_text({{"TKMN0", vertices, {}}}));
  ASSERT_EQ(line.half_widths.size(), 3u);
  const std::vector<double> left = lane_from_edge(line, 1.5, true, "small.acc");
  const std::vector<double> right = lane_from_edge(line, 1.5, false, "small.acc");
  for (std::size_t i = 0; i < 3; ++i) {
    EXPECT_NEAR(line.half_widths[i], 5.0 - static_cast<double>(i), 1e-12) << i;
    EXPECT_NEAR(left[i], 3.5 - static_cast<double>(i), 1e-12) << i;
    EXPECT_NEAR(right[i], -(3.5 - static_cast<double>(i)), 1e-12) << i;
  }
  // Driven east, left is north: the lane 1.5 m inside the north edge at each point.
  const std::vector<LapRow> rows = lap_rows(line, 10.0, left);
  EXPECT_NEAR(rows[0].position_W.y(), 3.5, 1e-12);
  EXPECT_NEAR(rows[2].position_W.y(), 1.5, 1e-12);
  // 3.5 m from the edge would cross the centre line where the road is 6 m wide.
  const std::string message = testing::error_message([&] { lane_from_edge(line, 3.5, true, "small.acc"); });
  EXPECT_NE(message.find("small.acc: --lane-from-edge: the road is 6.00 m wide at centre-line point 2 (20.0, 0.0)"),
            std::string::npos) << message;
}

TEST(Centreline, GeometryNotInPairsIsOneClearError) {
  const auto message = [](const std::string& text) { return testing::error_message([&] { read(text); }); };
  const std::vector<Vec2> three = {{0, 5}, {0, -5}, {10, 5}};
  EXPECT_NE(message(testing::acc_text({{"TKMN0", three, {}}})).find("small.acc: no road strips: expected objects named "
                                                                     "tkmn... with triangle-strip surfaces (left/right "
                                                                     "vertex pairs), found 0 other road surfaces; left "
                                                                     "out: TKMN0 (line 13): 3 vertices, not in left/right pairs"),
            std::string::npos) << message(testing::acc_text({{"TKMN0", three, {}}}));
  EXPECT_NE(message(testing::acc_text({{"B0LT0", {{0, 5}, {0, -5}}, {}}})).find("small.acc: no road strips"),
            std::string::npos);
  // Pairs along the road's edges instead of across it: their midpoints zigzag along the pairs themselves.
  const std::vector<Vec2> along = {{0, 5}, {10, 5}, {10, -5}, {20, -5}, {20, 5}, {30, 5}};
  EXPECT_NE(message(testing::acc_text({{"TKMN0", along, {}}})).find("does not lie across the road"), std::string::npos);
  const std::string apart = testing::acc_text(
      {{"TKMN0", testing::pairs_across({{0, 0}, {10, 0}}, {kNorth, kNorth}, 2.0), {}},
       {"TKMN1", testing::pairs_across({{30, 0}, {40, 0}}, {kNorth, kNorth}, 2.0), {}}});
  EXPECT_NE(message(apart).find("road strip of 'TKMN1' does not join the centre line (1 of 2 strips joined"),
            std::string::npos) << message(apart);
}

}  // namespace
}  // namespace crashbench
