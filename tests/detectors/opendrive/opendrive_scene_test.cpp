// An OpenDRIVE file as a scene (detectors/scenes/opendrive/opendrive_scene.hpp through load_scene): named
// nodes, the surface within its stated distance of the exact surface (checked here against the exact
// surface at points the sampler never probed), what the load says of a network, and every registered
// detector giving brute force's contacts on a drive weaving into both edges. The edge walls' rule is
// opendrive_edge_walls_test.cpp's, objects opendrive_objects_test.cpp's.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <random>
#include <set>
#include <tuple>

#include "detectors/scenes/opendrive/odr_reader.hpp"
#include "detectors/scenes/opendrive/opendrive_scene.hpp"
#include "detectors/scenes/opendrive/road_surface.hpp"
#include "detectors/scenes/registry/scene_library.hpp"
#include "detectors/scenes/registry/scene_report.hpp"
#include "detectors/scenes/wall_footprints.hpp"
#include "tests/support/detector_agreement.hpp"
#include "tests/support/error_message.hpp"
#include "tests/support/far_bend.hpp"
#include "tests/support/opendrive_edges.hpp"
#include "tests/support/opendrive_roads.hpp"
#include "tests/support/paths.hpp"
#include "tests/support/registries.hpp"
#include "tests/support/scene_mesh.hpp"
#include "tests/support/temp_folder.hpp"
#include "tests/support/text_count.hpp"

namespace crashbench {
namespace {

using testing::has_line;
using testing::node_triangles;
using testing::with_edges;
const std::string kBend = testing::testdata_path("opendrive/bend.xodr");

/// The largest distance from the exact surface at 4000 random points of the bend's driving lanes to the
/// road's triangles.
double largest_surface_error(const Scene& scene) {
  const odr::Network net = odr::read_network(kBend);
  const odr::RoadSurface surface(net.roads[0]);
  const std::vector<Triangle> road = node_triangles(scene, "road:1");
  EXPECT_FALSE(road.empty());
  std::mt19937 random(24);
  std::uniform_real_distribution<double> along(0, 75), across(-3.3, 3.7);  // lane -1's outer to lane 1's outer
  std::vector<Vec3> exact;
  for (int i = 0; i < 4000; ++i) exact.push_back(surface.point(along(random), across(random)));
  return testing::farthest_from(exact, road);
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
  const std::vector<Triangle> road = node_triangles(load_scene(testing::testdata_path("opendrive/turn-lane.xodr")),
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
  EXPECT_EQ(scene.triangles.size(), node_triangles(scene, "edge:1").size() + node_triangles(scene, "object:7").size());
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
  ASSERT_FALSE(node_triangles(driving, "edge:1").empty());
  for (const std::string type : {"restricted", "biking"}) {
    SCOPED_TRACE(type);
    const Scene lanes = road_of(type);
    EXPECT_EQ(node_triangles(lanes, "edge:1").size(), node_triangles(driving, "edge:1").size());
    EXPECT_EQ(node_triangles(lanes, "road:1").size(), node_triangles(driving, "road:1").size());
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
  const std::vector<Triangle> road = node_triangles(scene, "road:1");
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

}  // namespace
}  // namespace crashbench
