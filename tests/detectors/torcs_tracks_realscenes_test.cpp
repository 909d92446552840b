// Every track of Debian's torcs-data (ovals, road courses, dirt; .ac and .acc, y-up) loads, and the
// surface under its start line is the road there. Opt-in: label `realscenes`, skipped without torcs-data.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "detectors/scenes/registry/scene_library.hpp"
#include "detectors/scenes/surface_query.hpp"
#include "tests/support/torcs_tracks.hpp"

namespace crashbench {
namespace {

namespace fs = std::filesystem;
const fs::path kTracks = "/usr/share/games/torcs/tracks";

/// The scene file each track's XML names as its "3d description".
std::vector<fs::path> track_files() {
  std::vector<fs::path> out;
  for (const testing::TorcsTrackFiles& track : testing::torcs_tracks()) out.push_back(track.scene);
  std::sort(out.begin(), out.end());
  return out;
}

/// Just past the start line, in world coordinates (y-up file: world = (x, -z, y)), read from the text:
/// the centre of the first four vertices of the first main-track strip (`tkmn...`), which TORCS writes as
/// pairs across the road from the start (the line's own midpoint lies on the mesh's edge). False if the
/// file has no flat such object.
bool start_of(const fs::path& file, Vec3& start_W) {
  std::ifstream in(file);
  std::string line;
  bool in_main = false;
  while (std::getline(in, line)) {
    std::string lower = line;
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
    if (lower.rfind("object", 0) == 0) in_main = false;  // a name belongs to the object just opened
    if (lower.rfind("name \"tkmn", 0) == 0) in_main = true;
    if (!in_main || lower.rfind("numvert", 0) != 0) continue;
    Vec3 v[4] = {Vec3::Zero(), Vec3::Zero(), Vec3::Zero(), Vec3::Zero()};
    for (Vec3& p : v) {
      std::getline(in, line);
      std::istringstream xyz(line);
      double x = 0, y = 0, z = 0;
      xyz >> x >> y >> z;
      p = {x, -z, y};
    }
    // Some tracks name a trackside board `TKMN...` too: a strip across the road is flat.
    Vec3 lo = v[0], hi = v[0];
    for (const Vec3& p : v) lo = lo.cwiseMin(p), hi = hi.cwiseMax(p);
    in_main = false;
    if (hi.z() - lo.z() > 0.5 * (hi - lo).head<2>().norm()) continue;
    start_W = 0.25 * (v[0] + v[1] + v[2] + v[3]);
    return true;
  }
  return false;
}

TEST(TorcsTracks, EveryTrackLoadsAndHasItsRoadUnderTheStart) {
  if (!fs::is_directory(kTracks))
    GTEST_SKIP() << "torcs-data is not installed (" << kTracks << "): apt-get install torcs-data to run this test";
  const std::vector<fs::path> files = track_files();
  ASSERT_GE(files.size(), 30U) << "torcs-data lists 38 tracks";
  SceneOptions options;
  options.up = UpAxis::kY;
  int with_start = 0;
  for (const fs::path& file : files) {
    const Scene scene = load_scene(file.string(), options);
    EXPECT_GT(scene.triangles.size(), 1000U) << file;
    EXPECT_GT(scene.surface->surface_triangles(), 0) << file;
    for (const std::string& note : scene.notes) EXPECT_EQ(note.find("up_axis"), std::string::npos) << note;
    Vec3 start = Vec3::Zero();
    if (!start_of(file, start)) continue;
    ++with_start;
    // A car arriving at the start line: its previous surface was the start's height; banners above it
    // must not count, the road must.
    const double z = scene.surface->height_below(start.head<2>(), start.z());
    EXPECT_FALSE(std::isnan(z)) << file << ": no surface under the start (" << start.transpose() << ")";
    if (!std::isnan(z)) {
      EXPECT_NEAR(z, start.z(), 0.3) << file;
    }
  }
  EXPECT_GE(with_start, 30) << "tracks whose start line was found in the file";
}

}  // namespace
}  // namespace crashbench
