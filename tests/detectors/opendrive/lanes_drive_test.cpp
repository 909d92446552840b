// The benches' drive on an OpenDRIVE file (scene_drives.hpp, opendrive_lanes_drive) on the test junction:
// two flat 20 m roads along +X (x 0..20 and 30..50), each with a 3 m driving lane either side of its
// reference line, joined by a connecting road inside a junction (x 20..30), which the drive leaves out.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "detectors/scenes/registry/scene_drives.hpp"
#include "detectors/scenes/registry/scene_library.hpp"
#include "tests/support/paths.hpp"

namespace crashbench {
namespace {

TEST(OpenDriveLanesDrive, EveryDrivingLaneOutsideJunctionsInItsDirectionOnTheRoad) {
  const std::string file = testing::testdata_path("opendrive/junction.xodr");
  const Scene scene = load_scene(file);
  const std::vector<VehiclePose> poses = opendrive_lanes_drive(scene, file);
  // 4 lanes of 20 m, a pose every 0.125 m and at both ends: 161 each.
  ASSERT_EQ(poses.size(), 4u * 161u);
  int right = 0, left = 0;
  for (const VehiclePose& p : poses) {
    const double x = p.position_W.x(), y = p.position_W.y();
    EXPECT_TRUE((x >= -1e-9 && x <= 20 + 1e-9) || (x >= 30 - 1e-9 && x <= 50 + 1e-9)) << "x = " << x;
    EXPECT_NEAR(std::abs(y), 1.5, 1e-9);  // the lane's centre
    if (y < 0) {
      ++right;
      EXPECT_NEAR(p.heading, 0, 1e-9);  // right lanes run with the reference line
    } else {
      ++left;
      EXPECT_NEAR(std::abs(p.heading), std::numbers::pi, 1e-9);  // left lanes against it
    }
    EXPECT_NEAR(p.ground_z, 0, 1e-9);  // each pose on the flat road
    EXPECT_EQ(p.size.width, 1.8);  // the drives' rectangle (scene_drives.hpp)
  }
  EXPECT_EQ(right, 2 * 161);
  EXPECT_EQ(left, 2 * 161);
  // Consecutive poses of a lane 0.125 m apart.
  EXPECT_NEAR((poses[1].position_W - poses[0].position_W).norm(), 0.125, 1e-9);
}

}  // namespace
}  // namespace crashbench
