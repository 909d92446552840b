// Reading .xodr files (detectors/scenes/opendrive/odr_reader.hpp): the test files' header, roads, lanes,
// objects and junction connectivity as written, and one clear error per malformed file
// (tests/testdata/opendrive/, one defect each) naming the file, the element and its line.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include "detectors/scenes/opendrive/odr_reader.hpp"
#include "tests/support/error_message.hpp"
#include "tests/support/paths.hpp"

namespace crashbench::odr {
namespace {

std::string data(const std::string& name) { return testing::testdata_path("opendrive/" + name); }

TEST(OpenDriveReader, ReadsTheBendAsWritten) {
  const Network net = read_network(data("bend.xodr"));
  EXPECT_EQ(net.rev_minor, 6);
  EXPECT_EQ(net.geo_reference, "+proj=tmerc +lat_0=0 +lon_0=0");
  ASSERT_TRUE(net.offset);
  EXPECT_EQ(net.offset->x, 100);
  ASSERT_EQ(net.roads.size(), 1u);
  const Road& road = net.roads[0];
  EXPECT_EQ(road.length, 75);
  ASSERT_EQ(road.plan_view.size(), 3u);
  EXPECT_EQ(road.plan_view[1].kind, Geometry::Kind::kSpiral);
  EXPECT_EQ(road.plan_view[1].curv_end, 0.02);
  EXPECT_EQ(road.plan_view[2].kind, Geometry::Kind::kArc);
  ASSERT_EQ(road.sections.size(), 1u);
  // Ordered outward whatever the file's order (lane 2 is written first).
  ASSERT_EQ(road.sections[0].left.size(), 2u);
  EXPECT_EQ(road.sections[0].left[0].id, 1);
  EXPECT_EQ(road.sections[0].left[1].type, "sidewalk");
  EXPECT_EQ(road.sections[0].left[1].heights.at(0).inner, 0.15);
  ASSERT_EQ(road.objects.size(), 1u);
  EXPECT_EQ(road.objects[0].height, 1.5);
}

TEST(OpenDriveReader, OfALanesLayerPairThePermanentOneIsTheRoad) {
  // OpenDRIVE 1.9's layers (esmini's roadworks_permanent_temporary_layers.xodr): the first <lanes> was read,
  // whichever its layer; a temporary roadworks layer first would have been taken for the road.
  const auto lanes = [](const char* layer, double width) {
    return fmt::format(R"(<lanes{}><laneSection s="0"><center><lane id="0" type="none"/></center><right>)"
                       R"(<lane id="-1" type="driving"><width sOffset="0" a="{}" b="0" c="0" d="0"/></lane>)"
                       R"(</right></laneSection></lanes>)", layer, width);
  };
  const auto road = [](const std::string& lanes_xml) {
    return R"(<OpenDRIVE><header revMajor="1" revMinor="9"/><road id="1" length="50"><planView><geometry s="0" )"
           R"(x="0" y="0" hdg="0" length="50"><line/></geometry></planView>)" + lanes_xml + "</road></OpenDRIVE>";
  };
  const auto width = [&](const std::string& lanes_xml) {
    return parse_network("layers.xodr", road(lanes_xml)).roads[0].sections[0].right[0].widths[0].a;
  };
  EXPECT_EQ(width(lanes(R"( layer="temporary")", 2.75) + lanes(R"( layer="permanent")", 3.5)), 3.5);
  EXPECT_EQ(width(lanes(R"( layer="permanent")", 3.5) + lanes(R"( layer="temporary")", 2.75)), 3.5);
  EXPECT_EQ(width(lanes("", 3.25)), 3.25);  // no layer: the road's one lanes, permanent
}

TEST(OpenDriveReader, ReadsJunctionConnectivity) {
  const Network net = read_network(data("junction.xodr"));
  ASSERT_EQ(net.roads.size(), 3u);
  EXPECT_FALSE(net.roads[0].in_junction());
  EXPECT_TRUE(net.roads[1].in_junction());
  EXPECT_EQ(net.roads[0].successor.element_type, "junction");
  EXPECT_EQ(net.roads[1].predecessor.element_id, "1");
  EXPECT_EQ(net.roads[1].successor.contact_point, "start");
  EXPECT_EQ(net.roads[1].sections[0].right[0].successor, -1);
  ASSERT_EQ(net.junctions.size(), 1u);
  const Connection& c = net.junctions[0].connections.at(0);
  EXPECT_EQ(c.incoming_road, "1");
  EXPECT_EQ(c.connecting_road, "3");
  ASSERT_EQ(c.lane_links.size(), 2u);
  EXPECT_EQ(c.lane_links[1].from, 1);
  EXPECT_EQ(c.lane_links[1].to, 1);
}

/// A 50 m road whose plan view is `geometry` and whose lane sections start at `sections` [m].
std::string road_of(const std::string& geometry, std::initializer_list<double> sections,
                    const std::string& lateral_profile = "") {
  std::string lanes;
  for (const double s : sections)
    lanes += fmt::format(R"(<laneSection s="{}"><center><lane id="0" type="none"/></center><right><lane id="-1" )"
                         R"(type="driving"><width sOffset="0" a="3.5" b="0" c="0" d="0"/></lane></right></laneSection>)", s);
  return R"(<OpenDRIVE><road id="7" length="50"><planView>)" + geometry + "</planView>" +
         (lateral_profile.empty() ? "" : "<lateralProfile>" + lateral_profile + "</lateralProfile>") + "<lanes>" +
         lanes + "</lanes></road></OpenDRIVE>";
}

TEST(OpenDriveReader, ARoadIsBuiltOnlyAsFarAsItsPlanViewReaches) {
  // Two records reaching s = 12 on a road whose length says 50 (qc-opendrive's parampoly3_arclength_range_valid
  // has 8.8 m of plan view on a 69.9 m road): beyond 12 the reference line is not defined, and the last record
  // evaluated past its length took the road anywhere. The section starting at 20 has nothing to cover.
  const std::string geometry = R"(<geometry s="0" x="0" y="0" hdg="0" length="4"><line/></geometry>)"
                               R"(<geometry s="4" x="4" y="0" hdg="0" length="8"><line/></geometry>)";
  const Road road = parse_network("short.xodr", road_of(geometry, {0, 6, 20})).roads[0];
  EXPECT_EQ(road.declared_length, 50);
  EXPECT_EQ(road.length, 12);
  ASSERT_EQ(road.sections.size(), 2u);
  EXPECT_EQ(road.sections[1].s, 6);
  EXPECT_EQ(road.sections_past_plan_view, 1);
  // A plan view that reaches the length, or passes it, leaves the road as long as it says.
  const std::string whole = R"(<geometry s="0" x="0" y="0" hdg="0" length="50.0005"><line/></geometry>)";
  const Road full = parse_network("whole.xodr", road_of(whole, {0, 49.9999})).roads[0];
  EXPECT_EQ(full.length, 50);
  EXPECT_EQ(full.sections.size(), 2u);
  EXPECT_EQ(parse_network("near.xodr", road_of(R"(<geometry s="0" x="0" y="0" hdg="0" length="49.9995"><line/></geometry>)",
                                               {0})).roads[0].length, 50)
      << "within kPlanViewTolerance the plan view meets the length";
}

TEST(OpenDriveReader, ALaneSectionStartingBeyondTheRoadsLengthIsRefused) {
  const std::string whole = R"(<geometry s="0" x="0" y="0" hdg="0" length="50"><line/></geometry>)";
  const std::string message = testing::error_message([&] { parse_network("beyond.xodr", road_of(whole, {0, 80})); });
  EXPECT_NE(message.find("beyond.xodr: <laneSection> (line 1): 's': expected a lane section starting within the "
                         "road's length 50 m, got 80"), std::string::npos) << message;
}

TEST(OpenDriveReader, ShapesAreReadSortedBySThenTAndCrossfallsWithTheirSide) {
  // Written out of order: s 20 first, and at s 0 the record from t = 1 before the one from t = -2.
  const std::string line = R"(<geometry s="0" x="0" y="0" hdg="0" length="50"><line/></geometry>)";
  const std::string shapes = R"(<shape s="20" t="-2" a="0.3" b="0" c="0" d="0"/>)"
                             R"(<shape s="0" t="1" a="0.1" b="-0.02" c="0" d="0"/>)"
                             R"(<crossfall side="both" s="0" a="0.01" b="0" c="0" d="0"/>)"
                             R"(<shape s="0" t="-2" a="0" b="0.05" c="0.001" d="0"/>)";
  const Road road = parse_network("shaped.xodr", road_of(line, {0}, shapes)).roads[0];
  ASSERT_EQ(road.shapes.size(), 3u);
  EXPECT_EQ(road.shapes[0].s, 0);
  EXPECT_EQ(road.shapes[0].across.s, -2);
  EXPECT_EQ(road.shapes[0].across.c, 0.001);
  EXPECT_EQ(road.shapes[1].across.s, 1);
  EXPECT_EQ(road.shapes[1].across.b, -0.02);
  EXPECT_EQ(road.shapes[2].s, 20);
  EXPECT_EQ(road.shapes[2].across.a, 0.3);
  ASSERT_EQ(road.crossfalls.size(), 1u);
  EXPECT_EQ(road.crossfalls[0].side, Crossfall::Side::kBoth);
  EXPECT_EQ(road.crossfalls[0].angle.a, 0.01);
  const std::string no_t = R"(<shape s="0" a="0" b="0" c="0" d="0"/>)";
  const std::string message = testing::error_message([&] { parse_network("no-t.xodr", road_of(line, {0}, no_t)); });
  EXPECT_NE(message.find("no-t.xodr: <shape> (line 1): 't': missing"), std::string::npos) << message;
  const std::string sideways = R"(<crossfall side="up" s="0" a="0.01" b="0" c="0" d="0"/>)";
  const std::string side = testing::error_message([&] { parse_network("up.xodr", road_of(line, {0}, sideways)); });
  EXPECT_NE(side.find("up.xodr: <crossfall> (line 1): 'side': expected both, left or right, got 'up'"),
            std::string::npos) << side;
}

struct Malformed {
  const char* file;
  const char* says;  ///< what the message must contain besides the file's name
};

TEST(OpenDriveReader, EachMalformedFileGivesOneClearError) {
  const Malformed cases[] = {
      {"missing-attribute.xodr", "<geometry> (line 6): 'length': missing"},
      {"unknown-geometry.xodr", "<clothoid> (line 6): unknown geometry 'clothoid'"},
      {"non-finite.xodr", "<geometry> (line 6): 'x': expected a finite number"},
      {"zero-length-road.xodr", "<OpenDRIVE> (line 2): every road has no length, its 'length' 0 or its plan view's "
                                "records all of no length (first: road '1' (line 4)): expected a road to build"},
      {"lane-id-too-large.xodr", "<lane> (line 11): 'id': expected a whole number in [-100, 100]"},
      {"wrong-root.xodr", "<OpenDrive> (line 2): expected the root element <OpenDRIVE>"},
      {"not-xml.xodr", "not well-formed XML"},
      {"declaration-not-first.xodr", "line 2: not well-formed XML: XML or text declaration not at start of entity (the "
                                     "<?xml ...?> declaration must open the file"},
      {"xml-bomb.xodr", "line 2: entity declaration 'a'"},
      {"external-entity.xodr", "line 2: entity declaration 'secret'"},
  };
  for (const Malformed& m : cases) {
    const std::string path = data(m.file);
    const std::string message = testing::error_message([&] { read_network(path); });
    EXPECT_NE(message.find(path), std::string::npos) << m.file << ": " << message;
    EXPECT_NE(message.find(m.says), std::string::npos) << m.file << ": " << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << m.file << ": one line";
  }
}

TEST(OpenDriveReader, RefusesMoreLanesThanAnyRoadHas) {
  std::string lanes;
  for (int i = 1; i <= kMostLanes + 1; ++i)
    lanes += fmt::format("<lane id=\"-{}\" type=\"driving\"><width sOffset=\"0\" a=\"3\" b=\"0\" c=\"0\" d=\"0\"/></lane>\n", i);
  const std::string text = fmt::format(
      "<OpenDRIVE><road id=\"1\" length=\"5\"><planView><geometry s=\"0\" x=\"0\" y=\"0\" hdg=\"0\" length=\"5\">"
      "<line/></geometry></planView><lanes><laneSection s=\"0\"><center/><right>\n{}</right></laneSection></lanes>"
      "</road></OpenDRIVE>", lanes);
  const std::string message = testing::error_message([&] { parse_network("many.xodr", text); });
  EXPECT_NE(message.find("more than 100 lanes on one side"), std::string::npos) << message;
}

}  // namespace
}  // namespace crashbench::odr
