// The generated scenes: exact triangle counts (thesis ch. 6), every l-rail triangle used for collision,
// the track's visual version reducing to its collision version under the vertical filter, closure and
// lap length of the course, and determinism. The scaled tracks' counts: scene_scale_scenario_test.cpp.
#include <gtest/gtest.h>

#include "detectors/scenes/registry/l_rail.hpp"
#include "detectors/scenes/registry/scene_library.hpp"
#include "detectors/scenes/registry/track.hpp"
#include "detectors/scenes/registry/track_layout.hpp"

namespace crashbench {
namespace {

/// Expects `total` triangles of which `vertical` stand vertical and none is degenerate.
void expect_census(const GeneratedScene& g, int total, int vertical) {
  const TriangleCensus c = census(*g.graph);
  EXPECT_EQ(c.total, total);
  EXPECT_EQ(c.vertical, vertical);
  EXPECT_EQ(c.degenerate, 0);
}

TEST(SceneGenerators, LRailHas612TrianglesAllUsedForCollision) {
  GeneratedScene g = make_l_rail();
  // 26 + 8 front/back panel faces (4 triangles each) and 4 end caps (2 each) stand vertical.
  expect_census(g, 612, (26 + 8) * 4 + 4 * 2);
  const Scene scene = make_scene("l-rail", g.graph, g.walls);
  EXPECT_EQ(scene.triangles.size(), 612u);
}

TEST(SceneGenerators, StraightWallIsOneWallBoxOnTheAnalyticWall) {
  const GeneratedScene g = make_straight_wall_scene();
  // 60 panels x (front, back, top) quads + 2 end caps = 364 triangles; front, back and caps stand vertical.
  expect_census(g, 60 * 6 + 4, 60 * 4 + 4);
  ASSERT_EQ(g.walls.size(), 1u);
  EXPECT_EQ(g.walls[0].a_W, Vec2(kStraightWall[0].ax, kStraightWall[0].ay));
  EXPECT_EQ(g.walls[0].b_W, Vec2(kStraightWall[0].bx, kStraightWall[0].by));
}

TEST(SceneGenerators, TrackCollisionVersionHas1838VerticalTriangles) {
  expect_census(make_track(TrackVersion::kCollision), 1838, 1838);
}

TEST(SceneGenerators, TrackVisualVersionHas8780TrianglesAndTheSameVerticalOnes) {
  GeneratedScene g = make_track(TrackVersion::kVisual);
  expect_census(g, 8780, 1838);
  SceneOptions only_vertical;
  only_vertical.vertical_only = true;
  const Scene filtered = make_scene("track-visual", g.graph, {}, only_vertical);
  EXPECT_EQ(filtered.triangles.size(), 1838u);
}

TEST(SceneGenerators, TrackCentreLineClosesWithTheLapLengthAndSomeElevation) {
  const std::vector<TrackSample> line = track_centerline(kTrackSegments);
  ASSERT_EQ(line.size(), static_cast<std::size_t>(kTrackSegments));
  double chords = 0, zmin = 1e9, zmax = -1e9, min_radius = 1e9;
  for (std::size_t k = 0; k < line.size(); ++k) {
    const TrackSample& b = line[(k + 1) % line.size()];
    chords += (b.p_W - line[k].p_W).norm();
    zmin = std::min(zmin, line[k].z), zmax = std::max(zmax, line[k].z);
    const double turn = std::abs(std::asin(std::clamp(cross(line[k].tangent_W, b.tangent_W), -1.0, 1.0)));
    if (turn > 1e-9) min_radius = std::min(min_radius, (b.p_W - line[k].p_W).norm() / turn);
  }
  // Chords are a little shorter than the arcs they cut; the last chord closes the loop.
  EXPECT_NEAR(chords, kTrackLapLength, 0.002 * kTrackLapLength);
  EXPECT_LT(chords, kTrackLapLength);
  EXPECT_GT(zmax - zmin, 5.0);
  // The tight corner: a radius well below the sweepers' hundreds of metres, but wider than the road.
  EXPECT_LT(min_radius, 40.0);
  EXPECT_GT(min_radius, 3 * kTrackHalfWidth);
}

TEST(SceneGenerators, AreDeterministic) {
  const std::vector<Triangle> a = all_triangles(*make_track(TrackVersion::kVisual).graph);
  const std::vector<Triangle> b = all_triangles(*make_track(TrackVersion::kVisual).graph);
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i) ASSERT_EQ(a[i].c_W, b[i].c_W);
}

TEST(SceneGenerators, UnknownNameListsTheKnownOnes) {
  try {
    make_registered_scene("watkins");
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("l-rail"), std::string::npos);
  }
}

}  // namespace
}  // namespace crashbench
