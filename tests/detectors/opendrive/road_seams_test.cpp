// Where linked roads meet (detectors/scenes/opendrive/road_seams.hpp): how wide the surface opens between
// two linked ends, against hand values, and the load's warning naming the widest.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include <fmt/format.h>

#include "detectors/scenes/opendrive/odr_reader.hpp"
#include "detectors/scenes/opendrive/opendrive_scene.hpp"
#include "detectors/scenes/opendrive/road_seams.hpp"
#include "detectors/scenes/registry/scene_library.hpp"
#include "detectors/scenes/surface_query.hpp"
#include "tests/support/opendrive_roads.hpp"
#include "tests/support/temp_folder.hpp"

namespace crashbench {
namespace {

/// Road "a", 200 m along +x from the origin with a 3.5 m lane either side, whose successor is road "b"'s
/// `contact` end; and road "b" starting at (x, 0) with `heading`, lanes `width` wide.
std::string linked_pair(double x, double heading, const std::string& contact, double width = 3.5) {
  std::string a = testing::straight_road_xml("a", 0, 0, 0, 0);
  a.insert(a.find('>') + 1,
           fmt::format(R"(<link><successor elementType="road" elementId="b" contactPoint="{}"/></link>)", contact));
  std::string b = testing::straight_road_xml("b", x, 0, heading, 0);
  for (std::size_t at = b.find(R"(a="3.5")"); at != std::string::npos; at = b.find(R"(a="3.5")", at + 1))
    b.replace(at, 7, fmt::format(R"(a="{}")", width));
  return a + b;
}

std::string write_seam_file(const std::string& name, const std::string& roads) {
  return testing::write_opendrive(testing::temp_folder("road-seams") / (name + ".xodr"), roads);
}

/// The seams of `file` opening wider than nothing.
std::vector<odr::OpenSeam> seams_of(const std::string& file) {
  const odr::Network net = odr::read_network(file);
  std::vector<odr::RoadSurface> surfaces;
  for (const odr::Road& road : net.roads) surfaces.emplace_back(road);
  return odr::open_seams(surfaces, 0.0);
}

TEST(RoadSeams, ARoadTurnedAtTheSeamOpensAWedgeOfItsHalfWidthTimesTheSineOfTheTurn) {
  // Turned by 0.1 rad about the shared reference point: the right-hand corner of each end lies 3.5 sin(0.1)
  // beyond the other's end, the left-hand one as far into it.
  const auto seams = seams_of(write_seam_file("turned", linked_pair(200, 0.1, "start")));
  ASSERT_EQ(seams.size(), 1u);
  EXPECT_EQ(seams[0].road, "a");
  EXPECT_EQ(seams[0].other, "b");
  EXPECT_TRUE(seams[0].at_end);
  EXPECT_FALSE(seams[0].other_at_end);
  EXPECT_NEAR(seams[0].opening, 3.5 * std::sin(0.1), 1e-9);
}

TEST(RoadSeams, EndsApartOpenByTheirDistanceAndEndsDrawnIntoEachOtherOpenNothing) {
  const auto apart = seams_of(write_seam_file("apart", linked_pair(200.5, 0, "start")));
  ASSERT_EQ(apart.size(), 1u);
  EXPECT_NEAR(apart[0].opening, 0.5, 1e-9);
  // ASAM's checker's junction files start a road 5 cm inside the one before: the surfaces overlap.
  EXPECT_TRUE(seams_of(write_seam_file("into", linked_pair(199.95, 0, "start"))).empty());
  // A road that narrows at the seam: its corners lie on the wider end's line.
  EXPECT_TRUE(seams_of(write_seam_file("narrower", linked_pair(200, 0, "start", 1.75))).empty());
}

TEST(RoadSeams, ALinkNamingTheFarEndOpensByTheDistanceToIt) {
  // Road b starts where a ends, but a's link names b's end, 200 m on (CommonRoad's CulDeSac, ZAM_Threeway).
  const auto seams = seams_of(write_seam_file("far-end", linked_pair(200, 0, "end")));
  ASSERT_EQ(seams.size(), 1u);
  EXPECT_TRUE(seams[0].other_at_end);
  EXPECT_NEAR(seams[0].opening, 200, 1e-9);
}

TEST(RoadSeams, AWedgeIsClosedByTheLinkingRoadCarriedOnPastItsEndAndADeadEndIsNot) {
  // Road b turned 0.1 rad at the seam: beyond a's end and before b's start, right of both, the triangle of
  // (200, 0), a's corner (200, -3.5) and b's (200 + 3.5 sin 0.1, -3.5 cos 0.1) had no surface. A car's CG
  // at (200.2, -3.3) lies in it: 0.2 m past a's end (its mesh reached 2 cm), and 0.13 m before b's start
  // line ((0.2, -3.3) . (cos 0.1, sin 0.1)). a's surface now runs on there, at a's height (0).
  const Scene scene = load_scene(write_seam_file("turned-closed", linked_pair(200, 0.1, "start")));
  const Vec2 in_wedge(200.2, -3.3);
  ASSERT_LT((in_wedge - Vec2(200, 0)).dot(Vec2(std::cos(0.1), std::sin(0.1))), 0) << "before b's start";
  EXPECT_EQ(scene.surface->height_below(in_wedge, kHighest), 0.0);
  // Carried on no farther than the wedge (3.5 sin 0.1 = 0.35 m, and the 2 cm every end reaches): past it
  // and beside b, no road.
  EXPECT_TRUE(std::isnan(scene.surface->height_below(Vec2(200.45, -3.9), kHighest)));
  // b's far end links nothing: its surface ends 2 cm past it, as every road's does.
  const Vec2 b_end = Vec2(200, 0) + 200 * Vec2(std::cos(0.1), std::sin(0.1));
  EXPECT_TRUE(std::isnan(scene.surface->height_below(b_end + 0.1 * Vec2(std::cos(0.1), std::sin(0.1)), kHighest)));
  EXPECT_FALSE(std::isnan(scene.surface->height_below(b_end - 0.1 * Vec2(std::cos(0.1), std::sin(0.1)), kHighest)));
}

TEST(RoadSeams, TheLoadWarnsOfTheWidestNamingBothRoadsEnds) {
  const auto warned = [](const std::string& file) {
    for (const std::string& w : build_opendrive_scene(file).warnings)
      if (w.find("road links join ends") != std::string::npos) return w;
    return std::string();
  };
  const std::string w = warned(write_seam_file("turned-warned", linked_pair(200, 0.1, "start")));
  EXPECT_NE(w.find(fmt::format("widest {:.2f} m: road 'a' (line 1) at its end and road 'b' at its start",
                               3.5 * std::sin(0.1))), std::string::npos) << w;
  EXPECT_EQ(warned(write_seam_file("straight-on", linked_pair(200, 0, "start"))), "");
}

}  // namespace
}  // namespace crashbench
