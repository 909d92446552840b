// `crashbench scene info`, `scene convert` and `scene centreline` on OpenDRIVE files: the network
// described, a malformed file one line naming the file, the element and its line (exit 2), the --odr-*
// options refused on other formats and the TORCS ones on OpenDRIVE, a lane through a junction as a log.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>

#include "tests/app/cli_support.hpp"
#include "tests/support/far_bend.hpp"
#include "tests/support/paths.hpp"

namespace crashbench {
namespace {

const std::string kBend = testing::testdata_path("opendrive/bend.xodr");

TEST(OpenDriveCli, SceneInfoDescribesTheNetwork) {
  const auto info = testing::crashbench("scene info " + kBend + " --odr-edges 1");
  ASSERT_EQ(info.exit_code, 0) << info.output;
  for (const char* line : {"opendrive: revision 1.6, 1 roads", "road surface: ", "edge walls: ", "geoReference: +proj=tmerc"})
    EXPECT_NE(info.output.find(line), std::string::npos) << line << "\n" << info.output;
}

TEST(OpenDriveCli, SceneConvertWritesTheGraph) {
  const std::string out = testing::fresh_dir("odr-convert") + "/bend.osgt";
  const auto converted = testing::crashbench("scene convert " + kBend + " --odr-edges 1 -o " + out);
  ASSERT_EQ(converted.exit_code, 0) << converted.output;
  const auto back = testing::crashbench("scene info " + out);
  ASSERT_EQ(back.exit_code, 0) << back.output;
  // Every triangle of the road, its edges and its box is in the graph written: read back, the same count.
  const auto read = testing::crashbench("scene info " + kBend + " --odr-edges 1");
  ASSERT_EQ(read.exit_code, 0) << read.output;
  // The "triangles: N (...)" line.
  const auto count = [](const std::string& info) {
    const std::size_t at = info.find("\ntriangles: ");
    return at == std::string::npos ? std::string() : info.substr(at + 1, info.find('\n', at + 1) - at - 1);
  };
  EXPECT_FALSE(count(read.output).empty()) << read.output;
  EXPECT_FALSE(count(read.output).starts_with("triangles: 0 ")) << read.output;
  EXPECT_EQ(count(back.output), count(read.output)) << back.output << read.output;
}

TEST(OpenDriveCli, SceneConvertSaysWhenTheFormatWrittenRoundsAFarRoad) {
  // The far bend's chunks lie under transforms; OSG's OBJ writer bakes them into float vertices, half a
  // metre apart at a northing of 5,000 km. The native formats keep the transforms.
  const std::string far = testing::far_bend().string(), dir = testing::fresh_dir("odr-convert-far");
  const auto obj = testing::crashbench("scene convert " + far + " --odr-edges 1 -o " + dir + "/far.obj");
  ASSERT_EQ(obj.exit_code, 0) << obj.output;
  EXPECT_NE(obj.output.find("far.obj: vertices lie up to 5012 km from the file's origin, where a float vertex is "
                            "rounded by up to 0.25 m"), std::string::npos) << obj.output;
  const auto osgt = testing::crashbench("scene convert " + far + " --odr-edges 1 -o " + dir + "/far.osgt");
  ASSERT_EQ(osgt.exit_code, 0) << osgt.output;
  EXPECT_EQ(osgt.output.find("rounded"), std::string::npos) << osgt.output;
}

TEST(OpenDriveCli, AMalformedFileIsOneLineAndExitTwo) {
  const std::string file = testing::testdata_path("opendrive/unknown-geometry.xodr");
  const auto refused = testing::crashbench("scene info " + file);
  EXPECT_EQ(refused.exit_code, 2) << refused.output;
  EXPECT_EQ(refused.output.find('\n'), refused.output.size() - 1) << refused.output;
  EXPECT_NE(refused.output.find(file + ": <clothoid> (line 6): unknown geometry 'clothoid'"), std::string::npos)
      << refused.output;
}

TEST(OpenDriveCli, OpenDriveOptionsAreRefusedOnOtherFormats) {
  const std::string out = testing::fresh_dir("odr-options") + "/bend.osgt";
  ASSERT_EQ(testing::crashbench("scene convert " + kBend + " -o " + out).exit_code, 0);
  const auto refused = testing::crashbench("scene info " + out + " --odr-edges 1");
  EXPECT_EQ(refused.exit_code, 2) << refused.output;
  EXPECT_NE(refused.output.find("--odr-*: apply to OpenDRIVE files (.xodr) only"), std::string::npos) << refused.output;
}

TEST(OpenDriveCli, CentrelineWritesALaneThroughTheJunctionAsAReplayLog) {
  const std::string junction = testing::testdata_path("opendrive/junction.xodr");
  const std::string out = testing::fresh_dir("odr-centreline") + "/lane.csv";
  const auto wrote = testing::crashbench("scene centreline " + junction + " --odr-route 1,3,2 --odr-lane -1 --speed 10 -o " + out);
  ASSERT_EQ(wrote.exit_code, 0) << wrote.output;
  // 50 m at 10 m/s along y = -1.5, a row a metre.
  EXPECT_NE(wrote.output.find("50.0 m, 5.00 s at 10 m/s"), std::string::npos) << wrote.output;
  const auto torcs = testing::crashbench("scene centreline " + junction + " --odr-road 1 --odr-lane -1 --lane 2 -o " + out);
  EXPECT_EQ(torcs.exit_code, 2) << torcs.output;
  EXPECT_NE(torcs.output.find("are for TORCS tracks"), std::string::npos) << torcs.output;
}

TEST(OpenDriveCli, ResultsEchoTheOpenDriveOptions) {
  const std::string dir = testing::fresh_dir("odr-results");
  std::ofstream(dir + "/case.json") << R"({"name": "bend", "scene": {"file": ")" << kBend
                                    << R"(", "opendrive": {"edges": {"height": 1.5}, "tolerance": 0.005}},
    "detector": "tree", "response": {"model": "restitution", "restitution": 0.2}, "duration": 0.1,
    "vehicles": [{"params": "sedan", "position": [5, -1.5], "heading_deg": 0, "speed": 10}]})";
  const auto ran = testing::crashbench("run " + dir + "/case.json -o " + dir + "/out");
  ASSERT_EQ(ran.exit_code, 0) << ran.output;
  std::ifstream in(dir + "/out/results.json");
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto echo = nlohmann::json::parse(text)["cases"][0]["config"]["scene_opendrive"];
  EXPECT_EQ(echo["edges"]["height"], 1.5) << echo;
  EXPECT_EQ(echo["tolerance"], 0.005) << echo;
  EXPECT_EQ(echo["drivable"][0], "driving") << echo;
}

}  // namespace
}  // namespace crashbench
