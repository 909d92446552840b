// Lanes as paths (detectors/scenes/opendrive/lane_path.hpp) on the test junction: two straight roads along
// +X joined by a connecting road, each 6 m wide about its line (lane 1 left, lane -1 right, 3 m each); on
// two roads whose lane link names a lane other than the nearest; and on a road whose lane changes its id
// from one section to the next.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iterator>
#include <numbers>

#include "detectors/scenes/opendrive/lane_path.hpp"
#include "detectors/scenes/opendrive/odr_reader.hpp"
#include "tests/support/error_message.hpp"
#include "tests/support/opendrive_roads.hpp"
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
    // Each point names the route's road it lies on: road 1 to x = 20, road 3 to 30, road 2 beyond (a point at
    // a joint belongs to either road).
    const double x = p.p_W.x();
    if (x != 20 && x != 30) {
      EXPECT_EQ(p.road, x < 20 ? 0u : x < 30 ? 1u : 2u) << "at x " << x;
    }
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

TEST(OpenDriveLanePath, UnderLeftHandTrafficTheLeftLaneRunsWithTheReferenceLine) {
  // esmini's highway_split_lht.xodr: every road rule="LHT". Its lanes were driven as right-hand traffic,
  // against their traffic, and its routes through the junction found no lane where the road ended.
  Network net = read_network(kJunction);
  for (Road& road : net.roads) road.left_hand_traffic = true;
  const auto with_s = lane_route(net, kJunction, {"1", "3", "2"}, 1);
  EXPECT_NEAR(with_s.front().p_W.x(), 0, 1e-12);
  EXPECT_NEAR(with_s.back().p_W.x(), 50, 1e-12);
  EXPECT_NEAR(with_s[with_s.size() / 2].p_W.y(), 1.5, 1e-12);
  EXPECT_NEAR(with_s[with_s.size() / 2].heading, 0, 1e-12);
  const auto against = lane_route(net, kJunction, {"2", "3", "1"}, -1);
  EXPECT_NEAR(against.front().p_W.x(), 50, 1e-12);
  EXPECT_NEAR(against.back().p_W.x(), 0, 1e-12);
  EXPECT_NEAR(std::abs(against[against.size() / 2].heading), std::numbers::pi, 1e-12);
}

TEST(OpenDriveLanePath, ARoadsRuleIsRightOrLeftHandTraffic) {
  std::ifstream in(kJunction);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::string lht = text, bad = text;
  for (std::string* t : {&lht, &bad})
    for (std::size_t at = t->find("<road "); at != std::string::npos; at = t->find("<road ", at + 1))
      t->insert(at + 6, t == &lht ? "rule=\"LHT\" " : "rule=\"left\" ");
  EXPECT_TRUE(parse_network("lht.xodr", lht).roads.front().left_hand_traffic);
  EXPECT_FALSE(read_network(kJunction).roads.front().left_hand_traffic);
  EXPECT_NE(testing::error_message([&] { parse_network("bad.xodr", bad); }).find("expected RHT or LHT, got 'left'"),
            std::string::npos);
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

TEST(OpenDriveLanePath, ADirectJunctionsLaneLinkLeadsOnToItsLinkedRoad) {
  // OpenDRIVE 1.7's direct junction joins roads without a connecting road: its connection names the
  // linkedRoad, which was not read, so a route through one ignored its laneLink (esmini's
  // direct_junction_simple.xodr). lane-link.xodr with road 1's successor a direct junction whose laneLink
  // names road 2's outer lane, and road 1's lane link removed.
  const std::string file = testing::testdata_path("opendrive/lane-link.xodr");
  std::ifstream in(file);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  text.replace(text.find(R"(<successor elementType="road" elementId="2" contactPoint="start"/>)"), 66,
               R"(<successor elementType="junction" elementId="9"/>)");
  text.replace(text.find(R"(<link><successor id="-2"/></link>)"), 34, "");
  text.replace(text.find("</OpenDRIVE>"), 12,
               R"(<junction id="9" type="direct"><connection id="0" incomingRoad="1" linkedRoad="2" )"
               R"(contactPoint="start"><laneLink from="-1" to="-2"/></connection></junction></OpenDRIVE>)");
  const Network net = parse_network("direct.xodr", text);
  ASSERT_EQ(net.junctions.at(0).connections.at(0).connecting_road, "2");
  const auto path = lane_route(net, "direct.xodr", {"1", "2"}, -1);
  EXPECT_NEAR(path.back().p_W.y(), -(1.5 + 3.5 / 2), 1e-12);  // lane -2, as the laneLink says; the nearest is -1
}

TEST(OpenDriveLanePath, ALaneIsFollowedIntoTheNextSectionByItsLinkWhereItsIdChanges) {
  // A 60 m road along +X. At s = 30 a lane opens on the inside (0.1 m wider a metre), so the driving lane
  // -1 goes on as -2 (ASAM's junction samples in qc-opendrive do this). Followed by its id, the route
  // jumped onto the opening lane, 1.75 m across.
  const auto lane = [](int id, const char* type, double a, double b, const std::string& links) {
    return fmt::format(R"(<lane id="{}" type="{}"><link>{}</link><width sOffset="0" a="{}" b="{}" c="0" d="0"/></lane>)",
                       id, type, links, a, b);
  };
  const std::string text =
      R"(<OpenDRIVE><road id="r" length="60"><planView><geometry s="0" x="0" y="0" hdg="0" length="60"><line/>)"
      R"(</geometry></planView><lanes><laneSection s="0"><center><lane id="0" type="none"/></center><right>)" +
      lane(-1, "driving", 3.5, 0, R"(<successor id="-2"/>)") + lane(-2, "border", 1, 0, R"(<successor id="-3"/>)") +
      R"(</right></laneSection><laneSection s="30"><center><lane id="0" type="none"/></center><right>)" +
      lane(-1, "driving", 0, 0.1, "") + lane(-2, "driving", 3.5, 0, R"(<predecessor id="-1"/>)") +
      lane(-3, "border", 1, 0, R"(<predecessor id="-2"/>)") + "</right></laneSection></lanes></road></OpenDRIVE>";
  const Network net = parse_network("sections.xodr", text);
  const auto path = lane_route(net, "sections.xodr", {"r"}, -1);
  ASSERT_GT(path.size(), 50u);
  EXPECT_NEAR(path.back().p_W.x(), 60, 1e-12);
  for (const LanePoint& p : path) {
    const double x = p.p_W.x(), opened = x > 30 ? 0.1 * (x - 30) : 0.0;
    EXPECT_NEAR(p.p_W.y(), -(opened + 1.75), 1e-9) << "at x = " << x;
  }
  const Road& road = net.roads[0];
  EXPECT_EQ(lane_at_other_end(road, -1, true), -2);
  EXPECT_EQ(lane_at_other_end(road, -2, false), -1);
  // The end's lane -1 opened partway: section 0's lane -1 goes on as -2, so it has no start.
  EXPECT_EQ(lane_at_other_end(road, -1, false), std::nullopt);
}

TEST(OpenDriveLanePath, ASectionsLanesAreTakenUpToItsEndNotWithTheNextSectionsOffset) {
  // testing::offset_section_road_xml: the lane's centre stays 1.75 m right of the line throughout. Taken at
  // the first section's end with the next laneOffset, one point of the route lay 3.5 m aside (Town06).
  const std::string text = "<OpenDRIVE>" + testing::offset_section_road_xml() + "</OpenDRIVE>";
  const auto path = lane_route(parse_network("offset.xodr", text), "offset.xodr", {"r"}, -2);
  ASSERT_GT(path.size(), 15u);
  EXPECT_NEAR(path.back().p_W.x(), 20, 1e-9);
  for (const LanePoint& p : path) EXPECT_NEAR(p.p_W.y(), -1.75, 1e-9) << "at x = " << p.p_W.x();
}

TEST(OpenDriveLanePath, ALaneIsNamedAsTheFirstSectionWithSomeLengthNamesIt) {
  // CARLA's Town03 starts road 242 with a lane section of no length whose lanes the next section, at the
  // same s, renumbers (here its driving lane -2 goes on as -1), and its junction's lane links name the lanes
  // as the next section does. driving_lanes named the lane as the first section has it (-2), which
  // lane_route refused; and followed from the first section, lane -1 was the border and ended at once.
  const auto lane = [](int id, const char* type, const std::string& links) {
    return fmt::format(R"(<lane id="{}" type="{}"><link>{}</link><width sOffset="0" a="{}" b="0" c="0" d="0"/>)"
                       "</lane>", id, type, links, id == -1 && std::string(type) == "border" ? 1.0 : 3.5);
  };
  const std::string text =
      R"(<OpenDRIVE><road id="z" length="20"><planView><geometry s="0" x="0" y="0" hdg="0" length="20"><line/>)"
      R"(</geometry></planView><lanes><laneSection s="0"><center><lane id="0" type="none"/></center><right>)" +
      lane(-1, "border", "") + lane(-2, "driving", R"(<successor id="-1"/>)") +
      R"(</right></laneSection><laneSection s="0"><center><lane id="0" type="none"/></center><right>)" +
      lane(-1, "driving", R"(<predecessor id="-2"/>)") + "</right></laneSection></lanes></road></OpenDRIVE>";
  const Network net = parse_network("no-length.xodr", text);
  ASSERT_EQ(driving_lanes(net.roads.front()), (std::vector<int>{-1}));
  EXPECT_EQ(lane_at_other_end(net.roads.front(), -1, false), -1);
  const auto path = lane_route(net, "no-length.xodr", {"z"}, -1);
  ASSERT_GT(path.size(), 15u);
  for (const LanePoint& p : path) EXPECT_NEAR(p.p_W.y(), -1.75, 1e-9) << "at x = " << p.p_W.x();
}

TEST(OpenDriveLanePath, TheDrivingLanesAreEachRightLaneThenEachLeftLane) {
  Network net = read_network(kJunction);
  Road& road = net.roads.front();
  EXPECT_EQ(driving_lanes(road), (std::vector<int>{-1, 1}));
  road.sections.front().left.front().type = "sidewalk";
  EXPECT_EQ(driving_lanes(road), (std::vector<int>{-1}));
  road.sections.front().right.front().type = "shoulder";
  EXPECT_TRUE(driving_lanes(road).empty());
  // Every type traffic drives along is driven (esmini's junction samples are "offRamp" lanes alone); the
  // drivable types that are no one's route are not.
  for (const std::string& type : kTravelLaneTypes) {
    road.sections.front().right.front().type = type;
    EXPECT_EQ(driving_lanes(road), (std::vector<int>{-1})) << type;
  }
  for (const char* type : {"stop", "parking", "restricted", "biking"}) {
    road.sections.front().right.front().type = type;
    EXPECT_TRUE(driving_lanes(road).empty()) << type;
  }
  const std::string file = testing::testdata_path("opendrive/lane-link.xodr");
  EXPECT_EQ(driving_lanes(read_network(file).roads.back()), (std::vector<int>{-1, -2}));  // no left lanes
}

TEST(OpenDriveLanePath, ALaneRunningAgainstSIsNamedAsItIsInTheLastSectionWhereItsDriveStarts) {
  // Two sections: the left side drives on lanes 1 and 2, then lane 1 ends and the outer lane goes on as
  // lane 1 beside a border strip, lane 2 (CommonRoad's Roundabout8Course). A left lane's drive starts at the
  // road's end, where lane 2 is the border: driving it, the car had no road under it and met the kerb.
  const auto lane = [](int id, const char* type) {
    return fmt::format(R"(<lane id="{}" type="{}"><width sOffset="0" a="3.5" b="0" c="0" d="0"/></lane>)", id, type);
  };
  const auto section = [&](double s, const char* outer_left) {
    return fmt::format(R"(<laneSection s="{}"><left>{}{}</left><center><lane id="0" type="none"/></center><right>{}{})"
                       R"(</right></laneSection>)", s, lane(2, outer_left), lane(1, "driving"), lane(-1, "driving"),
                       lane(-2, "driving"));
  };
  const std::string text =
      R"(<OpenDRIVE><road id="r" length="60"><planView><geometry s="0" x="0" y="0" hdg="0" length="60"><line/>)"
      R"(</geometry></planView><lanes>)" + section(0, "driving") + section(30, "border") +
      "</lanes></road></OpenDRIVE>";
  EXPECT_EQ(driving_lanes(parse_network("renumbered.xodr", text).roads.front()), (std::vector<int>{-1, -2, 1}));
}

/// The road of testing::kinked_road_xml.
Network kinked_road(double turn) {
  return parse_network("kinked.xodr", "<OpenDRIVE>" + testing::kinked_road_xml(turn) + "</OpenDRIVE>");
}

/// Expects each step of `path` to go on at least a quarter metre (a quarter of lane_route's step), turned
/// less than 90 deg from the step before: no step runs back, none is a hair long.
void expect_steps_go_on(const std::vector<LanePoint>& path) {
  for (std::size_t i = 1; i < path.size(); ++i) {
    const Vec3 step = path[i].p_W - path[i - 1].p_W;
    EXPECT_GE(step.norm(), 0.25) << "step " << i << " at " << path[i].p_W.transpose();
    if (i > 1) {
      EXPECT_GT(step.dot(path[i - 1].p_W - path[i - 2].p_W), 0) << "step " << i << " runs back";
    }
  }
}

TEST(OpenDriveLanePath, InsideAKinkTheLaneCutsTheCornerWhereItsTwoLinesMeet) {
  // Lane 1 runs against s on the inside of the 0.6 rad left turn. Its centre lines before and after the
  // joint overlap; taken every metre of s, the drive ran back 0.08 m across the joint (a replay's heading
  // flips there). They meet 1.75 tan(0.3) before the joint on the first line: (100.5 - 0.5414, 1.75).
  const double turn = 0.6, t = 1.75;
  const auto path = lane_route(kinked_road(turn), "kinked.xodr", {"k"}, 1);
  expect_steps_go_on(path);
  const Vec2 corner(100.5 - t * std::tan(turn / 2), t);
  const auto at_corner = std::find_if(path.begin(), path.end(), [&](const LanePoint& p) {
    return (p.p_W.head<2>() - corner).norm() < 1e-9;
  });
  EXPECT_NE(at_corner, path.end()) << "no point at the corner";
  // None in the overlap: before the corner on the second line, nor after it on the first.
  const Vec2 along(std::cos(turn), std::sin(turn)), joint(100.5, 0);
  for (const LanePoint& p : path) {
    const Vec2 xy = p.p_W.head<2>();
    const bool first_line = std::abs(xy.y() - t) < 1e-9 && xy.x() < 100.5;
    EXPECT_TRUE(first_line ? xy.x() <= corner.x() + 1e-9 : (xy - joint).dot(along) >= t * std::tan(turn / 2) - 1e-9)
        << xy.transpose();
  }
}

TEST(OpenDriveLanePath, OutsideAKinkTheLaneCrossesTheWedgeFromOneLinesEndToTheOthersStart) {
  // Lane -1 runs with s on the outside of the turn: its centre jumps 2 x 1.75 sin(0.3) across the wedge the
  // turn opens, which the road's mesh fills with that chord; the drive takes both ends, one after the other.
  const double turn = 0.6, t = 1.75;
  const auto path = lane_route(kinked_road(turn), "kinked.xodr", {"k"}, -1);
  expect_steps_go_on(path);
  const Vec2 end_of_first(100.5, -t), start_of_second(100.5 + t * std::sin(turn), -t * std::cos(turn));
  const auto at_end = std::find_if(path.begin(), path.end(), [&](const LanePoint& p) {
    return (p.p_W.head<2>() - end_of_first).norm() < 1e-9;
  });
  ASSERT_NE(at_end, path.end());
  ASSERT_NE(at_end + 1, path.end());
  EXPECT_NEAR(((at_end + 1)->p_W.head<2>() - start_of_second).norm(), 0, 1e-9);
}

TEST(OpenDriveLanePath, ARoadStartingAHairFromTheLastRoadsEndGivesNoStepAHairLong) {
  // CARLA's Town07 starts connecting roads 1.1 mm from their incoming road's end, turned 2.7 deg: the two
  // points a replay read as 1,019 rad/s. The next road's first point takes the last one's place.
  std::string a = testing::straight_road_xml("a", 0, 0, 0, 0);
  a.insert(a.find('>') + 1, R"(<link><successor elementType="road" elementId="b" contactPoint="start"/></link>)");
  const std::string b = testing::straight_road_xml("b", 200.0011, 0, 0.047, 0);
  const auto path = lane_route(parse_network("hair.xodr", "<OpenDRIVE>" + a + b + "</OpenDRIVE>"), "hair.xodr",
                               {"a", "b"}, -1);
  ASSERT_GT(path.size(), 390u);
  expect_steps_go_on(path);
}

TEST(OpenDriveLanePath, AMissingLaneOrRoadOrABrokenRouteIsAnError) {
  const Network net = read_network(kJunction);
  EXPECT_NE(testing::error_message([&] { lane_route(net, kJunction, {"1"}, -2); })
                .find("no lane -2 where its drive starts: the lanes there are -1, 1"),
            std::string::npos);
  EXPECT_NE(testing::error_message([&] { lane_route(net, kJunction, {"9"}, -1); }).find("no road with id '9'"),
            std::string::npos);
  // Road 2 does not start where road 1 ends.
  EXPECT_NE(testing::error_message([&] { lane_route(net, kJunction, {"1", "2"}, -1); }).find("no lane of it starts within 2 m"),
            std::string::npos);
}

}  // namespace
}  // namespace crashbench::odr
