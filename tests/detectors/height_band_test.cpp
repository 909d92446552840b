// The height band of `scene.collision` (CollisionFilter::above_road_max): geometry wholly above the band
// over the road under a car, or wholly below that road, does not collide with it. Two small scenes hold
// the traps of real tracks: a start banner over the road beside one whose lower edge sags into the
// rectangle's plane, and a bridge whose deck, fascia and parapets cross over a road with barriers. Every
// triangle detector of the registry must give brute force's contacts on drives over both, with the
// default band and with a band whose top lies below the CG (where only the band, not the plane, can
// leave the sagging banner out); the analytic detector, whose walls have no height, must honour it too.
#include <gtest/gtest.h>

#include <osg/Group>

#include <algorithm>
#include <cmath>
#include <numbers>

#include "detectors/scenes/registry/scene_drives.hpp"
#include "detectors/scenes/registry/scene_library.hpp"
#include "detectors/scenes/surface_query.hpp"
#include "detectors/scenes/wall_footprints.hpp"
#include "tests/support/band_scenes.hpp"
#include "tests/support/detector_agreement.hpp"
#include "tests/support/registries.hpp"

namespace crashbench {
namespace {

using testing::banner_graph;
using testing::contacts;
using testing::expect_agreement;
using testing::bridge_graph;

Scene scene_with_band(osg::ref_ptr<osg::Group> graph, double above_road_max) {
  SceneOptions options;
  options.collision.above_road_max = above_road_max;
  Scene scene = make_scene("band", graph, {}, options);
  scene.walls = wall_footprints(scene.triangles, kVerticalToleranceDeg, above_road_max);  // as a case does
  return scene;
}

/// Poses at the points of `path`, each on the surface the runner would find (hint: the previous one).
std::vector<VehiclePose> on_surface(const Scene& scene, const std::vector<std::pair<Vec2, double>>& path) {
  std::vector<VehiclePose> poses;
  double hint = kHighest;
  for (const auto& [p, heading] : path) {
    VehiclePose pose = drive_pose(p, heading);
    pose.ground_z = hint = scene.surface->height_below(p, hint);
    poses.push_back(pose);
  }
  return poses;
}

/// The centre line of the banner road, X = 0 to 130.
std::vector<VehiclePose> under_the_banners(const Scene& scene) {
  std::vector<std::pair<Vec2, double>> path;
  for (double x = 0; x < 130; x += 0.25) path.push_back({{x, 0}, 0});
  return on_surface(scene, path);
}

/// Along the lower road under the bridge (X = 50 to 150), then along the deck (Y = -50 to 50) weaving
/// into the parapet at X = 94 and out of it (the car's side 0.9 m from its CG).
std::vector<VehiclePose> under_and_over_the_bridge(const Scene& scene) {
  std::vector<std::pair<Vec2, double>> under, over;
  for (double x = 50; x < 150; x += 0.25) under.push_back({{x, 0}, 0});
  for (double y = -50; y < 50; y += 0.25) over.push_back({{95.1 + 0.3 * std::sin(y / 5), y}, std::numbers::pi / 2});
  std::vector<VehiclePose> poses = on_surface(scene, under);
  for (const VehiclePose& p : on_surface(scene, over)) poses.push_back(p);
  return poses;
}

int steps_with_contact(const std::vector<std::vector<Contact>>& c) {
  return static_cast<int>(std::count_if(c.begin(), c.end(), [](const auto& s) { return !s.empty(); }));
}

class HeightBandAgreement : public ::testing::TestWithParam<std::string> {};

TEST_P(HeightBandAgreement, TheBannerOverTheRoofIsLeftOutAndTheSaggingOneHit) {
  const Scene scene = scene_with_band(banner_graph(), kDefaultAboveRoadMax);
  const auto poses = under_the_banners(scene);
  const auto got = contacts(GetParam(), scene, poses);
  expect_agreement(got, contacts("brute-force", scene, poses), GetParam());
  // The sag's slice at 0.55 m spans |Y| < 3.2 at X = 120, across the car: it counts while the car's
  // front (2.1 m ahead of the CG) is past it and its rear (2.6 m behind) is not. Nothing else does, the
  // banner at X = 60 and the gantry at X = 90 included; the barriers lie 7.1 m from the car's sides.
  for (std::size_t i = 0; i < poses.size(); ++i) {
    const double x = poses[i].position_W.x();
    EXPECT_EQ(!got[i].empty(), x + 2.1 > 120.0 && x - 2.6 < 120.0) << "CG at X = " << x;
  }
}

TEST_P(HeightBandAgreement, ABandBelowTheCgLeavesOutWhatThePlaneCuts) {
  // The sag at 0.4 m is cut by the plane at 0.55 m; a band topping out at 0.3 m leaves it out for every
  // detector, which only the band (not the plane) can do.
  const Scene low = scene_with_band(banner_graph(), 0.3);
  const auto poses = under_the_banners(low);
  const auto got = contacts(GetParam(), low, poses);
  expect_agreement(got, contacts("brute-force", low, poses), GetParam());
  EXPECT_EQ(steps_with_contact(got), 0);
}

TEST_P(HeightBandAgreement, UnderTheBridgeNothingOnItTheParapet) {
  const Scene scene = scene_with_band(bridge_graph(), kDefaultAboveRoadMax);
  const auto poses = under_and_over_the_bridge(scene);
  ASSERT_DOUBLE_EQ(poses.front().ground_z, 0.0);  // the lower road
  ASSERT_DOUBLE_EQ(poses.back().ground_z, 5.0);   // the deck
  const auto got = contacts(GetParam(), scene, poses);
  expect_agreement(got, contacts("brute-force", scene, poses), GetParam());
  int on_deck = 0;
  for (std::size_t i = 0; i < poses.size(); ++i) {
    const bool over = poses[i].ground_z > 1;
    // Under the bridge the car stays 6 - 0.9 m from the barriers' faces and passes under the deck; on
    // it, its side (0.9 m from the CG) crosses the parapet at X = 94 when the CG is closer than 0.9 m.
    const bool touching = over && poses[i].position_W.x() - 94.0 < 0.9;
    EXPECT_EQ(!got[i].empty(), touching) << "pose " << i;
    for (const Contact& c : got[i]) EXPECT_NEAR(std::abs(c.normal_W.x()), 1.0, 1e-9) << "the parapet, nothing below";
    on_deck += touching;
  }
  EXPECT_GT(on_deck, 20);
}

INSTANTIATE_TEST_SUITE_P(EveryTriangleDetector, HeightBandAgreement, ::testing::ValuesIn(testing::triangle_detector_names()),
                         [](const auto& info) { return testing::test_name(info.param); });

TEST(HeightBandAnalytic, TheWallsWithoutHeightHonourTheBand) {
  // Wall footprints have no height: without the band the banners, the gantry (its posts and beam in one
  // plane: one wall unless the footprints split where the faces' bottoms jump) and the bridge lie across
  // the road.
  const auto steps = [](osg::ref_ptr<osg::Group> graph, double band, auto drive) {
    const Scene scene = scene_with_band(graph, band);
    return steps_with_contact(contacts("analytic", scene, drive(scene)));
  };
  const auto banners = [](const Scene& s) {
    std::vector<VehiclePose> p = under_the_banners(s);
    std::erase_if(p, [](const VehiclePose& v) { return v.position_W.x() > 100; });  // up to the sag
    return p;
  };
  const auto under_bridge = [](const Scene& s) {
    std::vector<VehiclePose> p = under_and_over_the_bridge(s);
    std::erase_if(p, [](const VehiclePose& v) { return v.ground_z > 1; });
    return p;
  };
  EXPECT_EQ(steps(banner_graph(), kDefaultAboveRoadMax, banners), 0);
  EXPECT_GT(steps(banner_graph(), kNoHeightBand, banners), 0);
  EXPECT_EQ(steps(bridge_graph(), kDefaultAboveRoadMax, under_bridge), 0);
  EXPECT_GT(steps(bridge_graph(), kNoHeightBand, under_bridge), 0);
  // On the deck the analytic car meets the parapet, and never the lower road's barriers below it.
  const Scene bridge = scene_with_band(bridge_graph(), kDefaultAboveRoadMax);
  const auto poses = under_and_over_the_bridge(bridge);
  for (const auto& step : contacts("analytic", bridge, poses))
    for (const Contact& c : step) EXPECT_NEAR(std::abs(c.normal_W.x()), 1.0, 1e-9);
}

}  // namespace
}  // namespace crashbench
