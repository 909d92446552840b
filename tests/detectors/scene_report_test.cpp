// `scene info`'s description of a file: counts and bounds of what was written.
#include <gtest/gtest.h>

#include <filesystem>
#include <unistd.h>

#include "detectors/scenes/files/scene_io.hpp"
#include "detectors/scenes/registry/scene_report.hpp"
#include "tests/support/band_scenes.hpp"
#include "tests/support/temp_folder.hpp"

namespace crashbench {
namespace {

TEST(SceneReport, DescribesTheLRailFile) {
  const auto file = testing::temp_folder("report") / "l-rail.osgb";
  write_scene_graph(*make_registered_scene("l-rail").graph, file.string());
  const std::string text = describe_scene_file(file.string());
  EXPECT_NE(text.find("triangles: 612 (0 degenerate)"), std::string::npos) << text;
  EXPECT_NE(text.find("vertical: 144"), std::string::npos) << text;
  // The side wall starts at X = -30 and the end wall's back face is 0.3 m behind X = 100; walls are 1 m tall.
  EXPECT_NE(text.find("x -30.000 .. 100.300"), std::string::npos) << text;
  EXPECT_NE(text.find("z 0.000 .. 1.000"), std::string::npos) << text;
  SceneOptions vertical;
  vertical.vertical_only = true;
  EXPECT_NE(describe_scene_file(file.string(), vertical).find("collision triangles: 144 (vertical only)"),
            std::string::npos);
}

TEST(SceneReport, CountsTheCollisionTrianglesAboveTheHeightBandOverTheRoad) {
  const auto file = testing::temp_folder("report") / "banners.osgb";
  write_scene_graph(*testing::banner_graph(), file.string());
  const std::string text = describe_scene_file(file.string());
  // By hand: the banner at X = 60 and the gantry's beam (4 to 5 m over the road at z = 0, above the default
  // 2 m band), two triangles each; the sagging banner reaches 0.4 m, the posts and barriers stand on the
  // ground, and the road is a surface under itself.
  EXPECT_NE(text.find("height band: up to 2 m above the road under the car; 4 collision triangles lie higher"),
            std::string::npos)
      << text;
}

}  // namespace
}  // namespace crashbench
