// The surface under a vehicle on small scenes that reproduce each trap of real tracks: a banked road, an
// overhead banner, a bridge over a road, terrain beside the road. Expected heights are worked by hand.
#include "detectors/scenes/surface_query.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "detectors/scenes/ground_grid.hpp"
#include "detectors/scenes/interference.hpp"
#include "detectors/scenes/registry/scene_library.hpp"
#include "testkit/counting_allocator.hpp"

namespace crashbench {
namespace {

/// Two triangles over the quad a-b-c-d (corners in order).
void add_quad(std::vector<Triangle>& out, const Vec3& a, const Vec3& b, const Vec3& c, const Vec3& d) {
  out.push_back({a, b, c});
  out.push_back({a, c, d});
}

SurfaceQuery query(const std::vector<Triangle>& ts) { return SurfaceQuery(ts, kVerticalToleranceDeg, GroundGrid{}); }

TEST(SurfaceQuery, BankedRoadGivesThePlaneUnderTheCg) {
  // 12 m wide, banked 10 deg about the X axis: z = tan(10 deg) (y + 6) + 2, for x in 0..80.
  const double k = std::tan(10 * std::acos(-1.0) / 180);
  std::vector<Triangle> ts;
  add_quad(ts, {0, -6, 2}, {80, -6, 2}, {80, 6, 2 + 12 * k}, {0, 6, 2 + 12 * k});
  const SurfaceQuery q = query(ts);
  EXPECT_NEAR(q.height_below({37.5, 4.25}, kHighest), 2 + 10.25 * k, 1e-12);
  EXPECT_NEAR(q.height_below({12.0, -5.0}, 2.0), 2 + 1.0 * k, 1e-12);
  EXPECT_EQ(q.surface_triangles(), 2);
}

TEST(SurfaceQuery, AnOverheadBannerIsNeverTheSurface) {
  // Road z = 0 over x 0..100, |y| <= 5; a banner's underside (a flat quad, 1 m deep) 5.2 m up at x = 50.
  std::vector<Triangle> ts;
  add_quad(ts, {0, -5, 0}, {100, -5, 0}, {100, 5, 0}, {0, 5, 0});
  add_quad(ts, {49.5, -6, 5.2}, {50.5, -6, 5.2}, {50.5, 6, 5.2}, {49.5, 6, 5.2});
  const SurfaceQuery q = query(ts);
  EXPECT_DOUBLE_EQ(q.height_below({50.0, 1.0}, 0.0), 0.0);
  // Only without a hint is the banner the highest thing there.
  EXPECT_DOUBLE_EQ(q.height_below({50.0, 1.0}, kHighest), 5.2);
}

TEST(SurfaceQuery, ABridgeOverARoadGivesTheLevelTheCarIsOn) {
  // Road along X at z = 0 (|y| <= 6); a deck along Y at z = 6.5 over x 20..30, ramping down to z = 0 at
  // y = +-60 (so it rises 6.5 m over 40 m beyond |y| = 20).
  std::vector<Triangle> ts;
  add_quad(ts, {-100, -6, 0}, {100, -6, 0}, {100, 6, 0}, {-100, 6, 0});
  add_quad(ts, {20, -20, 6.5}, {30, -20, 6.5}, {30, 20, 6.5}, {20, 20, 6.5});
  add_quad(ts, {20, 20, 6.5}, {30, 20, 6.5}, {30, 60, 0}, {20, 60, 0});
  const SurfaceQuery q = query(ts);
  EXPECT_DOUBLE_EQ(q.height_below({25, 0}, 0.0), 0.0);   // under the bridge: the road
  EXPECT_DOUBLE_EQ(q.height_below({25, 0}, 6.5), 6.5);   // on the bridge: the deck
  // Climbing the ramp step by step from the far end keeps the car on it: at y = 40, z = 6.5 * 20 / 40.
  double z = 0;
  for (double y = 59.0; y >= 0.0; y -= 0.5) z = q.height_below({25, y}, z);
  EXPECT_DOUBLE_EQ(z, 6.5);
  EXPECT_NEAR(q.height_below({25, 40}, 3.0), 6.5 * 20 / 40, 1e-12);
  // The lowest surface: under the deck the road, on the ramp beyond the road the ramp, off both nothing.
  EXPECT_DOUBLE_EQ(q.lowest_at({25, 0}), 0.0);
  EXPECT_NEAR(q.lowest_at({25, 40}), 6.5 * 20 / 40, 1e-12);
  EXPECT_TRUE(std::isnan(q.lowest_at({0, 40})));
}

TEST(SurfaceQuery, TerrainBesideTheRoadIsTheSurfaceOffTheRoad) {
  // Road z = 1 for |y| <= 5; terrain from (y = 5, z = 1) down to (y = 25, z = -1); x 0..50.
  std::vector<Triangle> ts;
  add_quad(ts, {0, -5, 1}, {50, -5, 1}, {50, 5, 1}, {0, 5, 1});
  add_quad(ts, {0, 5, 1}, {50, 5, 1}, {50, 25, -1}, {0, 25, -1});
  const SurfaceQuery q = query(ts);
  EXPECT_NEAR(q.height_below({10, 15}, 1.0), 0.0, 1e-12);   // halfway down: z = 1 - 2 * 10 / 20
  EXPECT_NEAR(q.height_below({10, 6}, 1.0), 0.9, 1e-12);
  EXPECT_DOUBLE_EQ(q.height_below({10, 5}, 1.0), 1.0);      // on the shared edge
}

TEST(SurfaceQuery, ARememberedRoadFaceAnswersOnlyWellInsideIt) {
  // The quad (0,0)-(10,0)-(10,10)-(0,10) at z = 2, split along its diagonal y = x: face 0 below it.
  std::vector<Triangle> ts;
  add_quad(ts, {0, 0, 2}, {10, 0, 2}, {10, 10, 2}, {0, 10, 2});
  const SurfaceQuery q = query(ts);
  int face = -1;
  EXPECT_DOUBLE_EQ(q.height_below({6, 2}, 2.0, face), 2.0);
  ASSERT_EQ(face, 0);
  EXPECT_TRUE(q.answers_without_scan(face, {6, 3}));
  EXPECT_TRUE(q.answers_without_scan(face, {5, 4.999}));   // a millimetre from the shared edge: beyond its reach
  EXPECT_FALSE(q.answers_without_scan(face, {5, 5}));      // on it, face 1 covers the point too
  EXPECT_FALSE(q.answers_without_scan(face, {4, 6}));      // in face 1
  EXPECT_FALSE(q.answers_without_scan(-1, {6, 3}));
  // Walking into face 1 moves the remembered face to it.
  EXPECT_DOUBLE_EQ(q.height_below({4, 6}, 2.0, face), 2.0);
  EXPECT_EQ(face, 1);
  // Past the ceiling the face does not answer: a roof 3 m above the hint is no surface.
  EXPECT_TRUE(std::isnan(q.height_below({4, 7}, -1.0, face)));
  EXPECT_EQ(face, -1);
}

TEST(SurfaceQuery, ARememberedFaceAsksItsRivalsAboveIt) {
  // The bridge of ABridgeOverARoadGivesTheLevelTheCarIsOn: the deck (z = 6.5) is a rival of the road face
  // under it (it overlaps the road and does not lie below it), the road lies below the deck.
  std::vector<Triangle> ts;
  add_quad(ts, {-100, -6, 0}, {100, -6, 0}, {100, 6, 0}, {-100, 6, 0});
  add_quad(ts, {20, -20, 6.5}, {30, -20, 6.5}, {30, 20, 6.5}, {20, 20, 6.5});
  const SurfaceQuery q = query(ts);
  int road = -1, deck = -1;
  EXPECT_DOUBLE_EQ(q.height_below({25, 1}, 0.0, road), 0.0);
  EXPECT_DOUBLE_EQ(q.height_below({25, 1}, 6.5, deck), 6.5);
  ASSERT_NE(road, deck);
  EXPECT_TRUE(q.answers_without_scan(road, {25, 0.5}));
  EXPECT_TRUE(q.answers_without_scan(deck, {25, 1.5}));
  // Under the bridge the road, whose rival is out of reach; a hint that reaches the deck gets the deck.
  int face = road;
  EXPECT_DOUBLE_EQ(q.height_below({25, 0.5}, 0.0, face), 0.0);
  EXPECT_DOUBLE_EQ(q.height_below({25, 0.5}, 6.2, face), 6.5);
  EXPECT_DOUBLE_EQ(q.height_below({25, 0.5}, 6.2, face), q.height_below({25, 0.5}, 6.2));
}

TEST(SurfaceQuery, FacesOfOnePlaneAreNoRivalsAndCellsBeyondTheBudgetAlwaysScan) {
  // Two copies of one face, and a square across both on the same plane (a flat junction's overlapping
  // connecting roads): one plane, one height, bit for bit; none is another's rival.
  std::vector<Triangle> flat(2, Triangle{{0, 0, 1}, {10, 0, 1}, {0, 10, 1}});
  add_quad(flat, {1, 1, 1}, {6, 1, 1}, {6, 6, 1}, {1, 6, 1});
  const SurfaceQuery q = query(flat);
  int face = -1;
  EXPECT_DOUBLE_EQ(q.height_below({2, 2.5}, 1.0, face), 1.0);
  for (const Vec2& p : {Vec2(2, 3), Vec2(3, 2), Vec2(0.5, 0.5)}) {
    EXPECT_TRUE(q.answers_without_scan(face, p)) << p.transpose();
    EXPECT_EQ(q.height_below(p, 1.0, face), 1.0);
  }
  // Tilted copies crossing at x = 3 (z = 1 + s (x - 3), s = 0.01 ... ): none lies below another, so each
  // has every other as a rival; one more than kMaxRivals and the face is always scanned for.
  std::vector<Triangle> crossing;
  for (int i = 0; i < SurfaceQuery::kMaxRivals + 2; ++i) {
    const double s = 0.01 * (i + 1);
    crossing.push_back({{0, 0, 1 - 3 * s}, {10, 0, 1 + 7 * s}, {0, 10, 1 - 3 * s}});
  }
  const SurfaceQuery many = query(crossing);
  face = -1;
  EXPECT_NEAR(many.height_below({2, 2}, 1.0, face), 0.99, 1e-12);  // the least slope is highest at x = 2
  EXPECT_FALSE(many.answers_without_scan(face, {2, 3}));
  // Faces stacked 1 mm apart over one 1 m cell: a cell of n faces on n planes costs n (n - 1) / 2
  // comparisons, and the build spends at most 1e6 (or 8 per listed entry) on lists of more than 16. 1,414
  // faces (998,991 pairs) are compared, and the top one has no rival (the others lie below it); 1,415
  // (1,000,405 pairs) are not, and their queries scan the cell. Each face covers the whole cell: a grid of
  // its own would not shorten its list, and none is made.
  for (const int n : {1414, 1415}) {
    std::vector<Triangle> stacked;
    for (int i = 0; i < n; ++i) stacked.push_back({{0, 0, 1e-3 * i}, {0.9, 0, 1e-3 * i}, {0, 0.9, 1e-3 * i}});
    const SurfaceQuery crowded = query(stacked);
    ASSERT_EQ(crowded.layout().cells, 1);
    ASSERT_EQ(crowded.layout().split_cells, 0);
    int f = -1;
    EXPECT_DOUBLE_EQ(crowded.height_below({0.2, 0.2}, kHighest, f), 1e-3 * (n - 1));
    EXPECT_EQ(crowded.answers_without_scan(f, {0.25, 0.2}), n == 1414) << n << " faces in the cell";
  }
}

TEST(SurfaceQuery, ACrowdedCellGetsAGridOfItsOwnWithTheSameAnswers) {
  // 4 x 4 m of 0.1 m tiles (two faces each), tile (i, j) at z = 0.01 (i + 2 j): 3,200 faces in 1 m cells
  // of about 200 each. Each crowded cell gets subcells; every tile's centre still finds its own height.
  std::vector<Triangle> tiles;
  const auto height = [](int i, int j) { return 0.01 * (i + 2 * j); };
  for (int i = 0; i < 40; ++i)
    for (int j = 0; j < 40; ++j) {
      const double x = 0.1 * i, y = 0.1 * j, z = height(i, j);
      add_quad(tiles, {x, y, z}, {x + 0.1, y, z}, {x + 0.1, y + 0.1, z}, {x, y + 0.1, z});
    }
  const SurfaceQuery q = query(tiles);
  EXPECT_EQ(q.layout().cells, 25);  // the 4 m square's 1 m cells, and the row and column its far edge meets
  EXPECT_GE(q.layout().split_cells, 16);
  for (int i = 0; i < 40; ++i)
    for (int j = 0; j < 40; ++j) {
      const Vec2 centre(0.1 * i + 0.05, 0.1 * j + 0.037);
      ASSERT_EQ(q.height_below(centre, kHighest), height(i, j)) << i << ", " << j;
      ASSERT_EQ(q.lowest_at(centre), height(i, j)) << i << ", " << j;
    }
}

TEST(SurfaceQuery, AFaceNextToTheRememberedOneAnswersWithoutTheCell) {
  // A turn's fan of slivers about a pivot at the origin (a connecting road's inner edge of radius 0), 60
  // faces of 1.5 degrees out to 4 m, on one plane z = 0.2; and a car along the arc of radius 2 m in 0.125 m
  // steps: each step crosses one or two slivers, walked to without the cell's scan, with the scan's bits.
  std::vector<Triangle> fan;
  const double slice = 1.5 * std::acos(-1.0) / 180;
  for (int k = 0; k < 60; ++k)
    fan.push_back({{0, 0, 0.2},
                   {4 * std::cos(k * slice), 4 * std::sin(k * slice), 0.2},
                   {4 * std::cos((k + 1) * slice), 4 * std::sin((k + 1) * slice), 0.2}});
  const SurfaceQuery q = query(fan);
  int face = -1;
  ASSERT_EQ(q.height_below({2, 0.01}, 0.2, face), 0.2);
  for (double a = 0.07; a < 60 * slice - 0.07; a += 0.125 / 2) {
    const Vec2 p(2 * std::cos(a), 2 * std::sin(a));
    EXPECT_GE(q.answering_face(face, p), 0) << "at " << a << " rad";
    const double z = q.height_below(p, 0.2, face);
    EXPECT_EQ(z, 0.2) << "at " << a << " rad";  // the plane's z0, with zero slopes: exactly
    EXPECT_EQ(z, q.height_below(p, 0.2)) << "at " << a << " rad";
  }
  // More than kMaxWalk slivers away the walk gives up (the query then scans); off the fan, beyond an edge
  // that no face shares, it stops there.
  ASSERT_EQ(q.height_below({2, 0.01}, 0.2, face), 0.2);
  const double far = (SurfaceQuery::kMaxWalk + 3) * slice;
  EXPECT_EQ(q.answering_face(face, {2 * std::cos(far), 2 * std::sin(far)}), -1);
  EXPECT_EQ(q.answering_face(face, {5, 0.01}), -1);
}

TEST(SurfaceQuery, ARivalCoveringThePointOutbidsTheRememberedFace) {
  // A road z = 0 and, overlapping its end by 2 cm, the next road 3 cm higher (an OpenDRIVE join): on the
  // overlap the next road is the answer, beside it the first road; both remembered or not, the same bits.
  std::vector<Triangle> ts;
  add_quad(ts, {0, -5, 0}, {20, -5, 0}, {20, 5, 0}, {0, 5, 0});
  add_quad(ts, {19.98, -5, 0.03}, {40, -5, 0.03}, {40, 5, 0.03}, {19.98, 5, 0.03});
  const SurfaceQuery q = query(ts);
  int face = -1;
  EXPECT_DOUBLE_EQ(q.height_below({10, -4}, 0.0, face), 0.0);
  ASSERT_TRUE(q.answers_without_scan(face, {19.99, -4.5}));
  EXPECT_DOUBLE_EQ(q.height_below({19.99, -4.5}, 0.0, face), 0.03);
  EXPECT_DOUBLE_EQ(q.height_below({19.99, -4.5}, 0.0), 0.03);
}

TEST(SurfaceQuery, AFaceWithMoreRivalsThanItKeepsAnswersAloneOutsideTheirBox) {
  // A 20 m lane face z = 0 whose end a junction's roads overlap (x 18 to 20), each on a plane of its own,
  // z = 0.01 k + 0.001 k (x - 18) for k = 1 .. kMaxRivals + 1, none below the lane: one more rival than the
  // face keeps. Away from them the remembered face answers alone; among them the query scans; either way
  // the scan's bits.
  std::vector<Triangle> ts{{{0, -2, 0}, {20, -2, 0}, {20, 2, 0}}};
  const int rivals = SurfaceQuery::kMaxRivals + 1;
  for (int k = 1; k <= rivals; ++k) ts.push_back({{18, -2, 0.01 * k}, {20, -2, 0.012 * k}, {18, 2, 0.01 * k}});
  const SurfaceQuery q = query(ts);
  int face = -1;
  ASSERT_DOUBLE_EQ(q.height_below({10, -1.9}, 0.0, face), 0.0);
  for (const double x : {2.0, 10.0, 17.9}) {
    EXPECT_TRUE(q.answers_without_scan(face, {x, -1.9})) << x;
    EXPECT_EQ(q.height_below({x, -1.9}, 0.0, face), 0.0) << x;
  }
  for (const double x : {18.1, 19.0, 19.9}) {
    EXPECT_FALSE(q.answers_without_scan(face, {x, -1.9})) << x;
    int remembered = face;
    const double z = q.height_below({x, -1.9}, 1.0, remembered);
    EXPECT_EQ(z, q.height_below({x, -1.9}, 1.0)) << x;
    EXPECT_NEAR(z, 0.01 * rivals + 0.001 * rivals * (x - 18), 1e-12) << x;  // the steepest rival, highest
  }
}

TEST(SurfaceQuery, NothingUnderTheCarIsNaNNotAnOldHeight) {
  std::vector<Triangle> ts;
  add_quad(ts, {0, 0, 3}, {10, 0, 3}, {10, 10, 3}, {0, 10, 3});
  const SurfaceQuery q = query(ts);
  EXPECT_TRUE(std::isnan(q.height_below({20, 5}, 3.0)));   // off the scene
  EXPECT_TRUE(std::isnan(q.height_below({5, 5}, 1.0)));    // only a roof above the hint
  // A wall is not a surface.
  std::vector<Triangle> wall;
  add_quad(wall, {0, 0, 0}, {10, 0, 0}, {10, 0, 1}, {0, 0, 1});
  wall.insert(wall.end(), ts.begin(), ts.end());
  EXPECT_EQ(query(wall).surface_triangles(), 2);
}

TEST(SurfaceQuery, WallsOnlyScenesFallBackToTheBarrierBottomGrid) {
  // A wall standing on z = -2 and nothing else: the grid of its bottoms is the surface.
  std::vector<Triangle> wall;
  add_quad(wall, {0, 0, -2}, {40, 0, -2}, {40, 0, -1}, {0, 0, -1});
  const SurfaceQuery q(wall, kVerticalToleranceDeg, build_ground_grid(wall));
  EXPECT_EQ(q.surface_triangles(), 0);
  EXPECT_TRUE(std::isnan(q.height_below({20, 3}, kHighest)));
  EXPECT_DOUBLE_EQ(q.fallback_at({20, 3}), -2.0);
  VehiclePose pose;
  pose.position_W = {20, 3};
  pose.cg_height = 0.55;
  EXPECT_DOUBLE_EQ(bounding_rectangle(pose, &q).z, -2.0 + 0.55);
}

TEST(SurfaceQuery, FacesSpanningTheWholeSceneKeepTheIndexSmall) {
  // 3,000 copies of one 100 km square's half (a fuzzed OBJ did this): at the 1M-cell grid each copy
  // would be listed in every cell, 3e9 entries. The grid coarsens until the lists fit their budget.
  std::vector<Triangle> ts(3000, Triangle{{0, 0, 1}, {1e5, 0, 1}, {1e5, 1e5, 1}});
  const std::int64_t before = testing::allocated_bytes();
  const SurfaceQuery q = query(ts);
  EXPECT_LT(testing::allocated_bytes() - before, std::int64_t{256} << 20);
  EXPECT_DOUBLE_EQ(q.height_below({9e4, 1e4}, 1.0), 1.0);
  EXPECT_TRUE(std::isnan(q.height_below({1e4, 9e4}, 1.0)));  // the other half of the square
}

TEST(SurfaceQuery, ThousandsOfCopiesOfALongWallKeepTheBarrierBottomGridCheap) {
  // 10,000 copies of a 10 km wall (20,000 triangles, each with two 10 km edges) standing on z = -2: a
  // fuzzed OBJ repeated its faces like this. At the default 4 m cell each long edge is rasterised in
  // 5,000 samples, 200M in all. The cells grow until the edges fit 9 samples per triangle (180k, above the
  // 100k floor): 20,000 x 2 x (2 x 10 km / cell) <= 180k needs a cell of at least 4,444 m, so the doubling
  // from 4 m stops at 8,192 m.
  std::vector<Triangle> walls;
  for (int i = 0; i < 10000; ++i) add_quad(walls, {0, 0, -2}, {1e4, 0, -2}, {1e4, 0, -1}, {0, 0, -1});
  const GroundGrid grid = build_ground_grid(walls);
  EXPECT_GE(grid.cell, 4444.0);
  EXPECT_DOUBLE_EQ(grid.at({5000, 0}), -2.0);
}

TEST(SurfaceQuery, QueriesAllocateNothing) {
  const Scene scene = load_scene("track-visual");
  ASSERT_GT(scene.surface->surface_triangles(), 0);
  const testing::AllocationScope scope;
  double sum = 0;
  for (int i = 0; i < 1000; ++i) {
    const double z = scene.surface->height_below({-200.0 + i, 3.0 * i}, kHighest);
    if (!std::isnan(z)) sum += z;
  }
  EXPECT_EQ(scope.allocations(), 0);
  EXPECT_TRUE(std::isfinite(sum));
}

TEST(SurfaceQuery, EveryDetectorPutsTheRectangleAtTheRunnersSurface) {
  // The pose's ground_z is used as given; without it, the highest surface under the CG.
  std::vector<Triangle> ts;
  add_quad(ts, {-100, -6, 0}, {100, -6, 0}, {100, 6, 0}, {-100, 6, 0});
  add_quad(ts, {20, -20, 6.5}, {30, -20, 6.5}, {30, 20, 6.5}, {20, 20, 6.5});
  const SurfaceQuery q = query(ts);
  VehiclePose pose;
  pose.position_W = {25, 0};
  pose.cg_height = 0.55;
  EXPECT_DOUBLE_EQ(bounding_rectangle(pose, &q).z, 6.5 + 0.55);
  pose.ground_z = 0.0;
  EXPECT_DOUBLE_EQ(bounding_rectangle(pose, &q).z, 0.55);
}

}  // namespace
}  // namespace crashbench
