// `scene.collision`'s texture globs: a tree sprite that only its texture names (a real track's RECT0001,
// image file missing) stops a car in its lane with every detector; excluded by its texture it does not, and
// a barrier whose texture merely contains "tree" still collides.
#include <gtest/gtest.h>

#include "cases/loading/case_loader.hpp"
#include "cases/runner/simulation.hpp"
#include "detectors/scenes/registry/scene_library.hpp"
#include "tests/support/error_message.hpp"
#include "tests/support/registries.hpp"
#include "tests/support/temp_folder.hpp"
#include "tests/support/textured_sprite_scene.hpp"

namespace crashbench {
namespace {

std::string sprite_scene(const std::string& extension) {
  const std::string path = (testing::temp_folder("texture-collision") / ("sprite." + extension)).string();
  testing::write_textured_sprite_scene(path);
  return path;
}

/// 6 s at 20 m/s along the sprite's lane, from X = 0.
nlohmann::json lane_drive(const std::string& detector, const nlohmann::json& collision) {
  nlohmann::json scene = {{"file", sprite_scene("ac")}};
  if (!collision.is_null()) scene["collision"] = collision;
  return {{"name", "sprite"}, {"scene", scene}, {"detector", detector}, {"response", {{"model", "restitution"}}},
          {"dynamics", "free-body"}, {"dt", 0.005}, {"duration", 6.0},
          {"vehicles", {{{"params", "sedan"}, {"position", {0.0, testing::kSpriteLaneY}}, {"heading_deg", 0.0},
                         {"speed", 20.0}}}}};
}

class TextureCollision : public ::testing::TestWithParam<std::string> {};

TEST_P(TextureCollision, ATreeSpriteExcludedByItsTextureLetsTheCarPass) {
  // The sprite is a stand-alone card, left out by default (detectors/scenes/sprites.hpp): asked for, it
  // collides, and then the texture globs alone must leave it out.
  const RunResult hit = run_case(parse_case(lane_drive(GetParam(), {{"sprites", true}}), "sprite.json"));
  EXPECT_GE(hit.impacts, 1) << "the sprite stands across the lane";
  const nlohmann::json by_name = {{"sprites", true}, {"exclude", {"TREE*"}}};
  EXPECT_GE(run_case(parse_case(lane_drive(GetParam(), by_name), "sprite.json")).impacts, 1) << "its node name does not say tree";
  for (const nlohmann::json& collision : {nlohmann::json(), nlohmann::json{{"sprites", true}, {"exclude_textures", {"[Tt]ree*"}}}}) {
    const RunResult r = run_case(parse_case(lane_drive(GetParam(), collision), "sprite.json"));
    EXPECT_EQ(r.status, CaseStatus::kPassed) << collision << ": " << r.error;
    EXPECT_EQ(r.impacts, 0) << collision;
    EXPECT_NEAR(r.tracks[0].states.back().position_W.x(), 120.0, 1e-6);  // 6 s at 20 m/s, untouched
  }
}

INSTANTIATE_TEST_SUITE_P(EveryDetector, TextureCollision, ::testing::ValuesIn(testing::detector_names()),
                         [](const auto& info) { return testing::test_name(info.param); });

/// How many collision triangles the sprite scene (.ac or .acc) keeps under `filter`.
std::size_t kept(const std::string& extension, const CollisionFilter& filter) {
  SceneOptions options;
  options.collision = filter;
  return load_scene(sprite_scene(extension), options).triangles.size();
}

TEST(TextureCollisionFilter, GlobsMatchTheTexturesBaseNameInBothAc3dReaders) {
  for (const std::string extension : {"ac", "acc"}) {
    SCOPED_TRACE(extension);
    CollisionFilter f;
    EXPECT_EQ(kept(extension, f), 6u);  // the sprite left out by default (a stand-alone card)
    f.sprites = true;
    EXPECT_EQ(kept(extension, f), 8u);  // four quads of two triangles
    f.exclude_textures = {"[Tt]ree*"};
    EXPECT_EQ(kept(extension, f), 6u);  // the sprite (folder dropped), not the barriers
    f.exclude_textures = {"*tree*"};
    EXPECT_EQ(kept(extension, f), 2u);  // too wide: the barriers go too
    f.exclude_textures = {"trees/*"};
    EXPECT_EQ(kept(extension, f), 8u);  // a glob sees the base name only
    f.exclude_textures = {};
    f.include_textures = {"tr-barrier*"};
    EXPECT_EQ(kept(extension, f), 4u);  // only the barriers
    f.exclude = {"barrier-left"};
    EXPECT_EQ(kept(extension, f), 2u);  // names and textures both apply
  }
}

TEST(TextureCollisionInput, BadGlobsNameTheirField) {
  const auto fails_with = [](const nlohmann::json& collision, const std::string& expected) {
    const nlohmann::json doc = lane_drive("tree", collision);
    const std::string message = testing::error_message([&] { parse_case(doc, "sprite.json"); });
    EXPECT_NE(message.find(expected), std::string::npos) << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
  };
  fails_with({{"exclude_textures", {""}}}, "/scene/collision/exclude_textures/0");
  fails_with({{"include_textures", {"a*", 3}}}, "/scene/collision/include_textures/1");
  fails_with({{"exclude_textures", "tree*"}}, "/scene/collision/exclude_textures");
}

}  // namespace
}  // namespace crashbench
