// Every generated scene: the footprints of its vertical triangles cover the walls its generator gives the
// analytic detector, so a scene read back from a file has the same walls.
#include <gtest/gtest.h>

#include "detectors/scenes/registry/scene_library.hpp"
#include "detectors/scenes/wall_footprints.hpp"

namespace crashbench {
namespace {

/// Whether `wall` lies on `f`'s line (within 1 mm: the graph holds floats, 0.1 mm 1 km out) and inside its extent.
bool covers(const WallSegment& f, const WallSegment& wall) {
  const Vec2 d = (f.b_W - f.a_W).normalized();
  const double t0 = d.dot(f.a_W), t1 = d.dot(f.b_W);
  for (const Vec2& p : {wall.a_W, wall.b_W}) {
    if (std::abs(cross(d, p - f.a_W)) > 1e-3) return false;
    const double t = d.dot(p);
    if (t < std::min(t0, t1) - 1e-3 || t > std::max(t0, t1) + 1e-3) return false;
  }
  return true;
}

TEST(WallFootprints, CoverEveryGeneratedScenesWalls) {
  int checked = 0;
  for (const SceneEntry& entry : scene_registry().entries()) {
    if (entry.benchmark_only) continue;
    const Scene scene = make_registered_scene(entry.name);
    // Walls-only scenes have no triangles to take footprints of; the tiled scaling copies (thousands of
    // walls) cut or repeat the track's barriers at the tile seams, so the single track stands for them.
    if (scene.triangles.empty() || scene.walls.size() > 2000) continue;
    ++checked;
    ASSERT_FALSE(scene.walls.empty()) << entry.name;
    const auto footprints = wall_footprints(scene.triangles);
    // Merged: fewer footprints than vertical triangles (two or more to a panel).
    std::size_t vertical = 0;
    for (const Triangle& t : scene.triangles) vertical += is_vertical(t);
    EXPECT_LE(2 * footprints.size(), vertical) << entry.name;
    std::size_t uncovered = 0;
    for (const WallSegment& w : scene.walls)
      uncovered += std::none_of(footprints.begin(), footprints.end(), [&](const auto& f) { return covers(f, w); });
    EXPECT_EQ(uncovered, 0u) << entry.name << ": of " << scene.walls.size() << " walls";
  }
  EXPECT_GE(checked, 2);  // the L-rail and the track at least
}

}  // namespace
}  // namespace crashbench
