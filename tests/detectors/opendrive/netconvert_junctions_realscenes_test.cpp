// The surface query on networks SUMO makes and writes as OpenDRIVE (label realscenes; skipped without
// Debian's sumo): netgenerate's grid, spider and random networks at a fixed seed, netconvert's
// --opendrive-output. Their junctions are the query's hard case (docs/scenes.md, "Junctions"): connecting
// roads overlapping on one plane, turns cut into fans of slivers a few centimetres wide. Along every lane
// inside the junctions and between them, in 0.125 m steps: the grid gives what scanning every face gives
// (on a thinned sample), the remembered face gives the scan's bits on every step, and nine steps in ten
// are answered without a scan.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "detectors/scenes/registry/scene_drives.hpp"
#include "detectors/scenes/registry/scene_library.hpp"
#include "detectors/scenes/triangle_extraction.hpp"
#include "tests/support/surface_brute_force.hpp"
#include "tests/support/temp_folder.hpp"

namespace crashbench {
namespace {

TEST(NetconvertJunctions, TheSurfaceQueryGivesEveryFacesAnswerAlongEveryLane) {
  if (std::system("command -v netgenerate >/dev/null 2>&1 && command -v netconvert >/dev/null 2>&1") != 0)
    GTEST_SKIP() << "SUMO is not installed (apt-get install sumo)";
  const auto dir = testing::fresh_temp_folder("netconvert-junctions");
  // Small enough to drive whole: a few hundred metres each.
  const std::pair<const char*, const char*> networks[] = {
      {"grid", "--grid --grid.number 4 --grid.length 80"},
      {"spider", "--spider --spider.arm-number 5 --spider.circle-number 3 --spider.space-radius 40"},
      {"rand", "--rand --rand.iterations 40"}};
  for (const auto& [name, options] : networks) {
    const std::string net = (dir / (std::string(name) + ".net.xml")).string();
    const std::string file = (dir / (std::string(name) + ".xodr")).string();
    const std::string make = std::string("netgenerate ") + options + " --seed 3 --junctions.join false -o " + net +
                             " > /dev/null 2>&1 && netconvert -s " + net + " --opendrive-output " + file +
                             " > /dev/null 2>&1";
    ASSERT_EQ(std::system(make.c_str()), 0) << make;
    const Scene scene = load_scene(file);
    const testing::SurfaceBruteForce brute(all_triangles(*scene.graph), kVerticalToleranceDeg);
    for (const OdrRoads roads : {OdrRoads::kOutsideJunctions, OdrRoads::kInsideJunctions}) {
      std::vector<Vec2> steps_W;
      for (const VehiclePose& p : opendrive_lanes_drive(scene, file, roads)) steps_W.push_back(p.position_W);
      const std::string where = name + std::string(roads == OdrRoads::kInsideJunctions ? " (junctions)" : "");
      testing::expect_lanes_answered(*scene.surface, brute, steps_W, where, 3000);
    }
  }
}

}  // namespace
}  // namespace crashbench
