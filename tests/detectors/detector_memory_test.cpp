// A detector may remember what it found for a slot of the poses it is given (the tree keeps a clear box
// around each car on open road). What it remembers must never hide a contact: a car standing under a
// banner while the road under it rises (a lift, the quickest way to change the plane's height and nothing
// else) must meet the banner on the same steps as with brute force, which remembers nothing.
#include <gtest/gtest.h>

#include "detectors/scenes/scene_drives.hpp"
#include "detectors/scenes/scene_library.hpp"
#include "tests/support/band_scenes.hpp"
#include "tests/support/detector_agreement.hpp"
#include "tests/support/registries.hpp"

namespace crashbench {
namespace {

TEST(DetectorMemory, EveryTriangleDetectorMeetsTheBannerAsTheRoadLiftsTheCarUnderIt) {
  const Scene scene = make_scene("banner", testing::banner_graph(), {});
  // The banner stands at X = 60 from 4 to 5 m up; the car's front is 2.1 m ahead of its CG at X = 59.
  std::vector<VehiclePose> poses;
  for (int k = 0; k <= 100; ++k) {
    VehiclePose pose = drive_pose({59.0, 0.0}, 0.0);
    pose.ground_z = 0.045 * k;  // the plane, ground + 0.55 m, rises from 0.55 to 5.05 m
    poses.push_back(pose);
  }
  const auto want = testing::contacts("brute-force", scene, poses);
  int touching = 0;
  for (const auto& step : want) touching += !step.empty();
  // The plane lies in (4, 5] m from ground 3.45 to 4.45 m: k = 77 ... 98.
  ASSERT_EQ(touching, 22);
  for (const std::string& d : testing::triangle_detector_names())
    EXPECT_EQ(testing::expect_agreement(testing::contacts(d, scene, poses), want, d), touching);
}

}  // namespace
}  // namespace crashbench
