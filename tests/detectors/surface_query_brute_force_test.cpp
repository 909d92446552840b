// The surface query's grid gives what scanning every face gives (tests/support/surface_brute_force.hpp):
// along the test drive of every registered scene and on a grid of points over it, and on the OpenDRIVE
// roads the tests ship, hinted as the runner hints it, unhinted, and for the lowest surface. The grid only
// chooses which faces to test; a face it forgot under a car would show here as a missing or lower road.
#include <gtest/gtest.h>

#include "detectors/scenes/registry/scene_library.hpp"
#include "tests/support/paths.hpp"
#include "tests/support/sanitizers.hpp"
#include "tests/support/surface_brute_force.hpp"

namespace crashbench {
namespace {

// Under AddressSanitizer the reference's scan of every face is 20x slower (a minute for the drives): there
// the sample is thinned, which still walks every code path of the grid; the release build compares all.
constexpr std::size_t kDriveStride = testing::kUnderAddressSanitizer ? 8 : 1;
constexpr int kGridSide = testing::kUnderAddressSanitizer ? 24 : 60;

/// The scene's own query against the reference built from the scene's triangles; returns the faces compared.
std::size_t expect_scene_as_brute_force(const Scene& scene, const std::vector<Vec2>& drive_W) {
  const double tolerance = scene.vertical_within_deg >= 0 ? scene.vertical_within_deg : kVerticalToleranceDeg;
  const std::vector<Triangle> all = all_triangles(*scene.graph);
  const testing::SurfaceBruteForce brute(all, tolerance);
  testing::expect_drive_as_brute_force(*scene.surface, brute, drive_W, scene.name + " drive");
  testing::expect_drive_as_brute_force(*scene.surface, brute, testing::grid_over(all, kGridSide), scene.name + " grid");
  return brute.faces();
}

TEST(SurfaceQueryBruteForce, EveryRegisteredSceneAlongItsDriveAndOverItsBounds) {
  std::size_t faces = 0;
  for (const SceneEntry& entry : scene_registry().entries()) {
    if (entry.benchmark_only) continue;
    const Scene scene = make_registered_scene(entry.name);
    if (!scene.graph) continue;  // no graph: flat ground, nothing indexed
    std::vector<Vec2> drive_W;
    if (entry.drive) {
      const std::vector<VehiclePose> poses = entry.drive();
      for (std::size_t i = 0; i < poses.size(); i += kDriveStride)
        for (const double lane : {0.0, 1.5, -1.5})
          drive_W.push_back(poses[i].position_W + lane * Vec2(-std::sin(poses[i].heading), std::cos(poses[i].heading)));
    }
    faces += expect_scene_as_brute_force(scene, drive_W);
  }
  EXPECT_GT(faces, 1000u) << "the scenes must have surfaces to compare (track-visual's road and terrain)";
}

TEST(SurfaceQueryBruteForce, OpenDriveRoadsOverTheirBounds) {
  for (const char* file : {"opendrive/bend.xodr", "opendrive/junction.xodr"}) {
    const Scene scene = load_scene(testing::testdata_path(file));
    EXPECT_GT(expect_scene_as_brute_force(scene, {}), 0u) << file;
  }
}

}  // namespace
}  // namespace crashbench
