// A car drifting off an OpenDRIVE road into its edge wall (docs/scenes.md, "OpenDRIVE roads"): a straight
// road written here (a driving lane each way, a sidewalk left, a border right), edges 1 m tall, a sedan
// following a path that leaves the right lane at 12 degrees to the left. Its first contact lies on the
// wall where lane 1 meets the sidewalk, and every registered detector (the analytic one on the walls'
// footprints) finds the same first contact as brute force. Also the case keys of `scene.opendrive`.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <iostream>
#include <numbers>

#include "cases/loading/case_loader.hpp"
#include "cases/runner/simulation.hpp"
#include "tests/support/error_message.hpp"
#include "tests/support/first_contact.hpp"
#include "tests/support/registries.hpp"
#include "tests/support/temp_folder.hpp"

namespace crashbench {
namespace {

constexpr double kLaneWidth = 3.5;  // [m]: the wall stands at t = 3.5, lane 1's outer border

std::string lane(int id, const char* type, double width) {
  return "<lane id=\"" + std::to_string(id) + "\" type=\"" + type + "\"><width sOffset=\"0\" a=\"" +
         std::to_string(width) + "\" b=\"0\" c=\"0\" d=\"0\"/></lane>";
}

/// A 300 m road along +X from the origin.
std::string straight_road(const std::filesystem::path& dir) {
  const std::string path = (dir / "straight.xodr").string();
  std::ofstream(path) << "<OpenDRIVE><header revMajor=\"1\" revMinor=\"6\"/><road id=\"4\" length=\"300\" junction=\"-1\">"
                         "<planView><geometry s=\"0\" x=\"-20\" y=\"0\" hdg=\"0\" length=\"300\"><line/></geometry></planView>"
                         "<lanes><laneSection s=\"0\"><left>" + lane(2, "sidewalk", 2) + lane(1, "driving", kLaneWidth) +
                             "</left><center><lane id=\"0\" type=\"none\"/></center><right>" +
                             lane(-1, "driving", kLaneWidth) + lane(-2, "border", 0.5) +
                             "</right></laneSection></lanes></road></OpenDRIVE>";
  return path;
}

nlohmann::json drift_case(const std::filesystem::path& dir, const std::string& detector, nlohmann::json edges) {
  const double a = 12 * std::numbers::pi / 180;
  std::ofstream(dir / "drift.csv") << "x,y\n0,-1.75\n30,-1.75\n" << 30 + 200 * std::cos(a) << "," << -1.75 + 200 * std::sin(a) << "\n";
  return {{"name", "odr-drift-" + detector},
          {"scene", {{"file", straight_road(dir)}, {"opendrive", {{"edges", std::move(edges)}}}}},
          {"detector", detector}, {"response", {{"model", "restitution"}, {"restitution", 0.2}}}, {"dynamics", "bicycle"},
          {"duration", 4.0},
          {"vehicles", {{{"params", "sedan"}, {"follow", {{"path", "drift.csv"}, {"speed", 15}, {"lookahead", 6}}}}}}};
}

RunResult drift_on_road(const std::string& detector) {
  const auto dir = testing::temp_folder("odr-drift");
  return run_case(parse_case(drift_case(dir, detector, nlohmann::json::object()), (dir / "drift.json").string()));
}

TEST(OpenDriveDrift, FirstContactOnTheEdgeWallAndTheSameWithEveryDetector) {
  const RunResult reference = drift_on_road("brute-force");
  const auto first = testing::first_event(reference);
  ASSERT_TRUE(first.has_value()) << "the drift must reach the wall";
  EXPECT_LT(std::abs(first->contact.point_W.y() - kLaneWidth), 0.5);
  EXPECT_GT(first->contact.normal_W.dot(Vec2(0, -1)), std::cos(5 * std::numbers::pi / 180));
  std::cout << "first contact at t = " << first->time << " s, (" << first->contact.point_W.transpose() << ") m, "
            << std::abs(first->contact.point_W.y() - kLaneWidth) << " m from the wall\n";
  int compared = 0;
  for (const std::string& name : testing::detector_names()) {
    testing::expect_same_first_contact(testing::first_event(drift_on_road(name)), first, name);
    ++compared;
  }
  EXPECT_GE(compared, 3);
}

TEST(OpenDriveDrift, TheCaseKeysAreChecked) {
  const auto dir = testing::temp_folder("odr-keys");
  const std::string file = (dir / "keys.json").string();
  // The sedan's CG stands 0.55 m high: a 0.6 m wall is lower than that + 0.1 m.
  const std::string low = testing::error_message([&] { parse_case(drift_case(dir, "tree", {{"height", 0.6}}), file); });
  EXPECT_NE(low.find("/scene/opendrive/edges/height"), std::string::npos) << low;
  EXPECT_NE(low.find("lower than vehicle 0's CG height 0.55 m + 0.1 m"), std::string::npos) << low;
  EXPECT_EQ(parse_case(drift_case(dir, "tree", {{"height", 0.7}}), file).scene.opendrive.edge_height, 0.7);
  EXPECT_EQ(parse_case(drift_case(dir, "tree", nlohmann::json::object()), file).scene.opendrive.edge_height, 1.0);
  // On a file that is not OpenDRIVE.
  nlohmann::json other = drift_case(dir, "tree", nlohmann::json::object());
  other["scene"]["file"] = "road.osgt";
  const std::string wrong = testing::error_message([&] { parse_case(other, file); });
  EXPECT_NE(wrong.find("applies to OpenDRIVE files (.xodr) only"), std::string::npos) << wrong;
}

}  // namespace
}  // namespace crashbench
