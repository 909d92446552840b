// The ground of a scene made of walls only (ground_grid.hpp) on a scene too large for 4 m cells: a 10 %
// grade under one straight barrier 8.5 km long, diagonal, so that the grid's cells grow to 8 m. A level
// cell would be the lowest barrier foot over 11 m of barrier, 1.1 m below the feet at its high end, and
// a rectangle at CG height (0.55 m) there would pass under the 1 m barrier: the silent tunnel that 100,000
// cars on track-tiled-1m found (64 m cells, a 1 % grade). Expected heights are the barrier's own feet.
#include "detectors/scenes/ground_grid.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "detectors/scenes/mesh_builder.hpp"
#include "detectors/scenes/registry/generated_scene.hpp"
#include "detectors/scenes/registry/scene_drives.hpp"
#include "detectors/scenes/registry/scene_library.hpp"
#include "detectors/scenes/surface_query.hpp"
#include "tests/support/registries.hpp"

namespace crashbench {
namespace {

constexpr double kGrade = 0.10;      // rise along the barrier [-]
constexpr double kLength = 8485.0;   // [m]
constexpr double kPanel = 10.0;      // barrier panel length [m]
const Vec2 kAlong = Vec2(1, 1).normalized();
const Vec2 kLeft = perp(kAlong);

/// Foot of the barrier at distance `s` along it [m].
double foot(double s) { return kGrade * s; }

GeneratedScene sloping_barrier() {
  MeshBuilder mesh("barrier", {0.8f, 0.8f, 0.8f, 1});
  GeneratedScene out;
  for (double s = 0; s < kLength; s += kPanel) {
    const Vec2 a = s * kAlong, b = (s + kPanel) * kAlong;
    mesh.quad({a.x(), a.y(), foot(s)}, {b.x(), b.y(), foot(s + kPanel)}, {b.x(), b.y(), foot(s + kPanel) + 1},
              {a.x(), a.y(), foot(s) + 1});
    out.walls.push_back({a, b});
  }
  out.graph = mesh.finish();
  return out;
}

TEST(GroundGrid, OnAGridTooLargeForItsCellsTheGroundFollowsTheGradeUnderTheBarrier) {
  const Scene scene = make_scene(sloping_barrier());
  const GroundGrid grid = build_ground_grid(scene.triangles);
  ASSERT_GT(grid.cell, 4.0);  // else this test does not test what it says
  for (double s = 5; s < kLength - 5; s += 7.3)
    for (const double side : {-3.0, -1.0, 1.0, 3.0}) {
      const Vec2 p = s * kAlong + side * kLeft;
      ASSERT_NEAR(grid.at(p), foot(s), 0.02) << "s = " << s << " m, " << side << " m to the left";
      ASSERT_NEAR(scene.surface->fallback_at(p), foot(s), 0.02);
    }
}

TEST(GroundGrid, AVehiclesRememberedCellGivesTheSameBitsAsTheLookup) {
  // Sloped cells (this grade's grid) and level ones (4 m cells of the generated track): cars driving in
  // 0.125 m steps, across cell borders and out beyond the grid, each with its own memo.
  const Scene sloping = make_scene(sloping_barrier());
  const GroundGrid sloped = build_ground_grid(sloping.triangles);
  ASSERT_FALSE(sloped.slope.empty());
  const Scene track = load_scene("track");
  const GroundGrid level = build_ground_grid(track.triangles);
  ASSERT_TRUE(level.slope.empty());
  for (const GroundGrid* grid : {&sloped, &level}) {
    const Vec2 margin(20, 20);
    const Vec2 lo = grid->origin_W - margin, hi = grid->origin_W + Vec2(grid->nx, grid->ny) * grid->cell + margin;
    int hits = 0, steps = 0;
    for (const double heading : {0.3, 1.9, 3.7, 5.2}) {
      GroundGrid::CellMemo memo;
      const Vec2 step = 0.125 * Vec2(std::cos(heading), std::sin(heading));
      const auto inside = [&](const Vec2& p) {
        return p.x() > lo.x() && p.y() > lo.y() && p.x() < hi.x() && p.y() < hi.y();
      };
      for (Vec2 p = 0.5 * (lo + hi); inside(p); p += step, ++steps) {
        const GroundGrid::CellMemo before = memo;
        const double remembered = grid->at(p, memo);
        ASSERT_EQ(remembered, grid->at(p)) << "at (" << p.x() << ", " << p.y() << ")";
        hits += before.i == memo.i && before.j == memo.j;
      }
      EXPECT_DOUBLE_EQ(grid->at(Vec2(std::nan(""), 0), memo), grid->at(Vec2(std::nan(""), 0)));
    }
    EXPECT_GT(hits, steps * 9 / 10) << "cells metres wide keep a car for tens of steps";
  }
}

TEST(GroundGrid, AWallAStrayVertexMakes1e20MLongCountsItsSamplesWithoutOverflow) {
  // A fuzzed file: a vertex read as 1e20 m makes a wall's edge 10^20 samples long at 4 m, past an int
  // (undefined behaviour, which the sanitizer build stops at). The spacing grows instead; the grid stays
  // within its million cells and its ground under the ordinary wall is still that wall's foot.
  const std::vector<Triangle> triangles = {
      {{0, 0, 0}, {1e20, 0, 0}, {1e20, 0, 3}},
      {{0, -5, 2}, {10, -5, 2}, {10, -5, 3}},
  };
  const GroundGrid grid = build_ground_grid(triangles);
  EXPECT_LE((static_cast<double>(grid.nx) * grid.ny), 1e6);
  EXPECT_TRUE(std::isfinite(grid.at(Vec2(5, -5))));
}

TEST(GroundGrid, EveryDetectorMeetsTheBarrierAllAlongTheGrade) {
  // A car beside the barrier, heading along it, its left side 5 cm into it: every detector finds the
  // barrier at every point of the climb.
  const Scene scene = make_scene(sloping_barrier());
  for (const std::string& name : testing::detector_names()) {
    auto detector = make_detector(std::string_view(name));
    detector->prepare(scene, 1);
    std::vector<Contact> contacts;
    DetectorStats stats;
    int missed = 0, tried = 0;
    for (double s = 20; s < kLength - 20; s += 13.7, ++tried) {
      VehiclePose pose = drive_pose(s * kAlong - (0.9 - 0.05) * kLeft, std::atan2(kAlong.y(), kAlong.x()));
      contacts.clear();
      detector->detect({&pose, 1}, contacts, stats);
      missed += contacts.empty();
    }
    EXPECT_EQ(missed, 0) << name << " missed the barrier at " << missed << " of " << tried << " places";
  }
}

}  // namespace
}  // namespace crashbench
