// `crashbench scene centreline`: a small TORCS-style track to a replay log that a case then drives.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "cases/driving/replay_log.hpp"
#include "tests/app/cli_support.hpp"
#include "tests/support/torcs_definition.hpp"
#include "tests/support/torcs_strips.hpp"

namespace crashbench {
namespace {

const Vec2 kNorth(0, 1);

/// A straight road along world X, 10 m wide, centres every 20 m from 0 to 100 m, in one strip.
std::string straight_road(const std::string& dir) {
  std::vector<Vec2> centres, left;
  for (int i = 0; i <= 5; ++i) centres.emplace_back(20.0 * i, 0.0), left.push_back(kNorth);
  const std::string path = dir + "/small.acc";
  std::ofstream(path) << testing::acc_text({{"TKMN0", testing::pairs_across(centres, left, 5.0), {}}});
  return path;
}

TEST(CentrelineCli, WritesTheCentreLineALaneOffAsAReplayLog) {
  const std::string dir = testing::fresh_dir("centreline");
  const auto r = testing::crashbench("scene centreline " + straight_road(dir) + " -o " + dir + "/lap.csv --speed 10 --lane -2");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const ReplayLog log = ReplayLog::read(dir + "/lap.csv");
  ASSERT_EQ(log.rows().size(), 6u);
  for (std::size_t i = 0; i < log.rows().size(); ++i) {
    const ReplayRow& row = log.rows()[i];
    EXPECT_NEAR(row.t, 2.0 * static_cast<double>(i), 1e-9);  // 20 m at 10 m/s
    EXPECT_NEAR(row.position_W.x(), 20.0 * static_cast<double>(i), 1e-9);
    EXPECT_NEAR(row.position_W.y(), -2.0, 1e-9);  // 2 m right of the centre
    EXPECT_NEAR(row.heading, 0.0, 1e-12);
  }
}

TEST(CentrelineCli, WritesALaneFromTheRoadsEdge) {
  const std::string dir = testing::fresh_dir("centreline-edge");
  const auto r = testing::crashbench("scene centreline " + straight_road(dir) + " -o " + dir +
                                     "/lap.csv --lane-from-edge 1.5 --side right");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("road 10.00-10.00 m wide"), std::string::npos) << r.output;
  const ReplayLog log = ReplayLog::read(dir + "/lap.csv");
  for (const ReplayRow& row : log.rows())
    EXPECT_NEAR(row.position_W.y(), -3.5, 1e-9);  // 5 m half width, 1.5 m inside the right edge
  for (const char* bad : {"--lane-from-edge 1.5 --side up", "--lane-from-edge 6 --side left",
                                 "--lane-from-edge 1.5", "--lane 1 --lane-from-edge 1.5 --side left"}) {
    const auto refused = testing::crashbench("scene centreline " + dir + "/small.acc -o " + dir + "/lap.csv " + std::string(bad));
    EXPECT_EQ(refused.exit_code, 2) << bad << ": " << refused.output;
    EXPECT_EQ(refused.output.find('\n'), refused.output.size() - 1) << refused.output;
  }
}

TEST(CentrelineCli, ACaseDrivesTheLogOnTheTrack) {
  const std::string dir = testing::fresh_dir("centreline-run");
  straight_road(dir);
  ASSERT_EQ(testing::crashbench("scene centreline " + dir + "/small.acc -o " + dir + "/lap.csv --speed 10").exit_code, 0);
  const nlohmann::json doc = {{"name", "centre-line"},
                              // A road alone: no face is a wall by default, so every face is asked for.
                              {"scene", {{"file", "small.acc"}, {"up_axis", "y"}, {"collision", {{"vertical_within_deg", 90}}}}},
                              {"detector", "tree"},
                              {"response", {{"model", "restitution"}}},
                              {"duration", 9.0},
                              {"vehicles", {{{"params", "sedan"}, {"replay", "lap.csv"}}}}};
  std::ofstream(dir + "/case.json") << doc.dump();
  const auto r = testing::crashbench("run " + dir + "/case.json -o " + dir + "/out");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  std::ifstream in(dir + "/out/results.json");
  const nlohmann::json results = nlohmann::json::parse(in);
  EXPECT_EQ(results["cases"][0]["status"], "passed");
  EXPECT_EQ(results["cases"][0]["impacts"], 0);
  EXPECT_EQ(results["cases"][0]["config"]["vehicle_params"][0]["replay"], dir + "/lap.csv");
}

TEST(CentrelineCli, GeometryNotInPairsExitsTwoWithOneLine) {
  const std::string dir = testing::fresh_dir("centreline-bad");
  std::ofstream(dir + "/odd.acc") << testing::acc_text({{"TKMN0", {{0, 5}, {0, -5}, {10, 5}}, {}}});
  const auto r = testing::crashbench("scene centreline " + dir + "/odd.acc -o " + dir + "/lap.csv");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("odd.acc: no road strips"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("left out: TKMN0 (line 13): 3 vertices, not in left/right pairs"), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find('\n'), r.output.size() - 1) << r.output;
}

/// A track definition of one 100 m straight, 10 m wide: TORCS lays its centre out from (0, 5) along +X.
std::string straight_definition(const std::string& path) {
  std::ofstream(path) << testing::torcs_definition(10, {testing::torcs_straight("start", 100)});
  return path;
}

TEST(CentrelineCli, ReadsTheTrackDefinitionBesideTheSceneOrGiven) {
  const std::string dir = testing::fresh_dir("centreline-xml");
  const std::string scene = straight_road(dir);  // strips along Y = 0
  straight_definition(dir + "/small.xml");       // laid out along Y = 5
  const auto centre_y = [&](const std::string& options) {
    const auto r = testing::crashbench("scene centreline " + options + " -o " + dir + "/lap.csv --speed 10");
    EXPECT_EQ(r.exit_code, 0) << options << ": " << r.output;
    const ReplayLog log = ReplayLog::read(dir + "/lap.csv");
    EXPECT_NEAR(log.rows().back().position_W.x(), 100.0, 1e-9) << options;
    EXPECT_NEAR(log.rows().back().t, 10.0, 1e-9) << options;
    return std::make_pair(log.rows().front().position_W.y(), r.output);
  };
  // Beside the scene: the line is placed on the scene's road, whose first cross-section is its start line.
  const auto [beside, said] = centre_y(scene);
  EXPECT_NEAR(beside, 0.0, 1e-9);
  EXPECT_NE(said.find("centre line from the track definition " + dir + "/small.xml, moved by (0.00, -5.00) m onto " +
                      scene + "'s first road cross-section"), std::string::npos) << said;
  EXPECT_NE(said.find("from 1 segments"), std::string::npos) << said;
  EXPECT_NEAR(centre_y(dir + "/small.xml").first, 5.0, 1e-9);  // alone: where the definition lays it out
  const auto [strips, strips_said] = centre_y(scene + " --strips");
  EXPECT_NEAR(strips, 0.0, 1e-9);
  EXPECT_NE(strips_said.find("centre line from the road strips of " + scene), std::string::npos) << strips_said;
  std::filesystem::rename(dir + "/small.xml", dir + "/elsewhere.xml");
  const auto [given, given_said] = centre_y(scene + " --from-xml " + dir + "/elsewhere.xml");
  EXPECT_NE(given_said.find("centre line from the track definition " + dir + "/elsewhere.xml"), std::string::npos);
  EXPECT_NEAR(centre_y(scene).first, 0.0, 1e-9);  // no definition beside it: the strips
  // A scene whose road passes the start line keeps the line.
  std::ofstream(dir + "/small.xml") << testing::torcs_definition(10, {testing::torcs_straight("start", 100)});
  std::vector<Vec2> centres, left;
  for (int i = 0; i <= 5; ++i) centres.emplace_back(20.0 * i, 5.0), left.push_back(kNorth);
  std::ofstream(scene) << testing::acc_text({{"TKMN0", testing::pairs_across(centres, left, 5.0), {}}});
  const auto [kept, kept_said] = centre_y(scene);
  EXPECT_NEAR(kept, 5.0, 1e-9);
  EXPECT_NE(kept_said.find("its start line on the road of " + scene + " (0.000 m)"), std::string::npos) << kept_said;
}

TEST(CentrelineCli, AnotherTracksDefinitionIsRefusedSayingHowFarOffAndWhatOverrides) {
  const std::string dir = testing::fresh_dir("centreline-foreign");
  const std::string scene = straight_road(dir);  // Y = 0, X from 0 to 100 m, 10 m wide
  // Its start line matches the scene's (10 m wide, across +X), then it turns left off the road: a half
  // circle of 30 m radius from X = 20 m reaches 60 m north of the centre line, 55 m off the road.
  std::ofstream(dir + "/small.xml") << testing::torcs_definition(10, {testing::torcs_straight("s", 20),
                                                                      testing::torcs_curve("c", "lft", 30, 180)});
  const auto refused = testing::crashbench("scene centreline " + scene + " -o " + dir + "/lap.csv");
  EXPECT_EQ(refused.exit_code, 2) << refused.output;
  EXPECT_NE(refused.output.find("small.xml: its centre line does not lie on the road of " + scene), std::string::npos)
      << refused.output;
  EXPECT_NE(refused.output.find("the farthest 55.00 m"), std::string::npos) << refused.output;
  EXPECT_NE(refused.output.find("--off-road-max"), std::string::npos) << refused.output;
  EXPECT_EQ(refused.output.find('\n'), refused.output.size() - 1) << refused.output;
  EXPECT_EQ(testing::crashbench("scene centreline " + scene + " -o " + dir + "/lap.csv --off-road-max 56").exit_code, 0);
  EXPECT_EQ(testing::crashbench("scene centreline " + scene + " -o " + dir + "/lap.csv --strips").exit_code, 0);
  // A definition cut short beside the scene is an error, not a reason to read the strips instead.
  const std::string whole = testing::torcs_definition(10, {testing::torcs_straight("s", 100)});
  std::ofstream(dir + "/small.xml") << whole.substr(0, whole.size() / 2);
  const auto cut = testing::crashbench("scene centreline " + scene + " -o " + dir + "/lap.csv");
  EXPECT_EQ(cut.exit_code, 2) << cut.output;
  EXPECT_NE(cut.output.find("small.xml"), std::string::npos) << cut.output;
  EXPECT_NE(cut.output.find("--strips reads the scene's own road instead"), std::string::npos) << cut.output;
  EXPECT_EQ(cut.output.find('\n'), cut.output.size() - 1) << cut.output;
  EXPECT_EQ(testing::crashbench("scene centreline " + scene + " -o " + dir + "/lap.csv --strips").exit_code, 0);
}

TEST(CentrelineCli, ABadTrackDefinitionExitsTwoWithOneLine) {
  const std::string dir = testing::fresh_dir("centreline-xml-bad");
  std::ofstream(dir + "/bad.xml") << testing::torcs_definition(10, {"<section name=\"s1\"><attstr name=\"type\" val=\"str\"/></section>\n"});
  straight_definition(dir + "/good.xml");
  for (const auto& [options, expected] : std::vector<std::pair<std::string, std::string>>{
           {dir + "/bad.xml", "bad.xml: segment 's1' (line 10): 'lg' is missing"},
           {dir + "/missing.xml", "missing.xml: cannot open the track definition"},
           {dir + "/good.xml --up z", "good.xml: --up: a TORCS track definition is y-up"},
           {dir + "/good.xml --unit-scale 0.3", "good.xml: --unit-scale: a TORCS track definition is in metres"},
           {dir + "/good.xml --from-xml " + dir + "/good.xml --strips", "--strips: expected either --strips or --from-xml"},
           {dir + "/good.xml --start-at 0.5", "good.xml: --start-at: the centre line is no closed lap"}}) {
    const auto r = testing::crashbench("scene centreline " + options + " -o " + dir + "/lap.csv");
    EXPECT_EQ(r.exit_code, 2) << options << ": " << r.output;
    EXPECT_NE(r.output.find(expected), std::string::npos) << options << ": " << r.output;
    EXPECT_EQ(r.output.find('\n'), r.output.size() - 1) << r.output;
  }
}

}  // namespace
}  // namespace crashbench
