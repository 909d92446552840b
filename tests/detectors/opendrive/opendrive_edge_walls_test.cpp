// OpenDRIVE edge walls (detectors/scenes/opendrive/road_mesh.hpp, wall_loops.hpp) through load_scene: where
// a drivable lane meets what is not, and nowhere a drivable lane lies beyond: across the other road of a
// flat crossing, beside a ramp's road, on the road's own lane where its border folds back; along a lane
// opening or closing; and a border's loop inside a turn cut where it crosses itself.
#include <gtest/gtest.h>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

#include "detectors/scenes/registry/scene_library.hpp"
#include "tests/support/detector_agreement.hpp"
#include "tests/support/opendrive_edges.hpp"
#include "tests/support/opendrive_roads.hpp"
#include "tests/support/registries.hpp"
#include "tests/support/scene_mesh.hpp"
#include "tests/support/temp_folder.hpp"
#include "tests/support/text_count.hpp"

namespace crashbench {
namespace {

using testing::has_line;
using testing::node_triangles;
using testing::with_edges;

/// The area of `walls` [m^2].
double wall_area(const std::vector<Triangle>& walls) {
  double area = 0;
  for (const Triangle& t : walls) area += 0.5 * (t.b_W - t.a_W).cross(t.c_W - t.a_W).norm();
  return area;
}

TEST(OpenDriveScene, AtAFlatCrossingNeitherRoadsEdgeWallsStandAcrossTheOther) {
  // SUMO's `highway` scenario exported to OpenDRIVE has 8 bridges drawn flat: with edge walls, each road's
  // kerb stood across the other, and 54 of its 101 vehicles were released by a wall in mid-road.
  // Road "x" along +X through the origin, "y" across it at 60 deg (lanes 3.5 m either side of both), at one
  // height, or 7 m over it.
  const double across = std::numbers::pi / 3;
  const Vec2 along_y(std::cos(across), std::sin(across));
  const auto roads = [&](double height) {
    return testing::straight_road_xml("x", -100, 0, 0, 0) +
           testing::straight_road_xml("y", -100 * along_y.x(), -100 * along_y.y(), across, height);
  };
  const auto dir = testing::temp_folder("opendrive-crossing-walls");
  const Scene flat = load_scene(testing::write_opendrive(dir / "flat.xodr", roads(0)), with_edges(1.0));
  const Scene bridge = load_scene(testing::write_opendrive(dir / "bridge.xodr", roads(7)), with_edges(1.0));
  const Scene lone = load_scene(testing::write_opendrive(dir / "lone.xodr", testing::straight_road_xml("x", -100, 0, 0, 0)),
                                with_edges(1.0));
  ASSERT_EQ(flat.flat_crossings.size(), 1u);
  // A wall's distance from the other road's reference line, by its triangle's middle: beyond that road's
  // 3.5 m lanes (a wall 1 mm in from the edge would stand in them).
  const auto apart_from = [](const Vec2& through, const Vec2& along, const std::vector<Triangle>& walls) {
    double nearest = 1e300;
    for (const Triangle& t : walls) {
      const Vec2 middle = ((t.a_W + t.b_W + t.c_W) / 3).head<2>() - through;
      nearest = std::min(nearest, std::abs(cross(along, middle)));
    }
    return nearest;
  };
  const std::vector<Triangle> x_walls = node_triangles(flat, "edge:x"), y_walls = node_triangles(flat, "edge:y");
  ASSERT_FALSE(x_walls.empty());
  ASSERT_FALSE(y_walls.empty());
  EXPECT_GT(apart_from(Vec2::Zero(), along_y, x_walls), 3.5);
  EXPECT_GT(apart_from(Vec2::Zero(), Vec2::UnitX(), y_walls), 3.5);
  // Only there: within the overlap (3.5 + 3.5) / sin 60 deg plus 1 m of the crossing, a chord of each kerb
  // 3.5 m off the reference line; elsewhere each kerb stands whole (200 m, 1 m tall).
  const double gap = 7.0 / std::sin(across) + 1.0, chord = 2 * std::sqrt(gap * gap - 3.5 * 3.5);
  EXPECT_NEAR(wall_area(node_triangles(lone, "edge:x")), 2 * 200 * 1.0, 1e-3);
  EXPECT_NEAR(wall_area(x_walls), 2 * (200 - chord) * 1.0, 1e-3);
  EXPECT_NEAR(wall_area(y_walls), 2 * (200 - chord) * 1.0, 1e-3);
  // The bridge's roads keep every wall: the kerbs up there guard a drop.
  EXPECT_EQ(node_triangles(bridge, "edge:x").size(), node_triangles(lone, "edge:x").size());
  const auto about = [](const Scene& scene) {
    return std::find_if(scene.about.begin(), scene.about.end(), [](const std::string& a) { return a.starts_with("edge walls:"); });
  };
  ASSERT_NE(about(flat), flat.about.end());
  EXPECT_NE(about(flat)->find("m of them left out where they would stand across the other road of a flat crossing"),
            std::string::npos) << *about(flat);
}

TEST(OpenDriveScene, NoEdgeWallStandsWhereAnotherRoadsLanesLieBeyondIt) {
  // ASAM's Ex_Entry_Exit.xodr: an exit ramp leaves the motorway as a road of its own, overlapping it, and the
  // ramp's kerb stood in the motorway's outer lane (142 contacts driving along it). Here road "b" runs beside
  // road "a" from x = 100, its left edge on a's right edge (y = -3.5), 200 m long each: where they abut no
  // kerb stands between them; each keeps its kerbs elsewhere. Raised 2 m, b is another level: every kerb stands.
  const auto dir = testing::temp_folder("opendrive-abutting");
  const auto beside = [&](double height) {
    return load_scene(testing::write_opendrive(dir / fmt::format("beside-{}.xodr", height),
                                               testing::straight_road_xml("a", 0, 0, 0, 0) +
                                                   testing::straight_road_xml("b", 100, -7, 0, height)),
                      with_edges(1.0));
  };
  // Along y = -3.5 (the shared edge), the x the walls of `walls` cover there [m].
  const auto shared_edge_metres = [](const std::vector<Triangle>& walls, double from, double to) {
    double metres = 0;
    for (std::size_t i = 0; i + 1 < walls.size(); i += 2) {  // a quad: two triangles, the first's a-b its foot
      const Triangle& t = walls[i];
      if (std::abs(t.a_W.y() + 3.5) > 1e-6 || std::abs(t.b_W.y() + 3.5) > 1e-6) continue;
      const double lo = std::min(t.a_W.x(), t.b_W.x()), hi = std::max(t.a_W.x(), t.b_W.x());
      metres += std::max(0.0, std::min(hi, to) - std::max(lo, from));
    }
    return metres;
  };
  const Scene abutting = beside(0);
  const std::vector<Triangle> a = node_triangles(abutting, "edge:a"), b = node_triangles(abutting, "edge:b");
  // a: its left kerb whole, its right kerb to x = 100 (less the 2 cm b's surface reaches back); b likewise.
  EXPECT_NEAR(wall_area(a), 200 + 100, 0.03);
  EXPECT_NEAR(wall_area(b), 200 + 100, 0.03);
  EXPECT_NEAR(shared_edge_metres(a, 100.02, 200), 0, 1e-9);
  EXPECT_NEAR(shared_edge_metres(b, 100, 199.98), 0, 1e-9);
  const auto about = std::find_if(abutting.about.begin(), abutting.about.end(),
                                  [](const std::string& l) { return l.starts_with("edge walls:"); });
  ASSERT_NE(about, abutting.about.end());
  EXPECT_NE(about->find("; 200.0 m left out where another road's lanes lie beyond them"), std::string::npos) << *about;
  const Scene levels = beside(2);
  EXPECT_NEAR(wall_area(node_triangles(levels, "edge:a")), 400, 1e-6);
  EXPECT_NEAR(wall_area(node_triangles(levels, "edge:b")), 400, 1e-6);
}

/// The feet of the walls of node `name`: the sides of its triangles with both ends on a flat road at z = 0.
std::vector<std::pair<Vec2, Vec2>> wall_feet(const Scene& scene, const std::string& name) {
  std::vector<std::pair<Vec2, Vec2>> feet;
  for (const Triangle& t : node_triangles(scene, name)) {
    std::vector<Vec2> base;
    for (const Vec3& v : {t.a_W, t.b_W, t.c_W})
      if (std::abs(v.z()) < 1e-9) base.push_back(v.head<2>());
    if (base.size() == 2) feet.emplace_back(base[0], base[1]);
  }
  return feet;
}

TEST(OpenDriveScene, ARoadOpeningFromAPointIsWalledFromThatPoint) {
  // esmini's lane_width_and_offset.xodr: the laneOffset and the one lane's width both grow from 0 at 1 m a
  // metre, so the lane runs from t = 0 to t = s, a wedge from the road's start. No lane had width at the
  // first cut, so no boundary carried a wall there and the road had no walls at all.
  const std::string road =
      R"(<road id="v" length="10" junction="-1"><planView><geometry s="0" x="0" y="0" hdg="0" length="10"><line/>)"
      R"(</geometry></planView><lanes><laneOffset s="0" a="0" b="1" c="0" d="0"/><laneSection s="0"><center>)"
      R"(<lane id="0" type="none"/></center><right><lane id="-1" type="driving"><width sOffset="0" a="0" b="1" )"
      R"(c="0" d="0"/></lane></right></laneSection></lanes></road>)";
  const std::string file = testing::write_opendrive(testing::temp_folder("opendrive-wedge") / "wedge.xodr", road);
  double length = 0;
  for (const auto& [a, b] : wall_feet(load_scene(file, with_edges(1.0)), "edge:v")) length += (b - a).norm();
  EXPECT_NEAR(length, 10 + std::hypot(10.0, 10.0), 1e-6);  // along y = 0, and from (0, 0) to (10, 10)
}

TEST(OpenDriveScene, ASectionsEndIsBuiltWithItsOwnLanesSoNoEdgeWallStandsAcrossTheLane) {
  // testing::offset_section_road_xml: the driving lane lies 0 to 3.5 m right of the line throughout, so every
  // edge wall stands at y = 0 or y = -3.5. Built with the next section's laneOffset, the first section's end
  // stood walls across the lane at x = 10 (from y = 0 to -3.5, and from -3.5 to -7).
  const auto file = testing::temp_folder("section-end") / "offset.xodr";
  const Scene scene = load_scene(testing::write_opendrive(file, testing::offset_section_road_xml()), with_edges(1.0));
  const std::vector<Triangle> walls = node_triangles(scene, "edge:r");
  ASSERT_FALSE(walls.empty());
  for (const Triangle& t : walls)
    for (const Vec3& v : {t.a_W, t.b_W, t.c_W})
      EXPECT_LT(std::min(std::abs(v.y()), std::abs(v.y() + 3.5)), 1e-6) << v.transpose();
  for (const std::string& d : testing::triangle_detector_names()) {
    const VehiclePose across_the_seam{Vec2(10, -1.75), 0, 0.5, {2.5, 2.0, 1.8}, 0};
    EXPECT_TRUE(testing::contacts(d, scene, {across_the_seam})[0].empty()) << d;
  }
}

TEST(OpenDriveScene, ALaneOpeningFromNoWidthOrClosingToNoneHasItsEdgeWallAlongTheTaper) {
  // testing::tapered_lane_road_xml: straight tapers need no cut between their ends, and a boundary beside a lane
  // of no width carried no wall, so the outer edge had none over x 0 to 20 and 80 to 90 (esmini's
  // highway_exit.xodr opens its exit lane so): a car drove onto the shoulder there through no kerb.
  const auto file = testing::temp_folder("taper") / "taper.xodr";
  const Scene scene = load_scene(testing::write_opendrive(file, testing::tapered_lane_road_xml()), with_edges(1.0));
  const std::vector<std::pair<Vec2, Vec2>> feet = wall_feet(scene, "edge:w");
  const auto outer_y = [](double x) { return -3.5 - std::clamp(std::min(0.175 * x, 0.35 * (90 - x)), 0.0, 3.5); };
  const auto walled = [&](const Vec2& p) {
    return std::any_of(feet.begin(), feet.end(), [&](const auto& f) {
      const Vec2 d = f.second - f.first;
      const double along = std::clamp((p - f.first).dot(d) / d.squaredNorm(), 0.0, 1.0);
      return (f.first + along * d - p).norm() < 1e-6;
    });
  };
  for (double x = 0.25; x < 100; x += 0.5) {
    EXPECT_TRUE(walled(Vec2(x, outer_y(x)))) << "no wall at the outer edge at x = " << x;
    EXPECT_TRUE(walled(Vec2(x, 0))) << "no wall at the inner edge at x = " << x;
  }
  // Once each (beyond x = 90 the boundaries either side of lane -2 coincide): the feet add up to the two
  // edges' lengths, so no wall stands twice.
  double length = 0;
  for (const auto& [a, b] : feet) length += (b - a).norm();
  EXPECT_NEAR(length, 100 + std::hypot(20.0, 3.5) + 60 + std::hypot(10.0, 3.5) + 10, 1e-6);
  for (const std::string& d : testing::triangle_detector_names()) {
    const VehiclePose across_the_taper{Vec2(10, outer_y(10)), 0, 0.5, {2.5, 2.0, 1.8}, 0};
    EXPECT_FALSE(testing::contacts(d, scene, {across_the_taper})[0].empty()) << d;
  }
}

TEST(OpenDriveScene, AWallsLoopInsideATurnIsCutOutWhereItsBorderCrossesItself) {
  // testing::kinked_road_xml turning 60 deg left at once: the left border, 3.5 m inside the corner, runs on
  // to (100.5, 3.5), jumps back to the next line's border at (100.5, 0) + 3.5 (-sin 60, cos 60) and crosses
  // its first stretch 3.5 tan 30 = 2.02 m before the corner: the lane's edge turns there. The loop beyond
  // (2.02 m on each line and the 3.5 m jump) lies in the lane, its far corner 1.75 m from the second line.
  // Every point of the lane's true edges lies at least 3.5 cos 30 from the line (the chord across the outer
  // wedge sags by the rest; from the sampler's cut a millimetre before the corner, by 3 mm more). A road over
  // itself keeps its walls: on a 1:4 grade the two stretches cross 4.04 m of road, a metre of height, apart.
  // Only the jump's middle goes there, where the lane beyond it lies within 0.5 m of its height: the ground
  // 0.1 m beyond the jump, (100.5, 3.6) - f 3.6 (sin 60, 1 - cos 60), lies on the first line's lane for
  // f >= 1/18, 0.78 f m below, and on the second's for f <= 17/18, 0.78 (1 - f) m above; 3.5 (16/18) m.
  const double turn = std::numbers::pi / 3, half = turn / 2;
  const auto dir = testing::temp_folder("wall-loops");
  const Scene flat =
      load_scene(testing::write_opendrive(dir / "flat.xodr", testing::kinked_road_xml(turn)), with_edges(1.0));
  const std::vector<std::pair<Vec2, Vec2>> feet = wall_feet(flat, "edge:k");
  ASSERT_FALSE(feet.empty());
  const Vec2 corner(100.5, 0), second(std::cos(turn), std::sin(turn));
  const auto from_line = [&](const Vec2& p) {
    const double first_side = p.x() <= corner.x() ? std::abs(p.y()) : (p - corner).norm();
    const double along = std::max(0.0, (p - corner).dot(second));
    return std::min(first_side, (p - corner - along * second).norm());
  };
  double nearest = std::numeric_limits<double>::infinity();
  Vec2 where = Vec2::Zero();
  for (const auto& [a, b] : feet)
    for (double f = 0; f <= 1; f += 0.125)
      if (const Vec2 p = a + f * (b - a); from_line(p) < nearest) nearest = from_line(p), where = p;
  EXPECT_GE(nearest, 3.5 * std::cos(half) - 0.01) << "a wall at " << where.transpose();
  const double loop = 2 * 3.5 * std::tan(half) + 2 * 3.5 * std::sin(half);
  EXPECT_TRUE(has_line(flat.about, fmt::format("loops cut out where a border running back crosses itself: 1 ({:.1f} m)",
                                               loop)))
      << fmt::format("{}", fmt::join(flat.about, "\n"));
  EXPECT_TRUE(has_line(flat.notes, "the wall's loop is cut out where the border crosses itself"));
  EXPECT_FALSE(has_line(flat.about, "where the road's own lanes lie beyond them"));

  std::string graded = testing::kinked_road_xml(turn);
  graded.insert(graded.find("<lanes>"), R"(<elevationProfile><elevation s="0" a="0" b="0.25" c="0" d="0"/>)"
                                        "</elevationProfile>");
  const Scene ramp = load_scene(testing::write_opendrive(dir / "graded.xodr", graded), with_edges(1.0));
  EXPECT_FALSE(has_line(ramp.about, "loops cut out")) << fmt::format("{}", fmt::join(ramp.about, "\n"));
  EXPECT_TRUE(has_line(ramp.about, fmt::format("; {:.1f} m where the road's own lanes lie beyond them", 3.5 * 16 / 18)))
      << fmt::format("{}", fmt::join(ramp.about, "\n"));
}

TEST(OpenDriveScene, AWallWithItsOwnRoadsLaneBeyondItIsLeftOut) {
  // testing::kinked_road_xml turning 60 deg left at once and ending 1 m later: the left border's loop opens
  // across the road's end. The second line's left border, (100.5, 0) + 3.5 (-sin 60, cos 60) + a (cos 60,
  // sin 60) for a up to 1, lies on the first line's lane (y <= 2.62 < 3.5, x < 100.5), and so does the ground
  // 0.1 m beyond it; the jump from (100.5, 3.5) to its start, from f = 1/18 on (the ground beyond it,
  // (100.5, 3.6) - f 3.6 (sin 60, 1 - cos 60), is in that lane from y <= 3.5). That wall, 1 + 3.5 (17 / 18) m,
  // stands in the lane and goes; the first line's border, to the sampler's last cut before the corner, and the
  // jump's first 3.5 / 18 m, standing at most 0.1 m (1.75 / 18) inside the lane's edge, stay.
  const double turn = std::numbers::pi / 3;
  const Scene open = load_scene(
      testing::write_opendrive(testing::temp_folder("wall-open-loop") / "k.xodr", testing::kinked_road_xml(turn, 1)),
      with_edges(1.0));
  EXPECT_TRUE(has_line(open.about, fmt::format("; {:.1f} m where the road's own lanes lie beyond them",
                                               1 + 3.5 * 17 / 18)))
      << fmt::format("{}", fmt::join(open.about, "\n"));
  EXPECT_FALSE(has_line(open.about, "loops cut out"));
  double on_border = 0, off_border = 0;
  for (const auto& [a, b] : wall_feet(open, "edge:k")) {
    if (a.y() < 0) continue;  // the right border's wall
    (std::abs(a.y() - 3.5) < 1e-6 && std::abs(b.y() - 3.5) < 1e-6 ? on_border : off_border) += (b - a).norm();
    for (const Vec2& p : {a, b}) EXPECT_GE(p.y(), 3.5 - 1.75 / 18 - 1e-3) << "a wall at " << p.transpose();
  }
  EXPECT_NEAR(on_border, 100.5, 0.02);
  EXPECT_GT(off_border, 0);
  EXPECT_LE(off_border, 3.5 / 18 + 0.005);
}

}  // namespace
}  // namespace crashbench
