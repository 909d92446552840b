// Lanes as paths (detectors/scenes/opendrive/lane_path.hpp) on the test junction: two straight roads along
// +X joined by a connecting road, each 6 m wide about its line (lane 1 left, lane -1 right, 3 m each); and
// on two roads whose lane link names a lane other than the nearest.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "detectors/scenes/opendrive/lane_path.hpp"
#include "detectors/scenes/opendrive/odr_reader.hpp"
#include "tests/support/error_message.hpp"
#include "tests/support/paths.hpp"

namespace crashbench::odr {
namespace {

const std::string kJunction = testing::testdata_path("opendrive/junction.xodr");

TEST(OpenDriveLanePath, ARouteFollowsTheRightLaneThroughTheJunction) {
  const Network net = read_network(kJunction);
  const auto path = lane_route(net, kJunction, {"1", "3", "2"}, -1);
  ASSERT_GT(path.size(), 40u);
  // Lane -1's centre: 1.5 m right of the line (y = -1.5), from x = 0 to 50 with s, heading east.
  EXPECT_NEAR(path.front().p_W.x(), 0, 1e-12);
  EXPECT_NEAR(path.back().p_W.x(), 50, 1e-12);
  for (const LanePoint& p : path) {
    EXPECT_NEAR(p.p_W.y(), -1.5, 1e-12);
    EXPECT_NEAR(p.heading, 0, 1e-12);
  }
}

TEST(OpenDriveLanePath, TheLeftLaneRunsAgainstTheReferenceLine) {
  const Network net = read_network(kJunction);
  const auto path = lane_route(net, kJunction, {"2", "3", "1"}, 1);
  EXPECT_NEAR(path.front().p_W.x(), 50, 1e-12);
  EXPECT_NEAR(path.back().p_W.x(), 0, 1e-12);
  EXPECT_NEAR(path[path.size() / 2].p_W.y(), 1.5, 1e-12);
  EXPECT_NEAR(std::abs(path[path.size() / 2].heading), std::numbers::pi, 1e-12);
}

TEST(OpenDriveLanePath, ARouteTakesTheLinkedLaneOverTheNearestAndTheNearestWithoutALink) {
  const std::string file = testing::testdata_path("opendrive/lane-link.xodr");
  Network net = read_network(file);
  const auto y_on_road_2 = [&] {
    const auto path = lane_route(net, file, {"1", "2"}, -1);
    EXPECT_NEAR(path.back().p_W.x(), 40, 1e-12);
    return path.back().p_W.y();
  };
  EXPECT_NEAR(y_on_road_2(), -(1.5 + 3.5 / 2), 1e-12);  // lane -2, as the link says
  net.roads.front().sections.front().right.front().successor = -5;  // a link to no lane
  EXPECT_NEAR(y_on_road_2(), -1.5 / 2, 1e-12);  // lane -1, the nearest
  net.roads.front().sections.front().right.front().successor.reset();
  EXPECT_NEAR(y_on_road_2(), -1.5 / 2, 1e-12);
}

TEST(OpenDriveLanePath, TheDrivingLanesAreEachRightLaneThenTheLeftLaneOfItsNumber) {
  Network net = read_network(kJunction);
  Road& road = net.roads.front();
  EXPECT_EQ(driving_lanes(road), (std::vector<int>{-1, 1}));
  road.sections.front().left.front().type = "sidewalk";
  EXPECT_EQ(driving_lanes(road), (std::vector<int>{-1}));
  road.sections.front().right.front().type = "shoulder";
  EXPECT_TRUE(driving_lanes(road).empty());
  const std::string file = testing::testdata_path("opendrive/lane-link.xodr");
  EXPECT_EQ(driving_lanes(read_network(file).roads.back()), (std::vector<int>{-1, -2}));  // no left lanes
}

TEST(OpenDriveLanePath, AMissingLaneOrRoadOrABrokenRouteIsAnError) {
  const Network net = read_network(kJunction);
  EXPECT_NE(testing::error_message([&] { lane_route(net, kJunction, {"1"}, -2); }).find("no lane -2: its lanes are -1, 1"),
            std::string::npos);
  EXPECT_NE(testing::error_message([&] { lane_route(net, kJunction, {"9"}, -1); }).find("no road with id '9'"),
            std::string::npos);
  // Road 2 does not start where road 1 ends.
  EXPECT_NE(testing::error_message([&] { lane_route(net, kJunction, {"1", "2"}, -1); }).find("no lane of it starts within 2 m"),
            std::string::npos);
}

}  // namespace
}  // namespace crashbench::odr
