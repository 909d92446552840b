// The surface query's grid gives what scanning every face gives (tests/support/surface_brute_force.hpp):
// along the test drive of every registered scene and on a grid of points over it, and on the OpenDRIVE
// roads the tests ship, hinted as the runner hints it, unhinted, and for the lowest surface. The grid only
// chooses which faces to test; a face it forgot under a car would show here as a missing or lower road.
#include <gtest/gtest.h>

#include <cmath>

#include "detectors/scenes/registry/scene_drives.hpp"
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

/// The drive's lanes 1.5 m to either side and its centre, each cut into 0.125 m steps (25 m/s at 5 ms).
std::vector<std::vector<Vec2>> stepped_lanes(const std::vector<VehiclePose>& poses) {
  std::vector<std::vector<Vec2>> lanes;
  for (const double lane : {0.0, 1.5, -1.5}) {
    std::vector<Vec2>& points = lanes.emplace_back();
    auto at = [lane](const VehiclePose& p) -> Vec2 {
      return p.position_W + lane * Vec2(-std::sin(p.heading), std::cos(p.heading));
    };
    for (std::size_t i = 0; i + 1 < poses.size(); ++i) {
      const Vec2 from = at(poses[i]), to = at(poses[i + 1]);
      const int steps = static_cast<int>(std::ceil((to - from).norm() / 0.125)) + 1;
      for (int k = 0; k < steps; ++k) points.push_back(from + (to - from) * (static_cast<double>(k) / steps));
    }
  }
  return lanes;
}

TEST(SurfaceQueryBruteForce, TheRememberedFaceGivesTheScansBitsAlongEveryDrive) {
  testing::RememberedFaceUse total;
  for (const SceneEntry& entry : scene_registry().entries()) {
    if (entry.benchmark_only || !entry.drive) continue;
    const Scene scene = make_registered_scene(entry.name);
    if (!scene.surface) continue;
    for (const std::vector<Vec2>& lane : stepped_lanes(entry.drive())) {
      const testing::RememberedFaceUse use =
          testing::expect_remembered_face_as_scan(*scene.surface, lane, std::string(entry.name));
      total.with_surface += use.with_surface, total.without_scan += use.without_scan;
    }
  }
  // Most steps on a surface stay inside the face of the step before (the generated roads' faces are
  // metres long): a remembered face that seldom answered would leave the scan's cost where it was.
  EXPECT_GT(total.with_surface, 100000u) << "the drives must cross surfaces (l-rail's ground, track-visual's road)";
  EXPECT_GT(total.without_scan, total.with_surface * 9 / 10)
      << total.without_scan << " of " << total.with_surface << " points on a surface answered by the remembered face";
}

TEST(SurfaceQueryBruteForce, OpenDriveRoadsOverTheirBoundsAndAlongTheirLanes) {
  // sumo/cross.xodr is netconvert's: its junction's connecting roads overlap on one plane, and their tight
  // turns are fans of slivers a few centimetres wide that a car crosses one or two a step.
  const std::pair<const char*, OdrRoads> drives[] = {
      {"opendrive/bend.xodr", OdrRoads::kOutsideJunctions},
      {"opendrive/junction.xodr", OdrRoads::kOutsideJunctions},
      {"opendrive/junction.xodr", OdrRoads::kInsideJunctions},
      {"sumo/cross.xodr", OdrRoads::kOutsideJunctions},
      {"sumo/cross.xodr", OdrRoads::kInsideJunctions}};
  for (const auto& [file, roads] : drives) {
    const std::string path = testing::testdata_path(file);
    const std::string where = std::string(file) + (roads == OdrRoads::kInsideJunctions ? " (junctions)" : "");
    const Scene scene = load_scene(path);
    std::vector<Vec2> lanes_W;
    for (const VehiclePose& p : opendrive_lanes_drive(scene, path, roads)) lanes_W.push_back(p.position_W);
    EXPECT_GT(expect_scene_as_brute_force(scene, lanes_W), 0u) << where;
    const testing::RememberedFaceUse use = testing::expect_remembered_face_as_scan(*scene.surface, lanes_W, where);
    EXPECT_GT(use.without_scan, use.with_surface * 3 / 4) << where << ": most steps are answered by the face of the "
                                                           << "step before or one next to it";
  }
}

}  // namespace
}  // namespace crashbench
