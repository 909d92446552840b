// On every track of Debian's torcs-data, the surface query's grid gives what scanning every face gives
// (tests/support/surface_brute_force.hpp): along the centre line and lanes 1.5 and 3 m to either side,
// hinted as the runner hints it, and on a grid over the track. Real tracks stack faces the generated ones
// do not (bridges, kerbs on the road, terrain under the road, faces hundreds of metres long).
// Opt-in: label `realscenes`, skipped without torcs-data.
#include <gtest/gtest.h>

#include "detectors/scenes/torcs/centreline.hpp"
#include "detectors/scenes/registry/scene_drives.hpp"
#include "detectors/scenes/registry/scene_library.hpp"
#include "detectors/scenes/torcs/torcs_track_anchor.hpp"
#include "tests/support/surface_brute_force.hpp"
#include "tests/support/torcs_tracks.hpp"

namespace crashbench {
namespace {

TEST(TorcsSurface, TheGridGivesEveryFacesAnswerOnEveryTrack) {
  const std::vector<testing::TorcsTrackFiles> tracks = testing::torcs_tracks();
  if (tracks.empty()) GTEST_SKIP() << "torcs-data is not installed: apt-get install torcs-data to run this test";
  for (const testing::TorcsTrackFiles& track : tracks) {
    SceneOptions options;
    options.up = UpAxis::kY;
    options.vertical_only = true;
    options.vertical_tolerance_deg = 45;
    options.collision.exclude = {"TREE*"};
    const Scene scene = load_scene(track.scene.string(), options);
    const Centreline line = torcs_centreline_on_scene(track.definition.string(), track.scene.string());
    constexpr double kLanes[] = {0.0, 1.5, -1.5, 3.0, -3.0};
    // At most about 20,000 of the lanes' points, consecutive ones 0.1 s apart at 25 m/s or further: spring's
    // 114,000 against its 38,000 faces would take minutes.
    const std::vector<VehiclePose> lanes = centreline_drive(scene, line, kLanes);
    const std::size_t stride = lanes.size() / 20000 + 1;
    std::vector<Vec2> drive_W;
    for (std::size_t k = 0; k < lanes.size(); k += stride) drive_W.push_back(lanes[k].position_W);
    const std::vector<Triangle> all = all_triangles(*scene.graph);
    const testing::SurfaceBruteForce brute(all, options.vertical_tolerance_deg);
    testing::expect_drive_as_brute_force(*scene.surface, brute, drive_W, track.name() + " lanes");
    testing::expect_drive_as_brute_force(*scene.surface, brute, testing::grid_over(all, 100), track.name() + " grid");
    // Each lane driven in 0.125 m steps (25 m/s at 5 ms), the face remembered from step to step.
    testing::RememberedFaceUse use;
    for (const double lane : kLanes) {
      std::vector<Vec2> steps_W;
      for (const VehiclePose& p : centreline_drive(scene, line, std::span(&lane, 1), 0.125)) steps_W.push_back(p.position_W);
      const testing::RememberedFaceUse lane_use =
          testing::expect_remembered_face_as_scan(*scene.surface, steps_W, track.name() + " stepped lanes");
      use.with_surface += lane_use.with_surface, use.without_scan += lane_use.without_scan;
    }
    std::printf("%-14s %6zu surface faces, %zu lane points; %zu stepped points on a surface, %.1f %% answered without a scan\n",
                track.name().c_str(), brute.faces(), drive_W.size(), use.with_surface,
                100.0 * static_cast<double>(use.without_scan) / static_cast<double>(use.with_surface));
    if (HasFailure()) return;
  }
}

}  // namespace
}  // namespace crashbench
