// A case chooses what in its scene file collides (`scene.collision`): the traps of real tracks, a road
// that climbs a crest (its rising face cuts the rectangle's plane ahead of the car) and a tree sprite
// standing on the road, stop a car driving the centre line with every detector when every face and the
// sprites collide; the default set (faces within 45 degrees of vertical, no sprites) and one that leaves
// them out by name let it drive through clean.
#include <gtest/gtest.h>

#include <osg/Group>

#include "cases/loading/case_loader.hpp"
#include "cases/runner/simulation.hpp"
#include "detectors/scenes/files/scene_io.hpp"
#include "detectors/scenes/mesh_builder.hpp"
#include "tests/support/error_message.hpp"
#include "tests/support/registries.hpp"
#include "tests/support/temp_folder.hpp"

namespace crashbench {
namespace {

/// A road along X (Y within 8 m): flat to X = 50, a 0.8 m climb over 2 m, flat again; barriers along
/// both edges; a tree sprite (a vertical quad across the lane, node "TREE1") at X = 100.
std::string trap_scene_file() {
  osg::ref_ptr<osg::Group> root = new osg::Group;
  const auto add = [&](const char* name, auto&& build) {
    MeshBuilder mesh(name, osg::Vec4(0.5f, 0.5f, 0.5f, 1.0f));
    build(mesh);
    root->addChild(mesh.finish().get());
  };
  add("road", [](MeshBuilder& m) {
    m.quad({-20, -8, 0}, {50, -8, 0}, {50, 8, 0}, {-20, 8, 0});
    m.quad({50, -8, 0}, {52, -8, 0.8}, {52, 8, 0.8}, {50, 8, 0});
    m.quad({52, -8, 0.8}, {200, -8, 0.8}, {200, 8, 0.8}, {52, 8, 0.8});
  });
  add("barrier", [](MeshBuilder& m) {
    for (double y : {-8.0, 8.0}) m.quad({-20, y, 0}, {200, y, 0}, {200, y, 2.5}, {-20, y, 2.5});
  });
  add("TREE1", [](MeshBuilder& m) { m.quad({100, -1, 0.8}, {100, 1, 0.8}, {100, 1, 5}, {100, -1, 5}); });
  const std::string path = (testing::temp_folder("scene-collision") / "traps.osgt").string();
  write_scene_graph(*root, path);
  return path;
}

nlohmann::json centre_line_drive(const std::string& detector, const nlohmann::json& collision) {
  nlohmann::json scene = {{"file", trap_scene_file()}};
  if (!collision.is_null()) scene["collision"] = collision;
  return {{"name", "traps"}, {"scene", scene}, {"detector", detector}, {"response", {{"model", "restitution"}}},
          {"dynamics", "free-body"}, {"dt", 0.005}, {"duration", 6.0},
          {"vehicles", {{{"params", "sedan"}, {"position", {0.0, 0.0}}, {"heading_deg", 0.0}, {"speed", 20.0}}}}};
}

class SceneCollision : public ::testing::TestWithParam<std::string> {};

TEST_P(SceneCollision, TheCollisionSetLeavesTheCrestAndTheTreeOut) {
  const nlohmann::json everything = {{"vertical_within_deg", 90}, {"sprites", true}};
  const RunResult trapped = run_case(parse_case(centre_line_drive(GetParam(), everything), "traps.json"));
  EXPECT_GE(trapped.impacts, 1) << "with every face and the sprites colliding, the crest or the tree stops the car";
  // The default (faces within 45 degrees of vertical, no sprites) and a set chosen by name both pass clean.
  for (const nlohmann::json& collision : {nlohmann::json(), nlohmann::json{{"vertical_within_deg", 45}, {"exclude", {"TREE*"}}}}) {
    const RunResult r = run_case(parse_case(centre_line_drive(GetParam(), collision), "traps.json"));
    EXPECT_EQ(r.status, CaseStatus::kPassed) << collision << ": " << r.error;
    EXPECT_EQ(r.impacts, 0) << collision;
    EXPECT_EQ(r.steps_without_surface, 0);  // the road is still found under the car, crest included
    EXPECT_NEAR(r.tracks[0].states.back().position_W.x(), 120.0, 1e-6);  // 6 s at 20 m/s, untouched
  }
  const nlohmann::json tree_alone = {{"vertical_within_deg", 45}, {"sprites", true}};
  EXPECT_GE(run_case(parse_case(centre_line_drive(GetParam(), tree_alone), "traps.json")).impacts, 1)
      << "the tree is a sprite: asked for, it collides";
}

INSTANTIATE_TEST_SUITE_P(EveryDetector, SceneCollision, ::testing::ValuesIn(testing::detector_names()),
                         [](const auto& info) { return testing::test_name(info.param); });

TEST(SceneCollisionInput, BadOptionsNameTheirField) {
  const auto fails_with = [](nlohmann::json collision, const std::string& expected) {
    const nlohmann::json doc = centre_line_drive("tree", collision);
    const std::string message = testing::error_message([&] { parse_case(doc, "traps.json"); });
    EXPECT_NE(message.find(expected), std::string::npos) << message;
  };
  fails_with({{"exclude", {""}}}, "/scene/collision/exclude/0");
  fails_with({{"node_mask", 1.5}}, "/scene/collision/node_mask");
  fails_with({{"vertical_within_deg", 120}}, "/scene/collision/vertical_within_deg");
  fails_with({{"walls", true}}, "/scene/collision");
  fails_with({{"sprites", "yes"}}, "/scene/collision/sprites");
  nlohmann::json builtin = centre_line_drive("tree", nullptr);
  builtin["scene"] = {{"builtin", "l-rail"}, {"collision", {{"exclude", {"TREE*"}}}}};
  const std::string message = testing::error_message([&] { parse_case(builtin, "traps.json"); });
  EXPECT_NE(message.find("/scene/collision: applies to scene files only"), std::string::npos) << message;
}

}  // namespace
}  // namespace crashbench
