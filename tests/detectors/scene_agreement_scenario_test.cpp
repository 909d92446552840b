// Every registered detector that reads triangles against the brute-force reference (FCL's habit), on every
// registered scene with a drive (scripted poses weaving into and out of its walls): contacts on the same
// steps, with the same points, normals and depths. A scene written as .osgt, .osgb or .flt and read back
// must give the generated scene's contacts.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <unistd.h>

#include "detectors/detector.hpp"
#include "detectors/scenes/files/scene_io.hpp"
#include "detectors/scenes/registry/scene_library.hpp"
#include "detectors/scenes/registry/scene_drives.hpp"
#include "detectors/scenes/registry/track.hpp"
#include "tests/support/detector_agreement.hpp"
#include "tests/support/registries.hpp"
#include "tests/support/temp_folder.hpp"

namespace crashbench {
namespace {

using testing::contacts;
using testing::expect_agreement;

constexpr const char* kReference = "brute-force";  // every collision triangle, every step
constexpr std::size_t kReadBackTriangles = 9000;  // file round trips on scenes up to this size (not the scaled copies)


/// Every registered detector that reads triangles, except the reference itself.
std::vector<std::string> triangle_detectors() {
  std::vector<std::string> out;
  for (const std::string& d : testing::triangle_detector_names())
    if (d != kReference) out.push_back(d);
  return out;
}

TEST(SceneAgreement, EveryTriangleDetectorMatchesBruteForceOnEveryDrivenScene) {
  ASSERT_FALSE(testing::driven_scenes().empty());
  ASSERT_FALSE(triangle_detectors().empty());
  for (const SceneEntry* entry : testing::driven_scenes()) {
    const Scene scene = make_registered_scene(entry->name);
    const auto poses = entry->drive();
    const auto want = contacts(kReference, scene, poses);
    const auto steps = std::count_if(want.begin(), want.end(), [](const auto& step) { return !step.empty(); });
    EXPECT_GT(steps, 100) << entry->name << ": the drive must actually touch the walls";
    EXPECT_LT(steps, static_cast<int>(poses.size()) - 100) << entry->name << ": and leave them";
    for (const std::string& d : triangle_detectors())
      expect_agreement(contacts(d, scene, poses), want, std::string(entry->name) + " " + d);
  }
}

TEST(SceneAgreement, TheVisualTrackCollidesLikeTheCollisionTrack) {
  // Road, terrain and trees lie flat or away from the barriers: they must add no contact.
  const auto poses = track_drive();
  const auto want = contacts(kReference, make_scene(make_track(TrackVersion::kCollision)), poses);
  EXPECT_GT(expect_agreement(contacts(kReference, make_scene(make_track(TrackVersion::kVisual)), poses), want, "visual"),
            200);
}

TEST(SceneAgreement, ScenesReadBackFromFilesGiveTheGeneratedScenesContacts) {
  const auto dir = testing::temp_folder("agree");
  for (const SceneEntry* entry : testing::driven_scenes()) {
    const Scene scene = make_registered_scene(entry->name);
    if (scene.triangles.size() > kReadBackTriangles) continue;  // the scaled copies add only time
    const auto poses = entry->drive();
    const auto want = contacts(kReference, scene, poses);
    for (const char* ext : {".osgt", ".osgb", ".flt"}) {
      const std::string file = (dir / (std::string(entry->name) + ext)).string();
      write_scene_graph(*scene.graph, file);
      const Scene back = load_scene(file);
      for (const std::string& d : triangle_detectors()) expect_agreement(contacts(d, back, poses), want, file + " " + d);
    }
  }
}

}  // namespace
}  // namespace crashbench
