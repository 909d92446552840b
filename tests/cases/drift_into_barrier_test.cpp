// A car drifting off the road at an angle into the barrier beside it, on a small generated scene (a road
// strip, a verge of terrain, a vertical barrier): steered along a path that leaves the road at 12 degrees,
// its first contact lies on the barrier's face, and every triangle detector finds the same first contact
// as brute force.
#include <gtest/gtest.h>

#include <fmt/format.h>
#include <osg/Group>

#include <cmath>
#include <fstream>
#include <iostream>
#include <numbers>

#include "cases/loading/case_loader.hpp"
#include "cases/runner/simulation.hpp"
#include "detectors/scenes/files/scene_io.hpp"
#include "detectors/scenes/mesh_builder.hpp"
#include "tests/support/first_contact.hpp"
#include "tests/support/registries.hpp"
#include "tests/support/temp_folder.hpp"

namespace crashbench {
namespace {

constexpr double kRoadsideBarrierY = 12;  ///< the barrier's face, beside the road's left edge (Y = 6) and a verge [m]

/// The road along X (|Y| <= 6), a flat verge to Y = 12, and the barrier there: 1.2 m high, face towards -Y.
std::string roadside_scene(const std::filesystem::path& dir) {
  osg::ref_ptr<osg::Group> root = new osg::Group;
  const auto add = [&](const char* name, auto&& build) {
    MeshBuilder mesh(name, osg::Vec4(0.5f, 0.5f, 0.5f, 1.0f));
    build(mesh);
    root->addChild(mesh.finish().get());
  };
  add("road", [](MeshBuilder& m) { m.quad({-20, -6, 0}, {300, -6, 0}, {300, 6, 0}, {-20, 6, 0}); });
  add("verge", [](MeshBuilder& m) { m.quad({-20, 6, 0}, {300, 6, 0}, {300, kRoadsideBarrierY, 0}, {-20, kRoadsideBarrierY, 0}); });
  add("barrier", [](MeshBuilder& m) {
    m.quad({-20, kRoadsideBarrierY, 0}, {300, kRoadsideBarrierY, 0}, {300, kRoadsideBarrierY, 1.2}, {-20, kRoadsideBarrierY, 1.2});
  });
  const std::string path = (dir / "roadside.osgt").string();
  write_scene_graph(*root, path);
  return path;
}

/// Along the road's centre to X = 30, then off it to the left at 12 degrees, far past the barrier.
std::string drift_path(const std::filesystem::path& dir) {
  const double a = 12 * std::numbers::pi / 180;
  std::ofstream(dir / "drift.csv") << "x,y\n0,0\n30,0\n" << 30 + 200 * std::cos(a) << "," << 200 * std::sin(a) << "\n";
  return "drift.csv";
}

RunResult drift_into_barrier(const std::string& detector) {
  const auto dir = testing::temp_folder("drift-into-barrier");
  const nlohmann::json doc = {
      {"name", "drift-" + detector},
      {"scene", {{"file", roadside_scene(dir)}, {"collision", {{"vertical_within_deg", 45}}}}},
      {"detector", detector}, {"response", {{"model", "restitution"}, {"restitution", 0.2}}}, {"dynamics", "bicycle"},
      {"duration", 6.0},
      {"vehicles", {{{"params", "sedan"}, {"follow", {{"path", drift_path(dir)}, {"speed", 20}, {"lookahead", 6}}}}}}};
  return run_case(parse_case(doc, (dir / "drift.json").string()));
}

TEST(DriftIntoBarrier, FirstContactOnTheFaceAndTheSameWithEveryTriangleDetector) {
  const RunResult reference = drift_into_barrier("brute-force");
  const auto first = testing::first_event(reference);
  ASSERT_TRUE(first.has_value()) << "the drift must reach the barrier";
  // On the face: the barrier's plane is Y = 12, and its normal points back at the road (-Y).
  EXPECT_LT(std::abs(first->contact.point_W.y() - kRoadsideBarrierY), 0.5);
  EXPECT_GT(first->contact.normal_W.dot(Vec2(0, -1)), std::cos(5 * std::numbers::pi / 180));
  // Off the road at an angle, not along it: the car crossed the road's edge (Y = 6) heading into the barrier.
  const double heading = first->pre_a.state.heading;
  EXPECT_GT(heading, 3 * std::numbers::pi / 180);
  EXPECT_LT(heading, 20 * std::numbers::pi / 180);
  std::cout << fmt::format("first contact at t = {:.3f} s, ({:.3f}, {:.3f}) m, {:.3f} m from the face, heading {:.2f} deg\n",
                           first->time, first->contact.point_W.x(), first->contact.point_W.y(),
                           std::abs(first->contact.point_W.y() - kRoadsideBarrierY), heading * 180 / std::numbers::pi);
  int compared = 0;
  for (const std::string& name : testing::triangle_detector_names()) {
    testing::expect_same_first_contact(testing::first_event(drift_into_barrier(name)), first, name);
    ++compared;
  }
  EXPECT_GE(compared, 2);
}

}  // namespace
}  // namespace crashbench
