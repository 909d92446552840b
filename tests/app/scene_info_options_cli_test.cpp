// `crashbench scene info` options: `--vertical-tolerance-deg` an angle in [0, 90] as a case's vertical_within_deg,
// anything else (NaN and infinity included) one line naming the option, exit 2; the sprites the default
// collision set leaves out, and `--sprites`; the help's list of the lane types driven on by default.
#include <gtest/gtest.h>

#include "detectors/scenes/opendrive/opendrive_options.hpp"
#include "tests/app/cli_support.hpp"
#include "tests/support/textured_sprite_scene.hpp"

namespace crashbench {
namespace {

TEST(SceneInfoCli, AVerticalToleranceOutsideZeroToNinetyDegreesIsOneLineNamingIt) {
  const std::string file = testing::fresh_dir("scene-info-options") + "/sprite.ac";
  testing::write_textured_sprite_scene(file);
  for (const std::string good : {"0", "10", "90"})
    EXPECT_EQ(testing::crashbench("scene info " + file + " --vertical-tolerance-deg " + good).exit_code, 0) << good;
  for (const std::string bad : {"-1", "90.5", "nan", "1e400"}) {
    const auto refused = testing::crashbench("scene info " + file + " --vertical-tolerance-deg " + bad);
    EXPECT_EQ(refused.exit_code, 2) << bad << ": " << refused.output;
    EXPECT_EQ(refused.output.find('\n'), refused.output.size() - 1) << refused.output;
    EXPECT_NE(refused.output.find("--vertical-tolerance-deg: expected an angle in [0, 90] degrees"), std::string::npos)
        << refused.output;
  }
}

TEST(SceneInfoCli, TheHelpNamesEveryLaneTypeDrivenOnByDefault) {
  // The help's list was typed by hand and missed "biking" when it joined the defaults.
  const auto help = testing::crashbench("scene info --help");
  const auto at = help.output.find("--odr-drivable");
  ASSERT_NE(at, std::string::npos) << help.output;
  const std::string line = help.output.substr(at, help.output.find('\n', at) - at);
  for (const std::string& type : kDrivableLaneTypes) EXPECT_NE(line.find(" " + type), std::string::npos) << type << ": " << line;
}

TEST(SceneInfoCli, SaysHowManySpritesTheDefaultLeavesOut) {
  const std::string file = testing::fresh_dir("scene-info-sprites") + "/sprite.ac";
  testing::write_textured_sprite_scene(file);  // one stand-alone card among a road and two long barriers
  const auto info = testing::crashbench("scene info " + file);
  EXPECT_EQ(info.exit_code, 0) << info.output;
  EXPECT_NE(info.output.find("sprites: 1 drawables left out"), std::string::npos) << info.output;
  const auto asked = testing::crashbench("scene info " + file + " --sprites");
  EXPECT_NE(asked.output.find("sprites: collide"), std::string::npos) << asked.output;
}

}  // namespace
}  // namespace crashbench
