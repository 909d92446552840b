// A banner on legs over the road (tests/support/band_scenes.hpp), its legs drawn in 2 m pieces up to the
// beam 6 m above the road, all in one plane: with the default height band no detector of the registry
// meets anything driving under it, the analytic detector included, whose wall footprints once chained the
// pieces into one wall from the ground across the road.
#include <gtest/gtest.h>

#include <algorithm>

#include "detectors/scenes/registry/scene_drives.hpp"
#include "detectors/scenes/registry/scene_library.hpp"
#include "detectors/scenes/surface_query.hpp"
#include "detectors/scenes/wall_footprints.hpp"
#include "tests/support/band_scenes.hpp"
#include "tests/support/detector_agreement.hpp"
#include "tests/support/registries.hpp"

namespace crashbench {
namespace {

Scene banner_on_legs() {
  SceneOptions options;  // the default height band, as a case on a file has
  Scene scene = make_scene("banner-on-legs", testing::banner_on_legs_graph(), {}, options);
  scene.walls = wall_footprints(scene.triangles, kVerticalToleranceDeg, options.collision.above_road_max);
  return scene;
}

/// Poses from (x0, y) to (x1, y) heading along X, each on the road.
std::vector<VehiclePose> banner_drive(const Scene& scene, double x0, double x1, double y) {
  std::vector<VehiclePose> poses;
  for (double x = x0; x < x1; x += 0.25) {
    VehiclePose p = drive_pose({x, y}, 0);
    p.ground_z = scene.surface->height_below(p.position_W, kHighest);
    poses.push_back(p);
  }
  return poses;
}

std::size_t banner_contact_steps(const std::vector<std::vector<Contact>>& c) {
  return static_cast<std::size_t>(std::count_if(c.begin(), c.end(), [](const auto& s) { return !s.empty(); }));
}

TEST(BannerOnLegs, NoWallFootprintAcrossTheRoadReachesDownIntoACarsBand) {
  // A wall's bottoms stay within the band's top of each other, so the beam's wall may take in the upper
  // pieces of the legs (down to 4 m) but never the ground: above the band of every car on the road.
  const Scene scene = banner_on_legs();
  int across = 0;
  for (const WallSegment& w : scene.walls) {
    const bool across_the_road = std::min(w.a_W.y(), w.b_W.y()) < 7 && std::max(w.a_W.y(), w.b_W.y()) > -7;
    if (!across_the_road || std::abs(w.a_W.x() - 60) > 1e-6) continue;
    ++across;
    EXPECT_GT(w.bottom_z, kDefaultAboveRoadMax) << w.a_W.transpose() << " to " << w.b_W.transpose();
  }
  EXPECT_GE(across, 1);  // the beam is a wall, high up
}

TEST(BannerOnLegs, EveryDetectorDrivesUnderItWhileTheBarrierBesideItIsMet) {
  const Scene scene = banner_on_legs();
  // Under the beam along the centre line and 5 m off it: nothing; 7.5 m off it, the car's side (0.9 m
  // from its CG) in the barrier at Y = 8 on every pose: no detector is blind on this scene.
  const std::vector<VehiclePose> under = banner_drive(scene, 40, 80, 0), beside = banner_drive(scene, 40, 80, 5);
  const std::vector<VehiclePose> scraping = banner_drive(scene, 40, 80, 7.5);
  for (const std::string& name : testing::detector_names()) {
    EXPECT_EQ(banner_contact_steps(testing::contacts(name, scene, under)), 0u) << name;
    EXPECT_EQ(banner_contact_steps(testing::contacts(name, scene, beside)), 0u) << name;
    EXPECT_EQ(banner_contact_steps(testing::contacts(name, scene, scraping)), scraping.size()) << name;
  }
}

TEST(BannerOnLegs, AKerbBelowThePlaneAtCgHeightIsNoWallForAnyDetector) {
  // A step 0.2 m high across the road at X = 100: it reaches into the band (from the road to 2 m up) but
  // lies below the plane at CG height (0.55 m), where the triangle detectors cut; the analytic detector
  // met its footprint until it asked for that plane too.
  osg::ref_ptr<osg::Group> root = testing::banner_on_legs_graph();
  testing::add_object(*root, "kerb", [](MeshBuilder& m) { m.quad({100, -8, 0}, {100, 8, 0}, {100, 8, 0.2}, {100, -8, 0.2}); });
  SceneOptions options;
  Scene scene = make_scene("kerb", root, {}, options);
  scene.walls = wall_footprints(scene.triangles, kVerticalToleranceDeg, options.collision.above_road_max);
  const std::vector<VehiclePose> over = banner_drive(scene, 90, 110, 0);
  for (const std::string& name : testing::detector_names())
    EXPECT_EQ(banner_contact_steps(testing::contacts(name, scene, over)), 0u) << name;
}

}  // namespace
}  // namespace crashbench
