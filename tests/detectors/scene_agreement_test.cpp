// Every detector against the brute-force reference (FCL's habit): vehicles driven along the L-rail's walls
// and weaving between the track's barriers must get contacts on the same steps, with the same points,
// normals and depths; the visual track (road, terrain, trees) must give the collision track's contacts;
// and a scene written as .osgt, .osgb or .flt and read back must give the generated scene's contacts.
#include <gtest/gtest.h>

#include <filesystem>
#include <unistd.h>

#include "detectors/detector.hpp"
#include "detectors/scenes/scene_io.hpp"
#include "detectors/scenes/scene_library.hpp"
#include "detectors/scenes/scene_drives.hpp"

namespace crashbench {
namespace {

constexpr double kPointTolerance = 1e-6;   // [m]: all detectors slice the same float vertices
constexpr double kNormalTolerance = 1e-6;  // [-]


/// Contacts per pose, one vehicle at a time.
std::vector<std::vector<Contact>> contacts(const std::string& detector, const Scene& scene,
                                           const std::vector<VehiclePose>& poses) {
  auto d = find_entry(detectors(), detector, "detector").make();
  d->prepare(scene, 1);
  std::vector<std::vector<Contact>> out(poses.size());
  DetectorStats stats;
  for (std::size_t i = 0; i < poses.size(); ++i) d->detect(std::span(&poses[i], 1), out[i], stats);
  return out;
}

/// Same contact steps and, step by step, the same contacts; returns how many steps had contacts.
int expect_agreement(const std::vector<std::vector<Contact>>& got, const std::vector<std::vector<Contact>>& want,
                     const std::string& what) {
  int steps = 0, failures = 0;
  for (std::size_t i = 0; i < want.size() && failures < 5; ++i) {
    steps += !want[i].empty();
    if (got[i].size() != want[i].size()) {
      ADD_FAILURE() << what << " step " << i << ": " << got[i].size() << " contacts, expected " << want[i].size();
      ++failures;
      continue;
    }
    for (std::size_t k = 0; k < want[i].size(); ++k) {
      const Contact &g = got[i][k], &w = want[i][k];
      const bool ok = (g.point_W - w.point_W).norm() <= kPointTolerance &&
                      (g.normal_W - w.normal_W).norm() <= kNormalTolerance &&
                      std::abs(g.depth - w.depth) <= kPointTolerance;
      if (!ok) {
        ADD_FAILURE() << what << " step " << i << " contact " << k << ": (" << g.point_W.transpose() << ") n ("
                      << g.normal_W.transpose() << ") d " << g.depth << " vs (" << w.point_W.transpose()
                      << ") n (" << w.normal_W.transpose() << ") d " << w.depth;
        ++failures;
      }
    }
  }
  return steps;
}

const std::vector<std::string> kDetectors{"osg", "osg-optimized", "osg-kdtree", "tree"};

TEST(SceneAgreement, EveryDetectorMatchesBruteForceAlongTheLRail) {
  const Scene scene = load_scene("l-rail");
  const auto poses = wall_drive("l-rail");
  const auto want = contacts("brute-force", scene, poses);
  for (const std::string& d : kDetectors) {
    const int steps = expect_agreement(contacts(d, scene, poses), want, d);
    EXPECT_GT(steps, 300) << "the drive must actually touch the walls";
    EXPECT_LT(steps, static_cast<int>(poses.size()) - 300) << "and leave them";
  }
}

TEST(SceneAgreement, EveryDetectorMatchesBruteForceAroundTheTrackAndTheVisualTrackAddsNothing) {
  const Scene collision = load_scene("track");
  const Scene visual = load_scene("track-visual");
  const auto poses = wall_drive("track");
  const auto want = contacts("brute-force", collision, poses);
  for (const std::string& d : kDetectors) EXPECT_GT(expect_agreement(contacts(d, collision, poses), want, d), 200);
  for (const char* d : {"osg", "osg-kdtree", "tree", "brute-force"})
    expect_agreement(contacts(d, visual, poses), want, "visual " + std::string(d));
}

TEST(SceneAgreement, TreeMatchesBruteForceOnFinelyCutAndReplicatedTracks) {
  // Fine cells, edge walks and sorted runs (tree_runs.cpp) are only exercised by these.
  const auto poses = wall_drive("track");
  for (const char* name : {"track-100k", "track-tiled-100k"}) {
    const Scene scene = load_scene(name);
    const auto want = contacts("brute-force", scene, poses);
    EXPECT_GT(expect_agreement(contacts("tree", scene, poses), want, name), 200) << name;
  }
}

TEST(SceneAgreement, ScenesReadBackFromFilesGiveTheGeneratedScenesContacts) {
  const auto dir = std::filesystem::temp_directory_path() / ("crashbench_agree_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  for (const auto& [name, poses] : {std::pair{"l-rail", wall_drive("l-rail")}, std::pair{"track", wall_drive("track")}}) {
    const auto want = contacts("brute-force", load_scene(name), poses);
    for (const char* ext : {".osgt", ".osgb", ".flt"}) {
      const std::string file = (dir / (std::string(name) + ext)).string();
      write_scene_graph(*generate_scene(name).graph, file);
      const Scene back = load_scene(file);
      for (const char* d : {"osg", "tree"}) expect_agreement(contacts(d, back, poses), want, file + " " + d);
    }
  }
}

}  // namespace
}  // namespace crashbench
