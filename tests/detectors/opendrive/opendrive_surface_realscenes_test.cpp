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
    const double tolerance = scene.vertical_within_deg >= 0 ? scene.vertical_within_deg : kVerticalToleranceDeg;
    const testing::SurfaceBruteForce brute(all_triangles(*scene.graph), tolerance);
    for (const OdrRoads roads : {OdrRoads::kOutsideJunctions, OdrRoads::kInsideJunctions}) {
      const bool junctions = roads == OdrRoads::kInsideJunctions;
      std::vector<Vec2> steps_W;
      for (const VehiclePose& p : opendrive_lanes_drive(scene, file, roads)) steps_W.push_back(p.position_W);
      if (junctions && steps_W.empty()) continue;  // a file without junctions
      if (steps_W.empty()) {
        EXPECT_FALSE(testing::has_travel_lane(file)) << file << ": travel lanes, but no drive along them";
        std::printf("%s: no travel lane outside junctions, no drive\n", file.c_str());
        break;
      }
      testing::expect_lanes_answered(*scene.surface, brute, steps_W, file + (junctions ? " (junctions)" : ""), 5000);
    }
  }
}

}  // namespace
}  // namespace crashbench
