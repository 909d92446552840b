// OpenDRIVE objects (detectors/scenes/opendrive/road_objects.hpp) through load_scene: outlines as prisms
// as tall as their corners, open outlines as lines of walls, repeats carrying their outline along, skeletons
// as tubes, and what cannot be built refused.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <string>
#include <utility>
#include <vector>

#include "detectors/scenes/registry/scene_library.hpp"
#include "tests/support/error_message.hpp"
#include "tests/support/opendrive_roads.hpp"
#include "tests/support/scene_mesh.hpp"
#include "tests/support/temp_folder.hpp"

namespace crashbench {
namespace {

using testing::node_triangles;

/// A 200 m straight road along +x from the origin with `objects` (XML) on it, loaded as a scene.
Scene road_with_objects(const std::string& name, const std::string& objects) {
  std::string road = testing::straight_road_xml("r", 0, 0, 0, 0);
  road.replace(road.find("</lanes></road>"), 15, "</lanes><objects>" + objects + "</objects></road>");
  return load_scene(testing::write_opendrive(testing::temp_folder("opendrive-objects") / (name + ".xodr"), road));
}

/// The x intervals [a, b] that the vertices of `triangles` fall in, as found: each vertex's x within 1e-6
/// of one of `expected`'s ends or between them; returns how many vertices fell in each interval.
std::vector<int> vertices_per_interval(const std::vector<Triangle>& triangles,
                                       const std::vector<std::pair<double, double>>& expected) {
  std::vector<int> counts(expected.size(), 0);
  for (const Triangle& t : triangles)
    for (const Vec3& p : {t.a_W, t.b_W, t.c_W}) {
      bool inside = false;
      for (std::size_t k = 0; k < expected.size(); ++k)
        if (p.x() >= expected[k].first - 1e-6 && p.x() <= expected[k].second + 1e-6) ++counts[k], inside = true;
      EXPECT_TRUE(inside) << "a vertex at x " << p.x();
    }
  return counts;
}

TEST(OpenDriveScene, EveryOutlineOfAnObjectStandsAsTallAsItsCorners) {
  // esmini's test_multiple_outline_with_multiple_repeat.xodr: an object of two outlines and no height of
  // its own, its corners 4 m tall. Only the first outline was read, and the object, of height 0, was
  // built as nothing: a 4 m barrier no car could hit, reported as "lower than 0.5 m".
  const Scene scene = road_with_objects(
      "outlines", R"(<object id="A" s="20" t="-8"><outlines>
        <outline id="0"><cornerLocal u="0" v="-1" height="2"/><cornerLocal u="2" v="-1" height="2"/><cornerLocal u="2" v="1" height="2"/></outline>
        <outline id="1"><cornerLocal u="4" v="-1" height="2"/><cornerLocal u="6" v="-1" height="2"/><cornerLocal u="6" v="1" height="2"/></outline>
        </outlines></object>)");
  const std::vector<Triangle> object = node_triangles(scene, "object:A");
  // Two prisms over triangles: three sides of two triangles, a bottom and a top.
  EXPECT_EQ(object.size(), 16u);
  for (const int n : vertices_per_interval(object, {{20, 22}, {24, 26}})) EXPECT_EQ(n, 24);
  double top = 0;
  for (const Triangle& t : object) top = std::max({top, t.a_W.z(), t.b_W.z(), t.c_W.z()});
  EXPECT_NEAR(top, 2.0, 1e-12);
}

TEST(OpenDriveScene, ARepeatCarriesARoadFrameOutlineAlongWithEachCopy) {
  // A cornerRoad outline gives its corners' (s, t) at the object's own place: each copy of a repeat is
  // that outline moved by the copy's offset, where all copies stood on top of one another.
  const Scene scene = road_with_objects(
      "repeat", R"(<object id="B" s="50" t="7"><outline>
        <cornerRoad s="50" t="6" height="1.5"/><cornerRoad s="52" t="6" height="1.5"/>
        <cornerRoad s="52" t="8" height="1.5"/><cornerRoad s="50" t="8" height="1.5"/></outline>
        <repeat s="50" length="20" distance="10"/></object>)");
  const std::vector<Triangle> object = node_triangles(scene, "object:B");
  EXPECT_EQ(object.size(), 3u * 12u);  // three boxes: four sides of two, two caps of two
  for (const int n : vertices_per_interval(object, {{50, 52}, {60, 62}, {70, 72}})) EXPECT_EQ(n, 36);
  for (const Triangle& t : object)
    for (const Vec3& p : {t.a_W, t.b_W, t.c_W}) EXPECT_TRUE(p.y() > 6 - 1e-9 && p.y() < 8 + 1e-9) << p.y();
}

TEST(OpenDriveScene, AnOpenOutlineIsALineOfWallsWithItsEndsApart) {
  // esmini's parking_advanced.xodr draws each parking bay as an open outline of three sides, the fourth its
  // way in. Every outline was closed, so a 4 m wall stood across each bay's entry.
  const auto bay = [](const char* closed) {
    return fmt::format(R"(<object id="P" s="50" t="0"><outlines><outline id="0"{}><cornerLocal u="2.5" v="0" )"
                       R"(height="4"/><cornerLocal u="2.5" v="5" height="4"/><cornerLocal u="0" v="5" height="4"/>)"
                       R"(<cornerLocal u="0" v="0" height="4"/></outline></outlines></object>)", closed);
  };
  const std::vector<Triangle> open =
      node_triangles(road_with_objects("bay-open", bay(R"( closed="false")")), "object:P");
  EXPECT_EQ(open.size(), 6u);  // three sides of two triangles, no caps
  for (const Triangle& t : open)  // the way in is the side v = 0, from (50, 0) to (52.5, 0)
    EXPECT_FALSE(t.a_W.y() == 0 && t.b_W.y() == 0 && t.c_W.y() == 0) << "a wall across the way in";
  EXPECT_EQ(node_triangles(road_with_objects("bay-closed", bay(R"( closed="true")")), "object:P").size(), 12u);
  EXPECT_EQ(node_triangles(road_with_objects("bay-default", bay("")), "object:P").size(), 12u);  // an area
}

TEST(OpenDriveScene, ASkeletonIsBuiltAsTubesAndTheBoundingBoxAroundItIsNot) {
  // OpenDRIVE 1.8's sign gantry (qc-opendrive's rule_305 gantry file): a bounding box 10 m across and 6 m tall,
  // and a skeleton of two 0.2 m posts at t = -4 and 4 and a beam between them at 5.5 m. The box was built, a
  // wall across both lanes (t within 3.5 m).
  const Scene scene = road_with_objects(
      "gantry", R"(<object id="G" type="gantry" s="50" t="0" length="0.5" width="10" height="6"><skeleton><polyline id="1">
        <vertexRoad s="50" t="-4" dz="0" radius="0.2"/><vertexRoad s="50" t="-4" dz="5.5" radius="0.2"/>
        <vertexRoad s="50" t="4" dz="5.5" radius="0.2"/><vertexRoad s="50" t="4" dz="0" radius="0.2"/>
        </polyline></skeleton></object>)");
  const std::vector<Triangle> gantry = node_triangles(scene, "object:G");
  EXPECT_EQ(gantry.size(), 3u * 8u);  // three tubes of four sides
  for (const Triangle& t : gantry)
    for (const Vec3& p : {t.a_W, t.b_W, t.c_W}) {
      if (p.z() > 5.3 - 1e-9) continue;  // the beam's underside and above
      EXPECT_NEAR(std::abs(p.y()), 4.0, 0.2 + 1e-5) << p.transpose();  // a post's side (floats), clear of the lanes
      EXPECT_NEAR(p.x(), 50.0, 0.2 + 1e-5) << p.transpose();
    }
}

TEST(OpenDriveScene, AnOutlineOrPolylineItCannotBuildIsRefused) {
  const auto message = [](const std::string& name, const std::string& outline) {
    std::string road = testing::straight_road_xml("r", 0, 0, 0, 0);
    road.replace(road.find("</lanes></road>"), 15,
                 R"(</lanes><objects><object id="C" s="5" t="6">)" + outline + "</object></objects></road>");
    const std::string file = testing::write_opendrive(testing::temp_folder("opendrive-objects") / (name + ".xodr"), road);
    return testing::error_message([&] { load_scene(file); });
  };
  EXPECT_NE(message("mixed", R"(<outline><cornerRoad s="5" t="6" height="1"/><cornerLocal u="1" v="0" height="1"/>)"
                             R"(<cornerRoad s="6" t="7" height="1"/></outline>)")
                .find("all cornerRoad or all cornerLocal"), std::string::npos);
  // qc-opendrive's rule_253 file: one corner. Its degenerate prism made the scene's only object triangles,
  // so the road was left out of the collision set and the load said "the scene has no collision triangles".
  EXPECT_NE(message("one-corner", R"(<outline><cornerRoad s="5" t="6" height="1"/></outline>)")
                .find("<outline> (line 1): expected at least 2 corners, found 1"),
            std::string::npos);
  EXPECT_NE(message("closed", R"(<outline closed="yes"><cornerLocal u="0" v="0" height="1"/>)"
                              R"(<cornerLocal u="1" v="0" height="1"/></outline>)")
                .find("'closed': expected true or false, got 'yes'"), std::string::npos);
  // A skeleton's polylines are read by the same rule.
  EXPECT_NE(message("mixed-polyline", R"(<skeleton><polyline><vertexRoad s="5" t="6"/><vertexLocal u="1" v="0"/>)"
                                      R"(</polyline></skeleton>)")
                .find("expected a polyline's vertices all vertexRoad or all vertexLocal, found both"), std::string::npos);
  EXPECT_NE(message("one-vertex", R"(<skeleton><polyline><vertexLocal u="1" v="0"/></polyline></skeleton>)")
                .find("expected at least 2 vertices, found 1"), std::string::npos);
  EXPECT_NE(message("radius", R"(<skeleton><polyline><vertexLocal u="1" v="0" radius="-1"/><vertexLocal u="1" )"
                              R"(v="0" z="2"/></polyline></skeleton>)")
                .find("'radius': expected a radius >= 0"), std::string::npos);
}

}  // namespace
}  // namespace crashbench
