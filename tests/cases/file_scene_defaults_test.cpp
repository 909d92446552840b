// The default collision set of a file scene (cases/loading/scene_source.hpp): faces within 45 degrees of vertical.
// A road that rises 15 degrees ahead of the flat rectangle (a crest) is ground the car rides onto, not a
// wall: no detector of the registry meets it with the default, while the triangle detectors do when the
// case asks for every face (vertical_within_deg 90), so the test can tell the two apart.
#include <gtest/gtest.h>

#include <osg/Group>

#include <cmath>
#include <numbers>

#include "cases/loading/scene_source.hpp"
#include "detectors/scenes/registry/scene_drives.hpp"
#include "detectors/scenes/surface_query.hpp"
#include "tests/support/band_scenes.hpp"
#include "tests/support/detector_agreement.hpp"
#include "tests/support/registries.hpp"

namespace crashbench {
namespace {

/// A road along X, |Y| < 8: flat to X = 50 m, then rising at 15 degrees to X = 70 m, with barriers 1 m
/// tall along both edges of the flat part (walls every detector must still meet).
std::string crest_file() {
  osg::ref_ptr<osg::Group> root = new osg::Group;
  testing::add_object(*root, "road", [](MeshBuilder& m) {
    const double top = 20 * std::tan(15 * std::numbers::pi / 180);
    m.quad({-20, -8, 0}, {50, -8, 0}, {50, 8, 0}, {-20, 8, 0});
    m.quad({50, -8, 0}, {70, -8, top}, {70, 8, top}, {50, 8, 0});
  });
  testing::add_object(*root, "barriers", [](MeshBuilder& m) {
    for (double y : {-8.0, 8.0}) m.quad({-20, y, 0}, {50, y, 0}, {50, y, 1}, {-20, y, 1});
  });
  return testing::written_scene(*root, "file-scene-defaults", "crest.osgt");
}

/// Poses along Y = `y` from X = 30 to 60 m, each on the surface under it, as the runner puts them.
std::vector<VehiclePose> crest_drive(const Scene& scene, double y) {
  std::vector<VehiclePose> poses;
  double hint = kHighest;
  for (double x = 30; x < 60; x += 0.25) {
    VehiclePose p = drive_pose({x, y}, 0);
    p.ground_z = hint = scene.surface->height_below(p.position_W, hint);
    poses.push_back(p);
  }
  return poses;
}

std::size_t crest_contact_steps(const std::vector<std::vector<Contact>>& c) {
  return static_cast<std::size_t>(std::count_if(c.begin(), c.end(), [](const auto& s) { return !s.empty(); }));
}

TEST(FileSceneDefaults, ACrestAheadIsNoWallForAnyDetectorButTheBarriersAre) {
  SceneSpec spec;
  spec.file = crest_file();
  const Scene by_default = build_scene(spec);
  spec.vertical_within_deg = 90;
  const Scene every_face = build_scene(spec);
  const std::vector<VehiclePose> centre = crest_drive(by_default, 0), scraping = crest_drive(by_default, 7.5);
  for (const std::string& name : testing::detector_names()) {
    EXPECT_EQ(crest_contact_steps(testing::contacts(name, by_default, centre)), 0u) << name;
    // The barrier, 0.5 m from the car's side: met on every pose along the flat part.
    const auto barrier = testing::contacts(name, by_default, scraping);
    for (std::size_t i = 0; i < scraping.size(); ++i)
      if (scraping[i].position_W.x() < 45) {
        EXPECT_FALSE(barrier[i].empty()) << name << " at X = " << scraping[i].position_W.x();
      }
  }
  // Every face colliding, the car's nose meets the rising road while its CG is still on the flat.
  for (const std::string& name : testing::triangle_detector_names())
    EXPECT_GT(crest_contact_steps(testing::contacts(name, every_face, centre)), 0u) << name;
}

}  // namespace
}  // namespace crashbench
