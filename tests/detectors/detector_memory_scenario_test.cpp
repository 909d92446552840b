// A detector may remember what it found for a slot of the poses it is given (the tree and the analytic
// detector keep a clear box around each car on open road, clear_boxes.hpp). What it remembers must never
// change an answer: along every driven scene, every registered detector that has seen the drive so far
// gives the contacts a new detector gives for the same pose; and a car standing under a banner while the
// road under it rises (a lift, the quickest way to change the plane's height and nothing else) meets the
// banner on the same steps as with brute force.
#include <gtest/gtest.h>

#include "detectors/scenes/registry/scene_drives.hpp"
#include "detectors/scenes/registry/scene_library.hpp"
#include "tests/support/band_scenes.hpp"
#include "tests/support/detector_agreement.hpp"
#include "tests/support/registries.hpp"

namespace crashbench {
namespace {

TEST(DetectorMemory, EveryDetectorAnswersEachPoseOfADriveAsANewDetectorWould) {
  constexpr std::size_t kFreshEvery = 23;  // and every 23rd pose (a new detector costs a prepare)
  for (const SceneEntry* entry : testing::driven_scenes()) {
    const Scene scene = make_registered_scene(entry->name);
    if (scene.triangles.size() > 9000) continue;  // the scaled copies add only time
    const auto poses = entry->drive();
    // Where brute force (which remembers nothing) finds contacts: the poses where a memory could hide one.
    const auto reference = testing::contacts("brute-force", scene, poses);
    for (const auto& e : detectors()) {
      auto seasoned = make_detector(e.name);
      seasoned->prepare(scene, 1);
      DetectorStats stats;
      int compared = 0, touching = 0;
      for (std::size_t i = 0; i < poses.size(); ++i) {
        std::vector<Contact> got;
        seasoned->detect(std::span(&poses[i], 1), got, stats);
        // Where a memory could hide a contact: where brute force touches and this detector does not, and
        // where brute force starts touching after a clear stretch; and a sample of every other pose.
        const bool enters = !reference[i].empty() && (i == 0 || reference[i - 1].empty());
        if (i % kFreshEvery != 0 && got.empty() == reference[i].empty() && !enters) continue;
        auto fresh = make_detector(e.name);
        fresh->prepare(scene, 1);
        std::vector<Contact> want;
        fresh->detect(std::span(&poses[i], 1), want, stats);
        ++compared, touching += !want.empty();
        EXPECT_TRUE(testing::same_contacts(got, want)) << entry->name << " " << e.name << " pose " << i;
      }
      EXPECT_GT(touching, 2) << entry->name << " " << e.name;
      EXPECT_GT(compared - touching, 10) << entry->name << " " << e.name;
    }
  }
}

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
