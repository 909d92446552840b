// `crashbench scene info --exclude-texture/--include-texture`: what a case with those texture globs would
// collide with, and an empty glob refused in one line with exit 2.
#include <gtest/gtest.h>

#include "tests/app/cli_support.hpp"
#include "tests/support/textured_sprite_scene.hpp"

namespace crashbench {
namespace {

TEST(SceneInfoTextureCli, CountsWhatTheTextureGlobsLeaveColliding) {
  const std::string file = testing::fresh_dir("scene-info-texture") + "/sprite.ac";
  testing::write_textured_sprite_scene(file);
  // The sprite is a stand-alone card, which the default leaves out by shape: --sprites keeps it, so that
  // the texture globs alone decide.
  const auto all = testing::crashbench("scene info " + file + " --sprites");
  ASSERT_EQ(all.exit_code, 0) << all.output;
  EXPECT_NE(all.output.find("collision triangles: 8\n"), std::string::npos) << all.output;
  const auto no_trees = testing::crashbench("scene info " + file + " --sprites --exclude-texture '[Tt]ree*'");
  ASSERT_EQ(no_trees.exit_code, 0) << no_trees.output;
  EXPECT_NE(no_trees.output.find("collision triangles: 6\n"), std::string::npos) << no_trees.output;
  const auto barriers = testing::crashbench("scene info " + file + " --sprites --include-texture 'tr-barrier*'");
  EXPECT_NE(barriers.output.find("collision triangles: 4\n"), std::string::npos) << barriers.output;
  const auto refused = testing::crashbench("scene info " + file + " --exclude-texture ''");
  EXPECT_EQ(refused.exit_code, 2) << refused.output;
  EXPECT_EQ(refused.output.find('\n'), refused.output.size() - 1) << refused.output;
  EXPECT_NE(refused.output.find("--exclude-texture"), std::string::npos) << refused.output;
}

}  // namespace
}  // namespace crashbench
