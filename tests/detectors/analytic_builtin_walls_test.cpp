// The wall footprints of Knight's scenes as analytic scenes; an unknown scene name lists the registered ones.
#include "detectors/scenes/registry/builtin_walls.hpp"

#include <gtest/gtest.h>

#include <string>

#include "detectors/detector.hpp"
#include "detectors/scenes/registry/scene_library.hpp"

namespace crashbench {
namespace {

TEST(AnalyticBuiltinScenes, StraightWallIsOneWallAlongYZero) {
  const Scene s = scene_from_walls("straight-wall", kStraightWall);
  EXPECT_EQ(s.name, "straight-wall");
  ASSERT_EQ(s.walls.size(), 1u);
  EXPECT_EQ(s.walls[0].a_W, Vec2(-50, 0));
  EXPECT_EQ(s.walls[0].b_W, Vec2(250, 0));
}

TEST(AnalyticBuiltinScenes, LRailIsSideWallThenEndWall) {
  const Scene s = scene_from_walls("l-rail", kLRail);
  ASSERT_EQ(s.walls.size(), 2u);
  EXPECT_EQ(s.walls[0].a_W, Vec2(-30, 0));
  EXPECT_EQ(s.walls[0].b_W, Vec2(100, 0));
  EXPECT_EQ(s.walls[1].a_W, Vec2(100, 0));
  EXPECT_EQ(s.walls[1].b_W, Vec2(100, 40));
}

TEST(AnalyticBuiltinScenes, UnknownNameListsTheKnownOnes) {
  try {
    make_registered_scene("s-bend");
    FAIL() << "expected crashbench::Error";
  } catch (const Error& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("s-bend"), std::string::npos);
    EXPECT_NE(what.find("open-road"), std::string::npos);
  }
}

TEST(AnalyticBuiltinScenes, AnalyticDetectorIsRegistered) {
  const auto& entry = find_entry(detectors(), "analytic", "detector");
  ASSERT_NE(entry.make, nullptr);
  EXPECT_EQ(make_detector(entry.name)->name(), "analytic");
}

}  // namespace
}  // namespace crashbench
