// `scene info`'s description of a file: counts and bounds of what was written.
#include <gtest/gtest.h>

#include <filesystem>
#include <unistd.h>

#include "detectors/scenes/files/scene_io.hpp"
#include "detectors/scenes/registry/scene_report.hpp"
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

}  // namespace
}  // namespace crashbench
