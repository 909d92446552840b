// Every triangle detector gives brute force's contacts on real tracks (Debian's torcs-data): an oval, a
// road course and a dirt track, read with the laps' collision set, driven along the centre line and in
// lanes 3 and 5 m to either side, which on the narrower roads run into the barriers. The many small
// textured geodes of these files are what osg-kdtree's merge and osg-optimized's spatialisation face.
// Opt-in: label `realscenes`, skipped without torcs-data.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "detectors/scenes/registry/scene_drives.hpp"
#include "detectors/scenes/registry/scene_library.hpp"
#include "tests/support/detector_agreement.hpp"
#include "tests/support/registries.hpp"

namespace crashbench {
namespace {

namespace fs = std::filesystem;

TEST(TorcsAgreement, EveryTriangleDetectorMatchesBruteForceOnRealTracks) {
  const fs::path tracks = "/usr/share/games/torcs/tracks";
  if (!fs::exists(tracks)) GTEST_SKIP() << "torcs-data is not installed: apt-get install torcs-data to run this test";
  int touching = 0;
  for (const char* file : {"oval/michigan/michigan.acc", "road/alpine-1/alpine-1.acc", "dirt/dirt-3/dirt-3.acc"}) {
    const fs::path path = tracks / file;
    SceneOptions options;
    options.up = UpAxis::kY;
    options.vertical_only = true;
    options.vertical_tolerance_deg = 45;
    options.collision.exclude = {"TREE*"};
    const Scene scene = load_scene(path.string(), options);
    std::ifstream in(path);
    const Centreline line = read_centreline(in, path.string(), {});
    constexpr double kLanes[] = {0.0, 3.0, -3.0, 5.0, -5.0};
    const std::vector<VehiclePose> poses = centreline_drive(scene, line, kLanes);
    const auto want = testing::contacts("brute-force", scene, poses);
    for (const std::string& d : testing::triangle_detector_names())
      if (d != "brute-force") touching += testing::expect_agreement(testing::contacts(d, scene, poses), want, std::string(file) + " " + d);
  }
  EXPECT_GT(touching, 0) << "the lanes must reach some barrier, or nothing was compared";
}

}  // namespace
}  // namespace crashbench
