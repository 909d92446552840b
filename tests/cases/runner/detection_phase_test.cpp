// The runner's surface and detection phases built alone on the straight wall (Y = 0): the step's contacts
// with their vehicles' case indices on any thread count, the prescribed contact in place of detection,
// and the sweep's time of impact against a hand calculation.
#include <gtest/gtest.h>

#include "cases/loading/scene_cache.hpp"
#include "cases/runner/detection.hpp"
#include "cases/runner/surface_following.hpp"
#include "tests/cases/runner/phase_case.hpp"

namespace crashbench {
namespace {

using testing::kSedanFront;
using testing::wall_case;

TEST(SurfaceFollowingPhase, OnWallsAloneEveryVehicleStandsOnTheBarrierBottomsAndIsCounted) {
  const Case c = wall_case({5.0, 7.0, 9.0}, 10.0);
  const auto scene = shared_scene(c.scene);  // the straight wall: a wall from Z = 0 up, no road
  Fleet fleet(c);
  StepThreads threads(2);
  SurfaceFollowing surface(c, *scene, threads.size());
  EXPECT_EQ(surface.follow(fleet, threads, 0), 3);
  for (const VehiclePose& p : fleet.poses) EXPECT_EQ(p.ground_z, 0.0);
  EXPECT_EQ(surface.follow(fleet, threads, 0), 3) << "every step counts its misses anew";
}

TEST(DetectionPhase, ContactsCarryTheirVehiclesCaseIndexOnAnyThreadCount) {
  // Vehicle 1 (the second thread's range with two threads) has its bumper 5 cm through the wall.
  const Case c = wall_case({9.0, kSedanFront - 0.05}, 10.0);
  const auto scene = shared_scene(c.scene);
  for (const int n : {1, 2}) {
    Fleet fleet(c);
    fleet.x_before = fleet.x;
    StepThreads threads(n);
    Detection detection(c, *scene, n, false);
    detection.detect(fleet, threads);
    const std::vector<Contact>& got = detection.contacts().contacts;
    ASSERT_EQ(got.size(), 1u) << n << " threads";
    EXPECT_EQ(got[0].vehicle, 1);
    EXPECT_EQ(got[0].other, kStaticScene);
    EXPECT_NEAR(got[0].depth, 0.05, 1e-9);
    EXPECT_NEAR(got[0].normal_W.y(), 1.0, 1e-12);
    EXPECT_EQ(fleet.poses[1].position_W.y(), kSedanFront - 0.05) << "the poses follow the states";
  }
}

TEST(DetectionPhase, AGivenContactReplacesDetection) {
  const Case c = wall_case({kSedanFront - 0.05}, 10.0);
  const auto scene = shared_scene(c.scene);
  Fleet fleet(c);
  StepThreads threads(1);
  Detection detection(c, *scene, 1, true);
  Contact given;
  given.point_W = {1.0, 2.0};
  detection.detect(fleet, threads, &given);
  ASSERT_EQ(detection.contacts().contacts.size(), 1u);
  EXPECT_EQ(detection.contacts().contacts[0].point_W, given.point_W);
  detection.sweep(fleet, threads, true);
  EXPECT_TRUE(detection.contacts().first_touch.empty());
}

TEST(DetectionPhase, TheSweepTimesACrossingAtItsFractionOfTheStep) {
  // From 10 cm clear to 10 cm through at constant speed: the bumper meets the wall half way.
  const Case c = wall_case({kSedanFront + 0.10}, 10.0);
  const auto scene = shared_scene(c.scene);
  for (const bool at_end : {false, true}) {
    Fleet fleet(c);
    fleet.x_before = fleet.x;
    fleet.x[0][1] = kSedanFront - 0.10;
    StepThreads threads(1);
    Detection detection(c, *scene, 1, at_end);
    detection.detect(fleet, threads);
    detection.sweep(fleet, threads, false);
    const StepContacts& got = detection.contacts();
    ASSERT_EQ(got.contacts.size(), 1u);
    const double first_touch = at_end ? got.first_touch.at(0) : got.contacts[0].toi;
    EXPECT_NEAR(first_touch, 0.5, 1e-6) << (at_end ? "taken at the step's end" : "taken at first touch");
    if (at_end) {
      EXPECT_NEAR(got.contacts[0].depth, 0.10, 1e-9) << "the end of the step's overlap";
    }
  }
}

}  // namespace
}  // namespace crashbench
