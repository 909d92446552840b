// The surface query on the real OpenDRIVE files of ../shared/data/opendrive (label `realscenes`, skipped
// when the folder is missing): along every driving lane outside junctions, and of every connecting road
// inside them, in 0.125 m steps as a car at 25 m/s is stepped, the grid gives what scanning every face
// gives (tests/support/surface_brute_force.hpp, on a thinned sample: Town01 has 28,000 road faces), and
// the face remembered from step to step gives the cell scan's answer bit for bit on every step.
#include <gtest/gtest.h>

#include <cstdio>

#include "detectors/scenes/registry/scene_drives.hpp"
#include "detectors/scenes/registry/scene_library.hpp"
#include "detectors/scenes/triangle_extraction.hpp"
#include "tests/support/opendrive_data.hpp"
#include "tests/support/surface_brute_force.hpp"

namespace crashbench {
namespace {

TEST(OpenDriveSurface, TheGridAndTheRememberedFaceGiveEveryFacesAnswerAlongEveryLane) {
  const std::vector<std::string> all = testing::opendrive_data_files();
  if (all.empty()) GTEST_SKIP() << "no .xodr files in " << testing::opendrive_data_folder();
  for (const std::string& file : all) {
    SceneOptions options;
    options.opendrive.edge_height = 1.0;
    const Scene scene = load_scene(file, options);
    for (const OdrRoads roads : {OdrRoads::kOutsideJunctions, OdrRoads::kInsideJunctions}) {
      const bool junctions = roads == OdrRoads::kInsideJunctions;
      const std::string where = file + (junctions ? " (junctions)" : "");
      std::vector<Vec2> steps_W;
      for (const VehiclePose& p : opendrive_lanes_drive(scene, file, roads)) steps_W.push_back(p.position_W);
      if (junctions && steps_W.empty()) continue;  // a file without junctions
      ASSERT_FALSE(steps_W.empty()) << where;
      const testing::RememberedFaceUse use = testing::expect_remembered_face_as_scan(*scene.surface, steps_W, where);
      EXPECT_GT(use.with_surface, steps_W.size() * 9 / 10) << where << ": lane centres lie on the road";
      EXPECT_GT(use.without_scan, use.with_surface * 9 / 10) << where << ": nine steps in ten need no scan";
      const std::size_t stride = steps_W.size() / 5000 + 1;
      std::vector<Vec2> sample_W;
      for (std::size_t k = 0; k < steps_W.size(); k += stride) sample_W.push_back(steps_W[k]);
      const double tolerance = scene.vertical_within_deg >= 0 ? scene.vertical_within_deg : kVerticalToleranceDeg;
      const testing::SurfaceBruteForce brute(all_triangles(*scene.graph), tolerance);
      testing::expect_drive_as_brute_force(*scene.surface, brute, sample_W, where + " lanes");
      const double without = 100.0 * static_cast<double>(use.without_scan) / static_cast<double>(use.with_surface);
      std::printf("%s: %zu surface faces, %zu steps, %.1f %% answered without a scan\n", where.c_str(), brute.faces(),
                  steps_W.size(), without);
    }
  }
}

}  // namespace
}  // namespace crashbench
