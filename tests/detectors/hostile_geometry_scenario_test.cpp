// Geometry a hostile or careless file can hold: thousands of copies of one triangle spanning the whole
// scene. Every spatial index over footprints would list each copy in every cell; each must coarsen its
// cells instead, and every registered detector must prepare and answer within a memory budget (a hang
// shows as the test's timeout).
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include <osg/Group>

#include "core/error.hpp"
#include "detectors/detector.hpp"
#include "detectors/scenes/mesh_builder.hpp"
#include "detectors/scenes/registry/scene_library.hpp"
#include "testkit/counting_allocator.hpp"
#include "tests/support/registries.hpp"

namespace crashbench {
namespace {

constexpr int kCopies = 3000;
constexpr std::int64_t kBudgetBytes = std::int64_t{512} << 20;

/// `kCopies` copies of a triangle over 10 x 10 km whose plane rises 1.2 m per metre along Y: its normal
/// lies 40 degrees from horizontal, a wall under a 45-degree wall-slope tolerance; and a flat road.
Scene spanning_slopes() {
  MeshBuilder mesh("slopes", osg::Vec4(0.5f, 0.5f, 0.5f, 1.0f));
  for (int i = 0; i < kCopies; ++i) mesh.triangle({0, 0, 0}, {1e4, 0, 0}, {0, 1e4, 1.2e4});
  mesh.quad({0, -20, 0}, {1e4, -20, 0}, {1e4, -1, 0}, {0, -1, 0});
  osg::ref_ptr<osg::Group> root = new osg::Group;
  root->addChild(mesh.finish().get());
  SceneOptions options;
  options.vertical_only = true;
  options.vertical_tolerance_deg = 45;
  options.collision.above_road_max = kNoHeightBand;
  return make_scene("spanning-slopes", root, {}, options);
}

TEST(HostileGeometry, EveryDetectorPreparesAndAnswersWithinAMemoryBudget) {
  const std::int64_t before_scene = testing::allocated_bytes();
  const Scene scene = spanning_slopes();
  EXPECT_LT(testing::allocated_bytes() - before_scene, kBudgetBytes) << "loading the scene";
  // On the road heading +Y, its nose at Y = 0.6: the rectangle's plane (0.55 m up) meets the slopes at
  // Y = 0.55 / 1.2 = 0.46 m.
  VehiclePose pose;
  pose.position_W = {5000, -1.5};
  pose.heading = std::acos(-1.0) / 2;
  pose.cg_height = 0.55;
  pose.size = {2.1, 2.6, 1.8};
  for (const std::string& name : testing::detector_names()) {
    auto detector = make_detector(name);
    const std::int64_t before = testing::allocated_bytes();
    try {
      detector->prepare(scene, 1);
    } catch (const Error&) {
      continue;  // a detector that reads no triangles (wall footprints only) may refuse the scene, cleanly
    }
    std::vector<Contact> out;
    DetectorStats stats;
    detector->detect_all(std::span(&pose, 1), out, stats);
    EXPECT_LT(testing::allocated_bytes() - before, kBudgetBytes) << name;
    if (detector->geometry() == SceneGeometry::kTriangles) {
      EXPECT_FALSE(out.empty()) << name << ": the nose is in the slopes";
    }
  }
}

}  // namespace
}  // namespace crashbench
