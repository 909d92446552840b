// Contacts against hand calculations: a vehicle's rectangle across a wall gives the midpoint of the part
// of the wall's face inside the rectangle, the wall normal towards the vehicle and the deepest corner's
// penetration, from every detector; duplicate faces and degenerate triangles change nothing.
#include <gtest/gtest.h>

#include "detectors/detector.hpp"
#include "detectors/scenes/registry/l_rail.hpp"
#include "detectors/scenes/registry/scene_library.hpp"
#include "detectors/scenes/registry/scene_drives.hpp"
#include "tests/support/registries.hpp"
#include "tests/support/tolerance.hpp"
#include "tests/support/triangle_soup.hpp"

namespace crashbench {
namespace {


using testing::near_relative;


/// The corners of `p`'s rectangle, by hand: front-left, rear-left, rear-right, front-right.
std::array<Vec2, 4> corners(const VehiclePose& p) {
  const Vec2 f(std::cos(p.heading), std::sin(p.heading)), l(-f.y(), f.x());
  const double hw = p.size.width / 2;
  return {p.position_W + 2.1 * f + hw * l, p.position_W - 2.6 * f + hw * l, p.position_W - 2.6 * f - hw * l,
          p.position_W + 2.1 * f - hw * l};
}

/// Where the rectangle's edges cross the line y = y0 (a horizontal wall face), by hand.
std::vector<Vec2> crossings_of_y(const std::array<Vec2, 4>& c, double y0) {
  std::vector<Vec2> out;
  for (int e = 0; e < 4; ++e) {
    const Vec2 a = c[e], b = c[(e + 1) % 4];
    if ((a.y() - y0) * (b.y() - y0) < 0) out.push_back(a + (b - a) * ((y0 - a.y()) / (b.y() - a.y())));
  }
  return out;
}

std::vector<Contact> run(const std::string& detector, const Scene& scene, const VehiclePose& pose) {
  auto d = make_detector(detector);
  d->prepare(scene, 1);
  std::vector<Contact> out;
  DetectorStats stats;
  d->detect(std::span(&pose, 1), out, stats);
  return out;
}

class EveryDetector : public ::testing::TestWithParam<std::string> {};

TEST_P(EveryDetector, RightFrontCornerThroughTheSideWallMatchesTheHandCalculation) {
  const Scene scene = load_scene("l-rail");
  const VehiclePose pose = drive_pose({37.3, 1.3}, -0.31);  // nose down towards the wall at Y = 0, 0.2 m deep
  const auto c = corners(pose);
  const std::vector<Vec2> ab = crossings_of_y(c, 0.0);
  ASSERT_EQ(ab.size(), 2u);  // the front and right edges cross the wall face
  double depth = 0;
  for (const Vec2& k : c) depth = std::max(depth, -k.y());
  const std::vector<Contact> got = run(GetParam(), scene, pose);
  ASSERT_EQ(got.size(), 1u);
  EXPECT_TRUE(near_relative(got[0].point_W, 0.5 * (ab[0] + ab[1]), 1e-9, 10));
  EXPECT_TRUE(near_relative(got[0].normal_W, Vec2(0, 1), 1e-9));
  EXPECT_TRUE(near_relative(got[0].depth, depth, 1e-9));
  EXPECT_EQ(got[0].other, kStaticScene);
}

TEST_P(EveryDetector, HeadOnIntoTheEndWallFacesTheVehicle) {
  const Scene scene = load_scene("l-rail");
  const VehiclePose pose = drive_pose({97.95, 21.4}, 0.0);  // front bumper 5 cm into X = 100
  const std::vector<Contact> got = run(GetParam(), scene, pose);
  ASSERT_EQ(got.size(), 1u);
  EXPECT_TRUE(near_relative(got[0].point_W, Vec2(100, 21.4), 1e-9, 10));
  EXPECT_TRUE(near_relative(got[0].normal_W, Vec2(-1, 0), 1e-9));
  EXPECT_NEAR(got[0].depth, 0.05, 1e-9);
}

TEST_P(EveryDetector, ClearOfTheWallsGivesNoContact) {
  const Scene scene = load_scene("l-rail");
  EXPECT_TRUE(run(GetParam(), scene, drive_pose({37.3, 1.2}, 0.0)).empty());
  // 5 mm short of the end wall X = 100 is clear; 5 mm into it is not (a detector that finds nothing fails).
  EXPECT_TRUE(run(GetParam(), scene, drive_pose({97.895, 21.4}, 0.0)).empty());
  EXPECT_EQ(run(GetParam(), scene, drive_pose({97.905, 21.4}, 0.0)).size(), 1u);
}

/// A wall face y = 0 for x in [0, 10], 0 <= z <= 1, drawn twice with opposite windings, plus degenerate
/// triangles: a repeated vertex and three collinear vertices on the face.
osg::ref_ptr<osg::Node> messy_wall() {
  const osg::Vec3 a(0, 0, 0), b(10, 0, 0), c(10, 0, 1), d(0, 0, 1);
  return testing::triangle_soup({a, b, c, a, c, d, a, c, b, a, d, c, a, a, c, a, b, osg::Vec3(5, 0, 0)});
}

TEST_P(EveryDetector, DuplicateFacesAndDegenerateTrianglesGiveOneContactFacingTheVehicle) {
  const Scene scene = make_scene("messy", messy_wall(), {});
  EXPECT_EQ(scene.triangles.size(), 4u);  // the two degenerate triangles are dropped
  for (const double side : {+1.0, -1.0}) {  // from either side of the wall
    const VehiclePose pose = drive_pose({4.0, side * 0.8}, side * -0.2);
    const std::vector<Contact> got = run(GetParam(), scene, pose);
    ASSERT_EQ(got.size(), 1u) << side;
    EXPECT_TRUE(near_relative(got[0].normal_W, Vec2(0, side), 1e-9)) << side;
    const std::vector<Vec2> ab = crossings_of_y(corners(pose), 0.0);
    ASSERT_EQ(ab.size(), 2u);
    EXPECT_TRUE(near_relative(got[0].point_W, 0.5 * (ab[0] + ab[1]), 1e-9, 10)) << side;
  }
}

TEST_P(EveryDetector, AWallsOnlySceneIsAnErrorNamingTheScene) {
  Scene walls_only;
  walls_only.name = "straight-wall";
  walls_only.walls = {{{-50, 0}, {250, 0}}};
  auto d = make_detector(GetParam());
  try {
    d->prepare(walls_only, 1);
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.file(), "straight-wall");
  }
}

INSTANTIATE_TEST_SUITE_P(TriangleDetectors, EveryDetector, ::testing::ValuesIn(testing::triangle_detector_names()),
                         [](const auto& info) { return testing::test_name(info.param); });

}  // namespace
}  // namespace crashbench
