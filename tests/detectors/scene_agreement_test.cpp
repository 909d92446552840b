// Every detector against the brute-force reference (FCL's habit): vehicles driven along the L-rail's walls
// and weaving between the track's barriers must get contacts on the same steps, with the same points,
// normals and depths; the visual track (road, terrain, trees) must give the collision track's contacts;
// and a scene written as .osgt, .osgb or .flt and read back must give the generated scene's contacts.
#include <gtest/gtest.h>

#include <filesystem>
#include <numbers>
#include <unistd.h>

#include "detectors/detector.hpp"
#include "detectors/scenes/scene_io.hpp"
#include "detectors/scenes/scene_library.hpp"
#include "tests/detectors/scene_test_poses.hpp"
#include "detectors/scenes/track.hpp"
#include "detectors/scenes/track_layout.hpp"

namespace crashbench {
namespace {

using testing::test_pose;

constexpr double kPointTolerance = 1e-6;   // [m]: all detectors slice the same float vertices
constexpr double kNormalTolerance = 1e-6;  // [-]


/// Along the side wall with a weave that touches it, then square and angled into the end wall.
std::vector<VehiclePose> l_rail_drive() {
  std::vector<VehiclePose> poses;
  for (double x = -20; x < 90; x += 0.1)
    poses.push_back(test_pose({x, 1.05 + 0.2 * std::sin(x / 7)}, 0.2 / 7 * std::cos(x / 7) + 0.05 * std::sin(x / 3)));
  for (double x = 94; x < 98.2; x += 0.02) {
    poses.push_back(test_pose({x, 20}, 0));
    poses.push_back(test_pose({x, 30}, 0.3));
  }
  return poses;
}

/// A lap weaving from barrier to barrier, 0.15 m into each at the extremes.
std::vector<VehiclePose> track_drive() {
  std::vector<VehiclePose> poses;
  const std::vector<TrackSample> line = track_centerline(kTrackSegments);
  const double lap = kTrackLapLength, reach = kTrackHalfWidth - 0.9 + 0.15;
  for (std::size_t k = 0; k < line.size(); ++k) {
    const TrackSample &a = line[k], &b = line[(k + 1) % line.size()];
    const double len = (b.p_W - a.p_W).norm();
    for (double u = 0; u < len; u += 2.0) {
      const double s = a.s + u;
      const Vec2 c = a.p_W + (b.p_W - a.p_W) * (u / len);
      const double offset = reach * std::sin(2 * std::numbers::pi * s / lap * 31);
      poses.push_back(test_pose(c + a.left_W() * offset, std::atan2(a.tangent_W.y(), a.tangent_W.x()) +
                                                      0.06 * std::sin(s / 23)));
    }
  }
  return poses;
}

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
  const auto poses = l_rail_drive();
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
  const auto poses = track_drive();
  const auto want = contacts("brute-force", collision, poses);
  for (const std::string& d : kDetectors) EXPECT_GT(expect_agreement(contacts(d, collision, poses), want, d), 200);
  for (const char* d : {"osg", "osg-kdtree", "tree", "brute-force"})
    expect_agreement(contacts(d, visual, poses), want, "visual " + std::string(d));
}

TEST(SceneAgreement, ScenesReadBackFromFilesGiveTheGeneratedScenesContacts) {
  const auto dir = std::filesystem::temp_directory_path() / ("crashbench_agree_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  for (const auto& [name, poses] : {std::pair{"l-rail", l_rail_drive()}, std::pair{"track", track_drive()}}) {
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
