// Roads of no length (odr::Network::without_length): left out of the network rather than refusing the file,
// said in the scene's description, and warned of only where a plan view draws a road its length lacks.
// netconvert's OpenDRIVE exports of SUMO's game networks bs3d and DRT were refused for one such road each.
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

using testing::has_line;

/// Road `id` of `length` inside junction "j" whose plan view is one line of `drawn` metres, as netconvert
/// writes a junction's internal lane of 0 m (length 0.1, drawn 0); one 3.5 m driving lane.
std::string road_of_no_length(const std::string& id, double length, double drawn) {
  return fmt::format(R"(<road id="{}" length="{}" junction="j"><link><predecessor elementType="road" elementId="a" )"
                     R"(contactPoint="end"/></link><planView><geometry s="0" x="200" y="0" hdg="0" length="{}">)"
                     R"(<line/></geometry></planView><lanes><laneSection s="0"><center><lane id="0" type="none"/>)"
                     R"(</center><right><lane id="-1" type="driving"><width sOffset="0" a="3.5" b="0" c="0" d="0"/>)"
                     R"(</lane></right></laneSection></lanes></road>)", id, length, drawn);
}

TEST(RoadsWithoutLength, AnInternalLaneOfNoLengthIsLeftOutAndSaidNotWarnedOf) {
  // Road a links to z, and junction j connects a to z: the file has z, only not built.
  std::string a = testing::straight_road_xml("a", 0, 0, 0, 0);
  a.insert(a.find('>') + 1, R"(<link><successor elementType="junction" elementId="j"/></link>)");
  const std::string junction =
      R"(<junction id="j"><connection id="0" incomingRoad="a" connectingRoad="z" contactPoint="start"/></junction>)";
  const std::string file = testing::write_opendrive(testing::temp_folder("no-length") / "internal.xodr",
                                                    a + road_of_no_length("z", 0.1, 0) + junction);
  const odr::Network net = odr::read_network(file);
  ASSERT_EQ(net.roads.size(), 1u);
  EXPECT_EQ(net.roads[0].id, "a");
  ASSERT_EQ(net.without_length.size(), 1u);
  EXPECT_EQ(net.without_length[0].id, "z");
  EXPECT_EQ(net.without_length[0].declared_length, 0.1);
  EXPECT_TRUE(odr::missing_links(net).empty()) << "z is in the file";
  const OpenDriveScene scene = build_opendrive_scene(file);
  EXPECT_TRUE(has_line(scene.about, "roads of no length, left out: 1 (first: road 'z' (line 1), length 0.1 m)"));
  EXPECT_FALSE(has_line(scene.warnings, "road 'z'"));
  EXPECT_FALSE(has_line(scene.warnings, "links name"));
}

TEST(RoadsWithoutLength, ARoadOfLengthZeroWhosePlanViewDrawsOneIsWarnedOf) {
  const std::string file = testing::write_opendrive(testing::temp_folder("no-length") / "drawn.xodr",
                                                    testing::straight_road_xml("a", 0, 0, 0, 0) +
                                                        road_of_no_length("d", 0, 10));
  const OpenDriveScene scene = build_opendrive_scene(file);
  EXPECT_TRUE(has_line(scene.warnings, "road 'd' (line 1) has a 'length' of 0 m and a plan view drawn to 10.000 m: "
                                       "left out, as a road of no length is; give its length to build it"));
}

}  // namespace
}  // namespace crashbench
