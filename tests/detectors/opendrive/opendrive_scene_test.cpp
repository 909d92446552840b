// An OpenDRIVE file as a scene (detectors/scenes/opendrive/opendrive_scene.hpp through load_scene): named
// nodes, the surface within its stated distance of the exact surface (checked here against the exact
// surface at points the sampler never probed), edge walls where the edge rule puts them, and every
// registered detector giving brute force's contacts on a drive weaving into both edges.
#include <gtest/gtest.h>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <osg/Group>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iterator>
#include <limits>
#include <numbers>
#include <random>
#include <set>
#include <tuple>

#include "detectors/scenes/opendrive/lane_path.hpp"
#include "detectors/scenes/opendrive/odr_reader.hpp"
#include "detectors/scenes/opendrive/opendrive_scene.hpp"
#include "detectors/scenes/opendrive/road_surface.hpp"
#include "detectors/scenes/registry/scene_library.hpp"
#include "detectors/scenes/registry/scene_report.hpp"
#include "detectors/scenes/wall_footprints.hpp"
#include "tests/support/detector_agreement.hpp"
#include "tests/support/error_message.hpp"
#include "tests/support/far_bend.hpp"
#include "tests/support/opendrive_roads.hpp"
#include "tests/support/paths.hpp"
#include "tests/support/registries.hpp"
#include "tests/support/scene_mesh.hpp"
#include "tests/support/temp_folder.hpp"
#include "tests/support/text_count.hpp"

namespace crashbench {
namespace {

using testing::has_line;

const std::string kBend = testing::testdata_path("opendrive/bend.xodr");

SceneOptions with_edges(double height, double tolerance = kDefaultSurfaceTolerance) {
  SceneOptions o;
  o.opendrive.edge_height = height;
  o.opendrive.tolerance = tolerance;
  return o;
}

/// The triangles under the graph's node called `name`.
std::vector<Triangle> triangles_of(const Scene& scene, std::string_view name) {
  return testing::triangles_of(scene, [name](std::string_view node) { return node == name; });
}

/// The largest distance from the exact surface at 4000 random points of the bend's driving lanes to the
/// road's triangles.
double largest_surface_error(const Scene& scene) {
  const odr::Network net = odr::read_network(kBend);
  const odr::RoadSurface surface(net.roads[0]);
  const std::vector<Triangle> road = triangles_of(scene, "road:1");
  EXPECT_FALSE(road.empty());
  std::mt19937 random(24);
  std::uniform_real_distribution<double> along(0, 75), across(-3.3, 3.7);  // lane -1's outer to lane 1's outer
  double worst = 0;
  for (int i = 0; i < 4000; ++i) {
    const Vec3 p = surface.point(along(random), across(random));
    double nearest = 1e300;
    for (const Triangle& t : road) nearest = std::min(nearest, testing::distance_to_triangle(p, t));
    worst = std::max(worst, nearest);
  }
  return worst;
}

TEST(OpenDriveScene, TheSurfaceStaysWithinItsToleranceOfTheExactSurface) {
  // 1 cm as stated, plus the graph's float vertices (75 m out: 4e-6 m).
  EXPECT_LE(largest_surface_error(load_scene(kBend)), kDefaultSurfaceTolerance + 1e-5);
  // A loose tolerance must show up here: the check sees the surface's error.
  EXPECT_GT(largest_surface_error(load_scene(kBend, with_edges(0, 0.5))), 2 * kDefaultSurfaceTolerance);
}

/// turn-lane.xodr's right edge, y = -(3.5 + w(x)) along its straight, flat road: lane -2 opens as
/// w = 3.5 (3 (x/30)^2 - 2 (x/30)^3) over the first 30 m, then keeps 3.5 m (0 before the road, 3.5 after).
double turn_lane_right_edge(double x) {
  const double f = std::clamp(x / 30, 0.0, 1.0);
  return -(3.5 + 3.5 * (3 * f * f - 2 * f * f * f));
}

TEST(OpenDriveScene, ALaneThatOpensIsMeshedWithinTheToleranceAndNoFinerThanItsEdgeNeeds) {
  const std::vector<Triangle> road = triangles_of(load_scene(testing::testdata_path("opendrive/turn-lane.xodr")),
                                                  "road:1");
  ASSERT_FALSE(road.empty());
  constexpr double kSlack = kDefaultSurfaceTolerance + 1e-5;  // the graph's float vertices
  // Every point of the exact road (z = 0 from y = the right edge to 3.5 m left) is near the mesh.
  std::mt19937 random(7);
  std::uniform_real_distribution<double> along(0, 60), across(0, 1);
  for (int i = 0; i < 3000; ++i) {
    const double x = along(random), right = turn_lane_right_edge(x);
    const Vec3 p(x, right + across(random) * (3.5 - right), 0);
    double nearest = 1e300;
    for (const Triangle& t : road) nearest = std::min(nearest, testing::distance_to_triangle(p, t));
    ASSERT_LE(nearest, kSlack) << "at x " << p.x() << " y " << p.y();
  }
  // And the mesh covers no more than the road: its corners, edge midpoints and centroids lie inside it.
  for (const Triangle& t : road)
    for (const Vec3& p : {t.a_W, t.b_W, t.c_W, Vec3((t.a_W + t.b_W) / 2), Vec3((t.b_W + t.c_W) / 2),
                          Vec3((t.c_W + t.a_W) / 2), Vec3((t.a_W + t.b_W + t.c_W) / 3)}) {
      EXPECT_GE(p.y(), turn_lane_right_edge(p.x()) - kSlack) << "at x " << p.x();
      EXPECT_LE(p.y(), 3.5 + kSlack) << "at x " << p.x();
      EXPECT_NEAR(p.z(), 0, 1e-5);
    }
  // The right edge's chord over a cut h strays from it by at most max|w''| h^2 / 8, w'' <= 21 / 30^2 =
  // 0.0233 1/m: within 1 cm for any h up to 1.85 m, so halving the first 30 m stops by 30/32 m. Three lanes,
  // two triangles a lane and cut: at most 32 cuts there, 2 over the last 30 m (20 m the longest triangle),
  // one 2 cm past each end.
  EXPECT_LE(road.size(), 3u * 2u * (32u + 2u + 2u));
}

TEST(OpenDriveScene, NamesItsNodesAndRaisesEdgesWhereDrivableLanesEnd) {
  const Scene scene = load_scene(kBend, with_edges(1.0));
  std::set<std::string> names;
  for (unsigned i = 0; i < scene.graph->asGroup()->getNumChildren(); ++i)
    names.insert(scene.graph->asGroup()->getChild(i)->getName());
  EXPECT_EQ(names, (std::set<std::string>{"road:1", "edge:1", "object:7"}));
  // The road is ground, not wall: only edges and the box collide.
  EXPECT_EQ(scene.triangles.size(), triangles_of(scene, "edge:1").size() + triangles_of(scene, "object:7").size());
  // On the straight (x < 30) the walls stand where lane 1 meets the sidewalk, t = 0.2 + 3.5, and where
  // lane -1 meets the border, t = 0.2 - 3.5, each t cos(0.02) from the line across the banked road; none at
  // the sidewalk's or the border's outer edge. Merged: one footprint per side along the straight.
  int left = 0, right = 0;
  for (const WallSegment& w : wall_footprints(scene.triangles)) {
    if (w.a_W.x() > 30.001 || w.b_W.x() > 30.001 || w.a_W.y() < -5) continue;  // past the straight; the box
    EXPECT_NEAR(w.a_W.y(), w.a_W.y() > 0 ? 3.7 * std::cos(0.02) : -3.3 * std::cos(0.02), 1e-5);
    EXPECT_NEAR(w.a_W.y(), w.b_W.y(), 1e-5);
    (w.a_W.y() > 0 ? left : right) += 1;
    EXPECT_NEAR(w.top_z - w.bottom_z, 1.0 + 0.01 * std::abs(w.b_W.x() - w.a_W.x()), 1e-3);
  }
  EXPECT_EQ(left, 1);
  EXPECT_EQ(right, 1);
}

TEST(OpenDriveScene, SceneInfoReportsTheNetwork) {
  const std::string text = describe_scene_file(kBend, with_edges(1.0));
  for (const char* line : {"opendrive: revision 1.6, 1 roads (0 inside junctions), 0 junctions",
                           "lanes by type (one per lane section): border 1, driving 2, sidewalk 1",
                           "edge walls: ", "objects: 1 (12 triangles", "geoReference: +proj=tmerc +lat_0=0 +lon_0=0",
                           "header offset (reported, not applied): x 100, y 200", "plan view gaps over 1 mm: 0"})
    EXPECT_NE(text.find(line), std::string::npos) << line << "\n" << text;
}

TEST(OpenDriveScene, ALaneBorderBeyondItsTurnsCentreOfCurvatureIsCountedAsRunningBack) {
  // An arc of radius 2 m turning left, 3.5 m lanes: the left lane's outer border, 3.5 m inside the turn,
  // lies 1.5 m beyond the turn's centre and runs back against the line all along the arc (one place).
  // SUMO's A10KW exported: road 2444's lane -1 border, 3.2 m inside a turn of 97 deg in a metre, loops
  // through the lane and its wall met a car on the lane's centre. Radius 5 m: the border 1.5 m short of
  // the centre, running forward.
  const auto arc_road = [](double curvature) {
    std::string road = testing::straight_road_xml("1", 0, 0, 0, 0);
    const std::string line = "<line/>";
    road.replace(road.find(line), line.size(), fmt::format("<arc curvature=\"{}\"/>", curvature));
    for (const std::string length : {"length=\"200\"", "length=\"200\""})
      road.replace(road.find(length), length.size(), "length=\"3\"");
    return road;
  };
  const auto folds_line = [](const std::string& file) {
    const Scene scene = load_scene(file, with_edges(1.0));
    for (const std::string& a : scene.about)
      if (a.starts_with("lane borders running back")) return a;
    return std::string("(none)");
  };
  const auto dir = testing::temp_folder("opendrive-border-folds");
  EXPECT_EQ(folds_line(testing::write_opendrive(dir / "tight.xodr", arc_road(0.5))),
            "lane borders running back outside junctions (beyond their turn's centre of curvature): 1 (first: road "
            "'1' at s 0.0)");
  EXPECT_EQ(folds_line(testing::write_opendrive(dir / "wide.xodr", arc_road(0.2))),
            "lane borders running back outside junctions (beyond their turn's centre of curvature): 0");
}

TEST(OpenDriveScene, LateralShapesItDoesNotReadAreNamedInAWarning) {
  // OpenDRIVE 1.6's <shape> (a road's height across it, a crown) is not read: the surface would be off by
  // what the shapes add, so the load says so rather than being silently flat.
  std::ifstream in(kBend);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const std::string superelevation = "<superelevation s=\"0\" a=\"0.02\" b=\"0\" c=\"0\" d=\"0\"/>";
  const auto at = text.find(superelevation);
  ASSERT_NE(at, std::string::npos);
  text.insert(at + superelevation.size(), "<shape s=\"0\" t=\"-4\" a=\"0\" b=\"0.02\" c=\"0\" d=\"0\"/>"
                                          "<shape s=\"40\" t=\"-4\" a=\"0\" b=\"0.02\" c=\"0\" d=\"0\"/>");
  const auto file = testing::temp_folder("opendrive-shape") / "crowned.xodr";
  std::ofstream(file) << text;
  const auto shape_note = [](const Scene& scene) {
    return std::find_if(scene.notes.begin(), scene.notes.end(),
                        [](const std::string& n) { return n.find("<shape>") != std::string::npos; });
  };
  const Scene crowned = load_scene(file.string(), with_edges(1.0));
  const auto note = shape_note(crowned);
  ASSERT_NE(note, crowned.notes.end());
  EXPECT_NE(note->find("2 lateralProfile <shape> or <crossfall> records on 1 roads are not read"), std::string::npos) << *note;
  const Scene plain = load_scene(kBend, with_edges(1.0));
  EXPECT_EQ(shape_note(plain), plain.notes.end());
}

TEST(OpenDriveScene, RoadsCrossingOutsideAJunctionAtOneHeightAreFoundAndWarnedOf) {
  // Road "x" along +X through the origin, and beside it: "y" across it at 30 deg from the +Y axis, at one
  // height or 7 m over it; "next", "x"'s continuation (ends meeting); "back", "x" the other way (parallel).
  const double across = std::numbers::pi / 2 - std::numbers::pi / 6;
  const auto load = [](const std::string& name, const std::string& roads) {
    return load_scene(testing::write_opendrive(testing::temp_folder("opendrive-crossings") / (name + ".xodr"), roads));
  };
  const auto warning = [](const Scene& scene) {
    return std::find_if(scene.notes.begin(), scene.notes.end(),
                        [](const std::string& n) { return n.find("cross outside a junction at one height") != std::string::npos; });
  };
  const Scene flat = load("flat", testing::straight_road_xml("x", -100, 0, 0, 0) + testing::straight_road_xml("y", 100 * std::cos(across + std::numbers::pi),
                                                                          100 * std::sin(across + std::numbers::pi), across, 0.4));
  ASSERT_EQ(flat.flat_crossings.size(), 1u);
  EXPECT_LT(flat.flat_crossings[0].at_W.norm(), 1e-6) << flat.flat_crossings[0].at_W.transpose();
  // Lanes of 3.5 m either side of both reference lines, crossing at 60 deg: (3.5 + 3.5) / sin 60 + 6 m.
  EXPECT_NEAR(flat.flat_crossings[0].reach, 7.0 / std::sin(std::numbers::pi / 3) + 6.0, 1e-9);
  ASSERT_NE(warning(flat), flat.notes.end());
  EXPECT_NE(warning(flat)->find("1 pairs of roads cross outside a junction at one height (first: roads 'x' and 'y' at (0.00, 0.00))"),
            std::string::npos) << *warning(flat);
  const Scene bridge = load("bridge", testing::straight_road_xml("x", -100, 0, 0, 0) + testing::straight_road_xml("y", 100 * std::cos(across + std::numbers::pi),
                                                                              100 * std::sin(across + std::numbers::pi), across, 7));
  EXPECT_TRUE(bridge.flat_crossings.empty());
  EXPECT_EQ(warning(bridge), bridge.notes.end());
  const Scene joined = load("joined", testing::straight_road_xml("x", -100, 0, 0, 0) + testing::straight_road_xml("next", 100, 0, 0.3, 0) +
                                          testing::straight_road_xml("back", 100, 0, std::numbers::pi, 0));
  EXPECT_TRUE(joined.flat_crossings.empty());
  // A footpath across the road (its lanes sidewalks, not drivable) is not a crossing of traffic.
  const Scene footpath = load("footpath", testing::straight_road_xml("x", -100, 0, 0, 0) +
                                              testing::straight_road_xml("path", 0, -100, std::numbers::pi / 2, 0, "sidewalk"));
  EXPECT_TRUE(footpath.flat_crossings.empty());
}

TEST(OpenDriveScene, TwoRoadsOfAJunctionOverlappingAtItsMouthAreNoBridge) {
  // SUMO's acosta exported by netconvert: a road into junction 16 and a road out of it overlap 1.5 and 8.7 m
  // from their ends there. Taken for a bridge drawn flat, the junction's traffic passed through each other
  // there, and 60 collisions SUMO reported at the junction were called crashbench's misses. Here: "in" along
  // +X ends 2 m past the origin at junction 7, "out" along -Y starts `start` m above it: they cross at right
  // angles at the origin, where their lanes overlap within (3.5 + 3.5) / sin 90 = 7 m.
  const auto load = [](const std::string& name, double start, const std::string& out_from) {
    const std::string roads = testing::junction_road_xml("in", -40, 0, 0, 42, "", "7") +
                              testing::junction_road_xml("out", 0, start, -std::numbers::pi / 2, 40, out_from, "") +
                              "<junction id=\"7\"/><junction id=\"8\"/>";
    return load_scene(testing::write_opendrive(testing::temp_folder("opendrive-mouths") / (name + ".xodr"), roads));
  };
  const auto about = [](const Scene& scene, const std::string& line) {
    return std::find_if(scene.about.begin(), scene.about.end(),
                        [&](const std::string& a) { return a.find(line) != std::string::npos; });
  };
  const Scene mouth = load("mouth", 6, "7");  // 2 m from "in"'s end and 6 m from "out"'s start: within 7 m
  EXPECT_TRUE(mouth.flat_crossings.empty()) << "no bridge: the junction's traffic meets there";
  ASSERT_NE(about(mouth, "roads of one junction overlapping at its mouth"), mouth.about.end());
  EXPECT_NE(about(mouth, "roads of one junction overlapping at its mouth")->find(": 1 (first: roads 'in' and 'out' at "
                                                                               "junction '7', (0.00, 0.00))"),
            std::string::npos) << *about(mouth, "roads of one junction overlapping at its mouth");
  const auto bridge_note = [](const std::string& n) { return n.find("cross outside a junction") != std::string::npos; };
  EXPECT_TRUE(std::none_of(mouth.notes.begin(), mouth.notes.end(), bridge_note));
  // The same crossing where the roads join different junctions, or beyond the overlap from "out"'s start:
  // a bridge drawn flat, as before.
  for (const auto& [name, start, from] : {std::tuple{"other-junction", 6.0, "8"}, std::tuple{"far", 7.5, "7"}}) {
    const Scene bridge = load(name, start, from);
    ASSERT_EQ(bridge.flat_crossings.size(), 1u) << name;
    EXPECT_LT(bridge.flat_crossings[0].at_W.norm(), 1e-6) << name;
    EXPECT_NE(about(bridge, "overlapping at its mouth (its traffic meets there, no bridge): 0"), bridge.about.end())
        << name;
  }
}

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
  const std::vector<Triangle> x_walls = triangles_of(flat, "edge:x"), y_walls = triangles_of(flat, "edge:y");
  ASSERT_FALSE(x_walls.empty());
  ASSERT_FALSE(y_walls.empty());
  EXPECT_GT(apart_from(Vec2::Zero(), along_y, x_walls), 3.5);
  EXPECT_GT(apart_from(Vec2::Zero(), Vec2::UnitX(), y_walls), 3.5);
  // Only there: within the overlap (3.5 + 3.5) / sin 60 deg plus 1 m of the crossing, a chord of each kerb
  // 3.5 m off the reference line; elsewhere each kerb stands whole (200 m, 1 m tall).
  const double gap = 7.0 / std::sin(across) + 1.0, chord = 2 * std::sqrt(gap * gap - 3.5 * 3.5);
  EXPECT_NEAR(wall_area(triangles_of(lone, "edge:x")), 2 * 200 * 1.0, 1e-3);
  EXPECT_NEAR(wall_area(x_walls), 2 * (200 - chord) * 1.0, 1e-3);
  EXPECT_NEAR(wall_area(y_walls), 2 * (200 - chord) * 1.0, 1e-3);
  // The bridge's roads keep every wall: the kerbs up there guard a drop.
  EXPECT_EQ(triangles_of(bridge, "edge:x").size(), triangles_of(lone, "edge:x").size());
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
  const std::vector<Triangle> a = triangles_of(abutting, "edge:a"), b = triangles_of(abutting, "edge:b");
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
  EXPECT_NEAR(wall_area(triangles_of(levels, "edge:a")), 400, 1e-6);
  EXPECT_NEAR(wall_area(triangles_of(levels, "edge:b")), 400, 1e-6);
}

TEST(OpenDriveScene, TheLanesSumoDrivesItsBusesAndBicyclesOnAreGroundByDefault) {
  // netconvert writes "restricted" for every lane a passenger car may not use, where SUMO drives its buses
  // and taxis, and "biking" for a bike lane, where it rides its bicycles: a road of such lanes is ground,
  // with its edge walls where a driving road has them.
  const auto dir = testing::temp_folder("opendrive-restricted");
  const auto road_of = [&](const std::string& type) {
    return load_scene(testing::write_opendrive(dir / (type + ".xodr"), testing::straight_road_xml("1", -100, 0, 0, 0, type)),
                      with_edges(1.0));
  };
  const Scene driving = road_of("driving");
  ASSERT_FALSE(triangles_of(driving, "edge:1").empty());
  for (const std::string type : {"restricted", "biking"}) {
    SCOPED_TRACE(type);
    const Scene lanes = road_of(type);
    EXPECT_EQ(triangles_of(lanes, "edge:1").size(), triangles_of(driving, "edge:1").size());
    EXPECT_EQ(triangles_of(lanes, "road:1").size(), triangles_of(driving, "road:1").size());
    for (const double y : {-1.75, 1.75}) EXPECT_NEAR(lanes.surface->height_below(Vec2(0, y), 1.0), 0.0, 1e-9) << y;
  }
}

TEST(OpenDriveScene, WithEveryFaceCollidingTheRoadIsStillTheSurfaceUnderTheCar) {
  // A SUMO network has no walls, so its cases make every face collide (vertical_within_deg 90). The surface
  // was then sought among no face at all: the rectangle rode the fallback under a climbing road and met
  // the road itself (esmini's curves_elevation: 2 impacts, 2,283 events, no_tunnelling failed).
  const odr::Network net = odr::read_network(kBend);
  const odr::RoadSurface road(net.roads[0]);
  for (const double within : {45.0, 90.0}) {
    SceneOptions o = with_edges(1.0);
    o.vertical_only = true;
    o.vertical_tolerance_deg = within;
    const Scene scene = load_scene(kBend, o);
    for (double s = 2; s < 74; s += 4)
      for (const double t : {-2.5, 0.0, 2.5}) {
        const Vec3 p = road.point(s, t);
        EXPECT_NEAR(scene.surface->height_below(p.head<2>(), p.z() + 1.0), p.z(), 0.02)
            << "within " << within << " deg, s " << s << ", t " << t;
      }
  }
}

TEST(OpenDriveScene, ARoadFarFromTheOriginKeepsItsSurfaceWithinTheTolerance) {
  // A georeferenced file may place its roads at UTM coordinates. The mesh's float vertices rounded them
  // by up to 0.25 m at a northing of 5,000 km; chunks far from the origin are now kept relative to a
  // corner of their own, the offset in a transform (double).
  const Vec2 far = testing::kFar;
  const auto file = testing::far_bend();
  const Scene scene = load_scene(file.string(), with_edges(1.0));
  const std::vector<Triangle> road = triangles_of(scene, "road:1");
  ASSERT_FALSE(road.empty());
  const odr::RoadSurface surface(odr::read_network(file.string()).roads[0]);
  for (double s = 1; s < 75; s += 3.7)
    for (const double t : {-3.0, 0.0, 3.5}) {
      const Vec3 p = surface.point(s, t);
      double nearest = 1e300;
      for (const Triangle& tri : road) nearest = std::min(nearest, testing::distance_to_triangle(p, tri));
      EXPECT_LT(nearest, kDefaultSurfaceTolerance + 1e-3) << "s " << s << ", t " << t;
    }
  // The flat road hides a shift along it; the edge walls do not (NamesItsNodesAndRaisesEdges... near 0).
  int walls = 0;
  for (const WallSegment& w : wall_footprints(scene.triangles)) {
    const Vec2 a = w.a_W - far, b = w.b_W - far;
    if (a.x() > 30.001 || b.x() > 30.001 || a.y() < -5) continue;  // past the straight; the box
    EXPECT_NEAR(a.y(), a.y() > 0 ? 3.7 * std::cos(0.02) : -3.3 * std::cos(0.02), 1e-3);
    ++walls;
  }
  EXPECT_EQ(walls, 2);
  for (const std::string& note : scene.notes) EXPECT_EQ(note.find("km from"), std::string::npos) << note;
}

TEST(OpenDriveScene, ANetworkPastItsTriangleBudgetIsRefusedNamingIt) {
  SceneOptions small = with_edges(1.0);
  small.opendrive.most_triangles = 100;
  try {
    (void)load_scene(kBend, small);
    ADD_FAILURE() << "the bend (hundreds of triangles) loaded within a budget of 100";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("triangle"), std::string::npos) << e.what();
  }
  EXPECT_GT(load_scene(kBend, with_edges(1.0)).triangles.size(), 100u);
  // The walls are built last, after every road's surface and objects: a budget that the surface and an
  // object of 200 corners fit, and the walls then pass by one, is refused too (the walls went uncounted).
  std::string corners;
  for (int i = 0; i < 200; ++i)
    corners += fmt::format(R"(<cornerLocal u="{}" v="{}" height="1"/>)", std::cos(i * 0.0314), std::sin(i * 0.0314));
  std::string road = testing::straight_road_xml("a", 0, 0, 0, 0);
  road.replace(road.find("</lanes></road>"), 15,
               R"(</lanes><objects><object id="O" s="100" t="8"><outline>)" + corners + "</outline></object></objects></road>");
  const std::string file = testing::write_opendrive(testing::temp_folder("opendrive-budget") / "walls-last.xodr", road);
  const std::size_t all = testing::triangles_of(load_scene(file, with_edges(1.0)), [](std::string_view) { return true; }).size();
  SceneOptions walls_past = with_edges(1.0);
  walls_past.opendrive.most_triangles = static_cast<long>(all) - 1;
  EXPECT_NE(testing::error_message([&] { (void)load_scene(file, walls_past); }).find("triangles by here"), std::string::npos);
  walls_past.opendrive.most_triangles = static_cast<long>(all);
  EXPECT_EQ(testing::error_message([&] { (void)load_scene(file, walls_past); }), "");
}

TEST(OpenDriveScene, AnUpAxisOrUnitScaleIsRefused) {
  SceneOptions y_up;
  y_up.up = UpAxis::kY;
  EXPECT_THROW(load_scene(kBend, y_up), Error);
  SceneOptions feet;
  feet.unit_scale = 0.3048;
  EXPECT_THROW(load_scene(kBend, feet), Error);
}

/// Poses along the bend weaving across it, out to 4.5 m either side of the lane offset: into both walls;
/// `shift` moved as the bend's file was.
std::vector<VehiclePose> weave(const Vec2& shift = Vec2::Zero()) {
  const odr::Network net = odr::read_network(kBend);
  const odr::RoadSurface surface(net.roads[0]);
  std::vector<VehiclePose> poses;
  for (double s = 3; s < 72; s += 0.1) {
    const double t = 0.2 + 4.5 * std::sin(s / 5);
    const Vec3 p = surface.point(s, t);
    poses.push_back({p.head<2>() + shift, surface.reference_line().at(s).hdg + 0.4 * std::cos(s / 5), 0.5,
                     {2.5, 2.0, 1.8}});
  }
  return poses;
}

/// Every registered detector on `file` with 1 m edges along the weave: a triangle detector's contacts are
/// brute force's; a detector of wall footprints (analytic) gives one contact per footprint a curved wall is
/// cut into (docs/scenes.md, "From triangles to contacts"), so only the same steps.
void expect_every_detector_agrees_along_the_weave(const std::string& file, const Vec2& shift) {
  Scene scene = load_scene(file, with_edges(1.0));
  scene.walls = wall_footprints(scene.triangles);  // as cases/loading/scene_source.cpp gives a file scene
  const auto poses = weave(shift);
  const auto want = testing::contacts("brute-force", scene, poses);
  const int steps = testing::expect_agreement(want, want, "brute-force");
  EXPECT_GT(steps, 100) << "the weave must touch the walls";
  EXPECT_LT(steps, static_cast<int>(poses.size()) - 100) << "and leave them";
  int wall_detectors = 0;
  for (const std::string& d : testing::detector_names()) {
    if (d == "brute-force") continue;
    const auto got = testing::contacts(d, scene, poses);
    if (make_detector(d)->geometry() == SceneGeometry::kTriangles) {
      testing::expect_agreement(got, want, file + " " + d);
      continue;
    }
    ++wall_detectors;
    for (std::size_t i = 0; i < poses.size(); ++i)
      EXPECT_EQ(got[i].empty(), want[i].empty()) << file << " " << d << " step " << i;
  }
  EXPECT_GT(wall_detectors, 0);
}

TEST(OpenDriveScene, EveryDetectorAgreesWithBruteForceOnTheBendWithEdges) {
  expect_every_detector_agrees_along_the_weave(kBend, Vec2::Zero());
}

TEST(OpenDriveScene, EveryDetectorAgreesWithBruteForceOnTheBendFarFromTheOrigin) {
  // osg-kdtree merged the scene's triangles into one geometry of world floats: half a metre apart at a
  // UTM northing, so it hit triangles a car's rectangle does not meet and missed ones it does.
  expect_every_detector_agrees_along_the_weave(testing::far_bend().string(), testing::kFar);
}

/// The warnings building `file`'s scene gives.
std::vector<std::string> odr_warnings(const std::string& file) { return build_opendrive_scene(file).warnings; }

/// The feet of the walls of node `name`: the sides of its triangles with both ends on a flat road at z = 0.
std::vector<std::pair<Vec2, Vec2>> wall_feet(const Scene& scene, const std::string& name) {
  std::vector<std::pair<Vec2, Vec2>> feet;
  for (const Triangle& t : triangles_of(scene, name)) {
    std::vector<Vec2> base;
    for (const Vec3& v : {t.a_W, t.b_W, t.c_W})
      if (std::abs(v.z()) < 1e-9) base.push_back(v.head<2>());
    if (base.size() == 2) feet.emplace_back(base[0], base[1]);
  }
  return feet;
}

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
  const std::vector<Triangle> object = triangles_of(scene, "object:A");
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
  const std::vector<Triangle> object = triangles_of(scene, "object:B");
  EXPECT_EQ(object.size(), 3u * 12u);  // three boxes: four sides of two, two caps of two
  for (const int n : vertices_per_interval(object, {{50, 52}, {60, 62}, {70, 72}})) EXPECT_EQ(n, 36);
  for (const Triangle& t : object)
    for (const Vec3& p : {t.a_W, t.b_W, t.c_W}) EXPECT_TRUE(p.y() > 6 - 1e-9 && p.y() < 8 + 1e-9) << p.y();
}

TEST(OpenDriveScene, EveryLaneTypeTrafficDrivesAlongIsRoadUnderTheCar) {
  // A lane drive takes these types (driving_lanes): each must be ground, or the car drives off the road.
  // OpenDRIVE 1.7's "slipLane" was not, so a slip lane had no surface.
  for (const std::string& type : odr::kTravelLaneTypes) {
    const std::string file = testing::write_opendrive(testing::temp_folder("opendrive-types") / (type + ".xodr"),
                                                      testing::straight_road_xml("t", 0, 0, 0, 0, type));
    const Scene scene = load_scene(file);
    for (const double y : {-1.75, 1.75})
      EXPECT_NEAR(scene.surface->height_below(Vec2(100, y), kHighest), 0.0, 1e-9) << type << " at y = " << y;
  }
}

TEST(OpenDriveScene, IsNeverWarnedOfItsUpAxisWhichTheFormatFixes) {
  // A narrow road climbing 30 m, banked 70 deg: its flat area faces sideways and it stands taller than it is
  // deep, what the up-axis check takes for a file read on its side, but OpenDRIVE is z-up and the load refuses
  // the "up_axis" the warning would have named (esmini's straight_500_superelevation_elevation.xodr was warned).
  std::string road = testing::straight_road_xml("c", 0, 0, 0, 0);
  road.replace(road.find("b=\"0\""), 5, "b=\"0.15\"");
  road.replace(road.find("</elevationProfile>"), 19,
               "</elevationProfile><lateralProfile><superelevation s=\"0\" a=\"1.22\" b=\"0\" c=\"0\" d=\"0\"/>"
               "</lateralProfile>");
  const std::string file = testing::write_opendrive(testing::temp_folder("opendrive-up") / "climb.xodr", road);
  for (const Scene& scene : {load_scene(file), load_scene(file, with_edges(1.0))})
    for (const std::string& note : scene.notes) EXPECT_EQ(note.find("up_axis"), std::string::npos) << note;
}

TEST(OpenDriveScene, ARoadBankedSteeperThanACasesGroundSaysSo) {
  // esmini's velodrome.xodr banks its bends at 60 deg: a case's default set took them for walls and no
  // ground, and a car there had no road under it (9,659 of 26,800 steps) without a word at load.
  const auto banked = [](double bank_rad) {
    std::string road = testing::straight_road_xml("b", 0, 0, 0, 0);
    road.replace(road.find("</elevationProfile>"), 19,
                 fmt::format("</elevationProfile><lateralProfile><superelevation s=\"0\" a=\"{}\" b=\"0\" c=\"0\" "
                             "d=\"0\"/></lateralProfile>", bank_rad));
    return odr_warnings(testing::write_opendrive(testing::temp_folder("opendrive-bank") / "bank.xodr", road));
  };
  const auto steep = [](const std::vector<std::string>& warnings) {
    for (const std::string& w : warnings)
      if (w.find("lean more than 45 deg from level (") != std::string::npos && w.find("the steepest 50 deg)") != std::string::npos)
        return true;
    return false;
  };
  EXPECT_TRUE(steep(banked(50 * std::numbers::pi / 180)));
  EXPECT_FALSE(steep(banked(40 * std::numbers::pi / 180)));
  // A lane 1.2 cm wide rising 10 cm across (ASAM's junction samples have such slivers where lane heights
  // step): 0.012 m x 200 m = 2.4 m^2 in plan is warned of, a 50 m road's 0.6 m^2 only said.
  const auto sliver = [](int length) {
    std::string road = testing::straight_road_xml("s", 0, 0, 0, 0);
    const std::string from = "length=\"200\"", to = fmt::format("length=\"{}\"", length);
    for (std::size_t at = road.find(from); at != std::string::npos; at = road.find(from, at + to.size()))
      road.replace(at, from.size(), to);
    road.replace(road.find("</lane></right>"), 15,
                 "</lane><lane id=\"-2\" type=\"driving\"><width sOffset=\"0\" a=\"0.012\" b=\"0\" c=\"0\" d=\"0\"/>"
                 "<height sOffset=\"0\" inner=\"0\" outer=\"0.1\"/></lane></right>");
    return build_opendrive_scene(testing::write_opendrive(testing::temp_folder("opendrive-sliver") /
                                                              fmt::format("sliver-{}.xodr", length), road));
  };
  const OpenDriveScene long_sliver = sliver(200), short_sliver = sliver(50);
  EXPECT_TRUE(std::any_of(long_sliver.warnings.begin(), long_sliver.warnings.end(), [](const std::string& w) {
    return w.find("(2.40 m^2 in plan; the steepest 83 deg)") != std::string::npos;
  }));
  EXPECT_TRUE(short_sliver.warnings.empty()) << short_sliver.warnings.front();
  EXPECT_TRUE(std::any_of(short_sliver.about.begin(), short_sliver.about.end(), [](const std::string& a) {
    return a.starts_with("steep road surface: ") && a.find("(0.60 m^2 in plan;") != std::string::npos;
  }));
}

TEST(OpenDriveScene, ARoadEndsWhereItsPlanViewEndsAndSaysSo) {
  // A 20 m paramPoly3 (v = 0.01 u^2, along the arc) is the whole plan view of a road whose length says 200:
  // evaluated past its 20 m the cubic reached y = 0.01 * 200^2 = 400 m, a road nobody drew, without a word.
  std::string road = testing::straight_road_xml("p", 0, 0, 0, 0);
  const std::string line = "length=\"200\"><line/>";
  road.replace(road.find(line), line.size(),
               "length=\"20\"><paramPoly3 aU=\"0\" bU=\"1\" cU=\"0\" dU=\"0\" aV=\"0\" bV=\"0\" cV=\"0.01\" "
               "dV=\"0\" pRange=\"arcLength\"/>");
  const std::string file = testing::write_opendrive(testing::temp_folder("opendrive-short") / "short.xodr", road);
  const Scene scene = load_scene(file, with_edges(1.0));
  // Every vertex within the curve's end (20, 4) of the origin, plus the lanes' 3.5 m and the walls' centimetres.
  const double reach = std::hypot(20.0, 4.0) + 3.5 + 0.1;
  for (const Triangle& t : testing::triangles_of(scene, [](std::string_view) { return true; }))
    for (const Vec3* v : {&t.a_W, &t.b_W, &t.c_W}) ASSERT_LE(v->head<2>().norm(), reach) << v->transpose();
  const std::vector<std::string> warnings = odr_warnings(file);
  EXPECT_TRUE(has_line(warnings, "the plan views of 1 roads end short of their length (first: road 'p' (line 1), "
                                 "20.000 of 200.000 m)")) << (warnings.empty() ? "no warning" : warnings.front());
}

TEST(OpenDriveScene, ARoadWhosePlanViewRunsOnPastItsLengthIsBuiltToItsLengthAndSaysSo) {
  // esmini's parking_advanced.xodr draws road 2 as a 100 m line for a length of 30.6 m: the road was built to
  // 30.6 m without a word, while SUMO's import laid its edge along all 100 m.
  std::string road = testing::straight_road_xml("q", 0, 0, 0, 0);
  const std::string length = "length=\"200\"";
  road.replace(road.find(length), length.size(), "length=\"120\"");  // the road's; its line keeps 200
  const std::string file = testing::write_opendrive(testing::temp_folder("opendrive-past") / "past.xodr", road);
  const Scene scene = load_scene(file);
  EXPECT_NEAR(scene.surface->height_below(Vec2(119, -1.75), kHighest), 0.0, 1e-9);
  EXPECT_TRUE(std::isnan(scene.surface->height_below(Vec2(121, -1.75), kHighest)));
  const std::vector<std::string> warnings = odr_warnings(file);
  EXPECT_TRUE(has_line(warnings, "the plan views of 1 roads run on past their length (first: road 'q' (line 1), "
                                 "drawn 200.000 m for a length of 120.000 m)"))
      << (warnings.empty() ? "no warning" : warnings.front());
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

TEST(OpenDriveScene, ARecordOfNoLengthIsNoKink) {
  // Scenic's suspect_geometries.xodr: a road starts with a line of 1e-9 m heading 0, then runs 100 m turned
  // 90 deg. Read as a kink at the start, its wedge was filled and walled from (0, -3.5) to (3.5, 0), across
  // the lane where a car starting on it stands.
  const std::string road =
      R"(<road id="m" length="100" junction="-1"><planView><geometry s="0" x="0" y="0" hdg="0" length="1e-9">)"
      R"(<line/></geometry><geometry s="1e-9" x="1e-9" y="0" hdg="1.5707963267948966" length="99.999999999">)"
      R"(<line/></geometry></planView><lanes><laneSection s="0"><center><lane id="0" type="none"/></center>)"
      R"(<right><lane id="-1" type="driving"><width sOffset="0" a="3.5" b="0" c="0" d="0"/></lane></right>)"
      "</laneSection></lanes></road>";
  const std::string file = testing::write_opendrive(testing::temp_folder("opendrive-no-length") / "m.xodr", road);
  EXPECT_TRUE(has_line(build_opendrive_scene(file).about, "(kinks over 0.06 deg): 0"));
  const Scene scene = load_scene(file, with_edges(1.0));
  for (const std::string& d : testing::triangle_detector_names()) {
    const VehiclePose at_the_start{Vec2(1.75, 1.0), std::numbers::pi / 2, 0.5, {2.5, 2.0, 1.8}, 0};
    EXPECT_TRUE(testing::contacts(d, scene, {at_the_start})[0].empty()) << d;
  }
}

TEST(OpenDriveScene, AnOpenOutlineIsALineOfWallsWithItsEndsApart) {
  // esmini's parking_advanced.xodr draws each parking bay as an open outline of three sides, the fourth its
  // way in. Every outline was closed, so a 4 m wall stood across each bay's entry.
  const auto bay = [](const char* closed) {
    return fmt::format(R"(<object id="P" s="50" t="0"><outlines><outline id="0"{}><cornerLocal u="2.5" v="0" )"
                       R"(height="4"/><cornerLocal u="2.5" v="5" height="4"/><cornerLocal u="0" v="5" height="4"/>)"
                       R"(<cornerLocal u="0" v="0" height="4"/></outline></outlines></object>)", closed);
  };
  const std::vector<Triangle> open = triangles_of(road_with_objects("bay-open", bay(R"( closed="false")")), "object:P");
  EXPECT_EQ(open.size(), 6u);  // three sides of two triangles, no caps
  for (const Triangle& t : open)  // the way in is the side v = 0, from (50, 0) to (52.5, 0)
    EXPECT_FALSE(t.a_W.y() == 0 && t.b_W.y() == 0 && t.c_W.y() == 0) << "a wall across the way in";
  EXPECT_EQ(triangles_of(road_with_objects("bay-closed", bay(R"( closed="true")")), "object:P").size(), 12u);
  EXPECT_EQ(triangles_of(road_with_objects("bay-default", bay("")), "object:P").size(), 12u);  // an area
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
  const std::vector<Triangle> gantry = triangles_of(scene, "object:G");
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

TEST(OpenDriveScene, ASectionsEndIsBuiltWithItsOwnLanesSoNoEdgeWallStandsAcrossTheLane) {
  // testing::offset_section_road_xml: the driving lane lies 0 to 3.5 m right of the line throughout, so every
  // edge wall stands at y = 0 or y = -3.5. Built with the next section's laneOffset, the first section's end
  // stood walls across the lane at x = 10 (from y = 0 to -3.5, and from -3.5 to -7).
  const auto file = testing::temp_folder("section-end") / "offset.xodr";
  const Scene scene = load_scene(testing::write_opendrive(file, testing::offset_section_road_xml()), with_edges(1.0));
  const std::vector<Triangle> walls = triangles_of(scene, "edge:r");
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

TEST(OpenDriveScene, APolylinesCornersAreCountedAndARoadFoldingBackIsWarnedOf) {
  const auto load = [](const std::string& name, double turn) {
    const auto path = testing::temp_folder("kinks") / name;
    return build_opendrive_scene(testing::write_opendrive(path, testing::kinked_road_xml(turn)));
  };
  const OpenDriveScene corner = load("corner.xodr", 0.6);
  EXPECT_TRUE(has_line(corner.about, fmt::format("(kinks over 0.06 deg): 1 (sharpest {:.1f} deg: road 'k' (line 1) at "
                                            "s 100.500)", 0.6 * 180 / std::numbers::pi)));
  EXPECT_FALSE(has_line(corner.warnings, "folds back"));
  const OpenDriveScene fold = load("fold.xodr", 2.0);
  EXPECT_TRUE(has_line(fold.warnings, fmt::format("1 plan-view joints turn the reference line back by more than 90 deg "
                                             "at once (sharpest {:.1f} deg", 2.0 * 180 / std::numbers::pi)));
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
