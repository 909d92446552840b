// Links to what a file does not have (detectors/scenes/opendrive/missing_links.hpp): every one named, and
// the load's warning.
#include <gtest/gtest.h>

#include <string>

#include "detectors/scenes/opendrive/missing_links.hpp"
#include "detectors/scenes/opendrive/odr_reader.hpp"
#include "detectors/scenes/opendrive/opendrive_scene.hpp"
#include "tests/support/opendrive_roads.hpp"
#include "tests/support/temp_folder.hpp"
#include "tests/support/text_count.hpp"

namespace crashbench {
namespace {

TEST(MissingLinks, EveryLinkToARoadOrJunctionTheFileLacksIsNamedAndADeadEndIsNotWarnedOf) {
  // Road a's predecessor is road 41 and its successor junction 215, neither in the file (CommonRoad's
  // conflicting_references.xodr); junction 9 connects road a from road 7, also missing. Road b links to a
  // and to junction 216, which road c lies in but the file lacks too. No road lies in 215: a dead end, as
  // netconvert's exports name the dead-end nodes they do not write (SUMO's game scenario "cross": 4).
  std::string a = testing::straight_road_xml("a", 0, 0, 0, 0);
  a.insert(a.find('>') + 1, R"(<link><predecessor elementType="road" elementId="41" contactPoint="start"/>)"
                            R"(<successor elementType="junction" elementId="215"/></link>)");
  std::string b = testing::straight_road_xml("b", 200, 0, 0, 0);
  b.insert(b.find('>') + 1, R"(<link><predecessor elementType="road" elementId="a" contactPoint="end"/>)"
                            R"(<successor elementType="junction" elementId="216"/></link>)");
  std::string c = testing::straight_road_xml("c", 400, 0, 0, 0);
  c.replace(c.find(R"(junction="-1")"), 13, R"(junction="216")");
  const std::string junction =
      R"(<junction id="9"><connection id="0" incomingRoad="7" connectingRoad="a" contactPoint="start"/></junction>)";
  const std::string file =
      testing::write_opendrive(testing::temp_folder("missing-links") / "missing.xodr", a + b + c + junction);
  const std::vector<odr::MissingLink> missing = odr::missing_links(odr::read_network(file));
  ASSERT_EQ(missing.size(), 4u);
  EXPECT_EQ(missing[0].where, "road 'a' (line 1) predecessor");
  EXPECT_EQ(missing[0].target, "road '41'");
  EXPECT_EQ(missing[1].where, "road 'a' (line 1) successor");
  EXPECT_EQ(missing[1].target, "junction '215'");
  EXPECT_EQ(missing[2].where, "road 'b' (line 1) successor");
  EXPECT_EQ(missing[2].target, "junction '216'");
  EXPECT_EQ(missing[3].where, "junction '9' connection '0' incomingRoad");
  EXPECT_EQ(missing[3].target, "road '7'");
  for (std::size_t k = 0; k < missing.size(); ++k) {
    EXPECT_EQ(missing[k].dead_end, k == 1) << missing[k].target;
    EXPECT_EQ(missing[k].to_road, k == 0 || k == 3) << missing[k].target;
  }
  EXPECT_TRUE(testing::has_line(build_opendrive_scene(file).warnings,
                                "3 links name a road or junction the file does not have (first: road 'a' (line 1) "
                                "predecessor names road '41'): lane routes cannot follow them, and SUMO's netconvert "
                                "stops on those naming a road"));
}

TEST(MissingLinks, DeadEndsAloneAreSaidInTheDescriptionNotWarnedOf) {
  std::string a = testing::straight_road_xml("a", 0, 0, 0, 0);
  a.insert(a.find('>') + 1, R"(<link><predecessor elementType="junction" elementId="1"/></link>)");
  const std::string file = testing::write_opendrive(testing::temp_folder("missing-links") / "dead-end.xodr", a);
  const OpenDriveScene scene = build_opendrive_scene(file);
  EXPECT_FALSE(testing::has_line(scene.warnings, "links name"));
  EXPECT_TRUE(testing::has_line(scene.about, "links to a road or junction the file lacks: 0; and 1 to junctions no "
                                             "road lies in (dead ends, as netconvert's exports write them)"));
}

TEST(MissingLinks, AFileWhoseLinksAllResolveHasNone) {
  std::string a = testing::straight_road_xml("a", 0, 0, 0, 0);
  a.insert(a.find('>') + 1, R"(<link><successor elementType="road" elementId="b" contactPoint="start"/></link>)");
  const std::string file = testing::write_opendrive(testing::temp_folder("missing-links") / "none.xodr",
                                                    a + testing::straight_road_xml("b", 200, 0, 0, 0));
  EXPECT_TRUE(odr::missing_links(odr::read_network(file)).empty());
}

}  // namespace
}  // namespace crashbench
