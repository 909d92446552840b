// OpenDRIVE's lateral profile (1.6's shapes, 1.4's crossfall) as a scene (road_surface.hpp, lane_strips.hpp):
// a crowned road's mesh within its tolerance of the exact surface at points the sampler never probed, its edge
// walls standing on the shaped surface, cars on its lane centres answered by the face they were on, and what
// the load says of it. The heights themselves are worked out by hand in road_surface_test.cpp.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "detectors/scenes/opendrive/odr_reader.hpp"
#include "detectors/scenes/opendrive/road_surface.hpp"
#include "detectors/scenes/registry/scene_drives.hpp"
#include "detectors/scenes/registry/scene_library.hpp"
#include "detectors/scenes/triangle_extraction.hpp"
#include "tests/support/opendrive_edges.hpp"
#include "tests/support/opendrive_roads.hpp"
#include "tests/support/scene_mesh.hpp"
#include "tests/support/surface_brute_force.hpp"
#include "tests/support/temp_folder.hpp"

namespace crashbench {
namespace {

using testing::with_edges;

/// Road "1", 100 m along +X from the origin: a 3.5 m driving lane either side of the line and a 1 m shoulder
/// right of lane -1. With shapes: at s = 0 OpenDRIVE 1.6's crown (level to t = -3, rising 0.15 a metre to 0.45 m
/// at the line, falling 0.1 a metre beyond), at s = 50 a cubic from t = -4.5 (0.3 m at t = 3.5), written out
/// of order; and a crossfall of 0.02 rad both sides.
std::string crowned_road_file(bool shaped) {
  const std::string shapes = shaped ? R"(<lateralProfile><shape s="50" t="-4.5" a="0" b="0.05" c="-0.004" d="0.0003"/>)"
                                      R"(<shape s="0" t="0" a="0.45" b="-0.1" c="0" d="0"/>)"
                                      R"(<shape s="0" t="-4.5" a="0" b="0" c="0" d="0"/>)"
                                      R"(<shape s="0" t="-3" a="0" b="0.15" c="0" d="0"/>)"
                                      R"(<crossfall side="both" s="0" a="0.02" b="0" c="0" d="0"/></lateralProfile>)"
                                    : "";
  const std::string road = fmt::format(
      R"(<road id="1" length="100" junction="-1"><planView><geometry s="0" x="0" y="0" hdg="0" length="100">)"
      R"(<line/></geometry></planView>{}<lanes><laneSection s="0"><left><lane id="1" type="driving"><width )"
      R"(sOffset="0" a="3.5" b="0" c="0" d="0"/></lane></left><center><lane id="0" type="none"/></center><right>)"
      R"(<lane id="-1" type="driving"><width sOffset="0" a="3.5" b="0" c="0" d="0"/></lane><lane id="-2" )"
      R"(type="shoulder"><width sOffset="0" a="1" b="0" c="0" d="0"/></lane></right></laneSection></lanes></road>)",
      shapes);
  return testing::write_opendrive(testing::temp_folder("opendrive-shapes") / (shaped ? "crowned.xodr" : "flat.xodr"),
                                  road);
}

/// 4000 random points of the crowned road's exact surface over its driving lanes.
std::vector<Vec3> exact_crowned_points() {
  const odr::Network net = odr::read_network(crowned_road_file(true));
  const odr::RoadSurface surface(net.roads[0]);
  std::mt19937 random(50);
  std::uniform_real_distribution<double> along(0, 100), across(-3.5, 3.5);
  std::vector<Vec3> out;
  for (int i = 0; i < 4000; ++i) out.push_back(surface.point(along(random), across(random)));
  return out;
}

TEST(OpenDriveShapes, ACrownedRoadsMeshStaysWithinItsToleranceOfTheExactSurface) {
  const std::vector<Vec3> exact = exact_crowned_points();
  const Scene crowned = load_scene(crowned_road_file(true));
  // 1 cm as stated, plus the graph's float vertices (100 m out: 1e-5 m).
  EXPECT_LE(testing::farthest_from(exact, testing::node_triangles(crowned, "road:1")), kDefaultSurfaceTolerance + 1e-5);
  // The same road without its shapes lies as far below as the crown rises (0.45 m at the line): the check
  // sees the shapes.
  const Scene flat = load_scene(crowned_road_file(false));
  EXPECT_GT(testing::farthest_from(exact, testing::node_triangles(flat, "road:1")), 0.4);
  // A looser tolerance shows up in the same check, across the lanes as along them.
  const Scene loose = load_scene(crowned_road_file(true), with_edges(0, 0.1));
  EXPECT_GT(testing::farthest_from(exact, testing::node_triangles(loose, "road:1")), 2 * kDefaultSurfaceTolerance);
}

TEST(OpenDriveShapes, TheLoadCountsTheRecordsAndTheStripsAndWarnsOfNone) {
  const Scene crowned = load_scene(crowned_road_file(true));
  const auto line = std::find_if(crowned.about.begin(), crowned.about.end(),
                                 [](const std::string& a) { return a.starts_with("lateral profiles"); });
  ASSERT_NE(line, crowned.about.end());
  // The crown's kink at t = -3 lies inside lane -1, so its lanes are cut across into several strips.
  const std::string counted = "lateral profiles: 4 shape and 1 crossfall records on 1 roads; their lanes cut across "
                              "into up to ";
  EXPECT_TRUE(line->starts_with(counted)) << *line;
  EXPECT_NE(*line, counted + "1 strips");
  for (const std::string& note : crowned.notes) {
    EXPECT_EQ(note.find("shape"), std::string::npos) << note;
    EXPECT_EQ(note.find("crossfall"), std::string::npos) << note;
  }
  const Scene flat = load_scene(crowned_road_file(false));
  const std::string none = "lateral profiles: 0 shape and 0 crossfall records on 0 roads";
  EXPECT_NE(std::find(flat.about.begin(), flat.about.end(), none), flat.about.end());
}

TEST(OpenDriveShapes, EdgeWallsStandOnTheShapedSurface) {
  const odr::Network net = odr::read_network(crowned_road_file(true));
  const odr::RoadSurface surface(net.roads[0]);
  const Scene crowned = load_scene(crowned_road_file(true), with_edges(1.0));
  const std::vector<Triangle> walls = testing::node_triangles(crowned, "edge:1");
  ASSERT_FALSE(walls.empty());
  // Along +X from the origin, (x, y) is (s, t): every corner of a wall is its foot on the exact surface or
  // 1 m above it (floats 100 m out: 1e-5 m).
  int feet = 0, tops = 0;
  for (const Triangle& t : walls)
    for (const Vec3& v : {t.a_W, t.b_W, t.c_W}) {
      const double ground = surface.point(v.x(), v.y()).z();
      const bool foot = std::abs(v.z() - ground) < 1e-4, top = std::abs(v.z() - ground - 1) < 1e-4;
      EXPECT_TRUE(foot || top) << "(" << v.x() << ", " << v.y() << ", " << v.z() << ") ground " << ground;
      feet += foot, tops += top;
    }
  EXPECT_GT(feet, 0);
  EXPECT_GT(tops, 0);
}

TEST(OpenDriveShapes, AShapeSteppingInsideALaneIsBuiltAndSaysHowFarItsSurfaceLies) {
  // A 0.15 m kerb drawn as a shape (level to t = -3, then 0.15 m up) inside lane -1: no number of strips
  // follows a step, and halving along s cannot either, which had refused the file for passing the triangle
  // budget. The road is built with the most strips, the load says how far its surface lies, and it lies no
  // farther (at random points, the kerb's edge among them).
  const std::string file = testing::write_opendrive(
      testing::temp_folder("opendrive-shapes") / "kerb.xodr",
      R"(<road id="1" length="100" junction="-1"><planView><geometry s="0" x="0" y="0" hdg="0" length="100">)"
      R"(<line/></geometry></planView><lateralProfile><shape s="0" t="-4.5" a="0" b="0" c="0" d="0"/>)"
      R"(<shape s="0" t="-3" a="0.15" b="0" c="0" d="0"/></lateralProfile><lanes><laneSection s="0"><left>)"
      R"(<lane id="1" type="driving"><width sOffset="0" a="3.5" b="0" c="0" d="0"/></lane></left><center>)"
      R"(<lane id="0" type="none"/></center><right><lane id="-1" type="driving"><width sOffset="0" a="3.5" b="0" )"
      R"(c="0" d="0"/></lane></right></laneSection></lanes></road>)");
  const Scene scene = load_scene(file);
  const auto said = std::find_if(scene.notes.begin(), scene.notes.end(), [](const std::string& n) {
    return n.find("the lateral profile steps or folds inside a lane (first: road '1' from s 0.0)") != std::string::npos;
  });
  ASSERT_NE(said, scene.notes.end());
  const auto surface_line = std::find_if(scene.about.begin(), scene.about.end(),
                                         [](const std::string& a) { return a.starts_with("road surface: "); });
  ASSERT_NE(surface_line, scene.about.end());
  double stated = 0;
  const char* format = "road surface: %*d triangles, largest distance from the exact surface %lf";
  ASSERT_EQ(std::sscanf(surface_line->c_str(), format, &stated), 1) << *surface_line;
  EXPECT_GT(stated, kDefaultSurfaceTolerance) << *surface_line;
  EXPECT_NE(said->find(fmt::format("up to {:.3f} m", stated)), std::string::npos) << *said;
  const odr::Network net = odr::read_network(file);
  const odr::RoadSurface surface(net.roads[0]);
  std::mt19937 random(3);
  std::uniform_real_distribution<double> along(0, 100), across(-3.5, 3.5), near_kerb(-3.05, -2.95);
  std::vector<Vec3> exact;
  for (int i = 0; i < 2000; ++i) {
    const double s = along(random);
    exact.push_back(surface.point(s, across(random)));
    exact.push_back(surface.point(s, near_kerb(random)));
  }
  EXPECT_LE(testing::farthest_from(exact, testing::node_triangles(scene, "road:1")), stated + 1e-4);
}

TEST(OpenDriveShapes, CarsOnTheLaneCentresKeepTheirFaceFromStepToStep) {
  // The lanes are cut across into an odd number of strips, so that a lane's centre lies inside one: on a
  // strip's edge (an even number) the ground query could not take the last face as the answer, and scanned
  // its cell on every step of every car there (0 % of the steps answered without a scan with 32 strips).
  const std::string file = crowned_road_file(true);
  const Scene scene = load_scene(file, with_edges(1.0));
  const testing::SurfaceBruteForce brute(all_triangles(*scene.graph), kVerticalToleranceDeg);
  std::vector<Vec2> steps_W;
  for (const VehiclePose& p : opendrive_lanes_drive(scene, file, OdrRoads::kOutsideJunctions))
    steps_W.push_back(p.position_W);
  testing::expect_lanes_answered(*scene.surface, brute, steps_W, file, 2000);
}

}  // namespace
}  // namespace crashbench
