// Replay logs (cases/driving/replay_log.hpp): interpolation and heading unwrap against values worked by hand, and
// every bad input's one-line message through the case loader.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>

#include "cases/driving/replay_log.hpp"
#include "cases/loading/case_loader.hpp"
#include "core/units.hpp"
#include "tests/support/error_message.hpp"
#include "tests/support/temp_folder.hpp"

namespace crashbench {
namespace {

using testing::error_message;

std::string write_file(const std::string& name, const std::string& text) {
  const auto path = testing::temp_folder("replay-log") / name;
  std::ofstream(path) << text;
  return path.string();
}

/// Three rows worked by hand: 170 deg to -170 deg is a 20 deg left turn, then 70 deg more.
constexpr const char* kThreeRows = "t,x,y,heading_deg\n10,0,0,170\n12,4,-2,-170\n13,4,1,-100\n";

TEST(ReplayLog, InterpolatesLinearlyWithTheSegmentVelocity) {
  const ReplayLog log = ReplayLog::read(write_file("three.csv", kThreeRows));
  ASSERT_DOUBLE_EQ(log.span(), 3.0);  // times from the first row
  const PlanarState a = log.at(0.5);  // a quarter of the first segment
  EXPECT_NEAR(a.position_W.x(), 1.0, 1e-12);
  EXPECT_NEAR(a.position_W.y(), -0.5, 1e-12);
  EXPECT_NEAR(a.heading * kRadToDeg, 175.0, 1e-9);
  EXPECT_NEAR(a.velocity_W.x(), 2.0, 1e-12);
  EXPECT_NEAR(a.velocity_W.y(), -1.0, 1e-12);
  EXPECT_NEAR(a.yaw_rate * kRadToDeg, 10.0, 1e-9);
  const PlanarState b = log.at(2.5);  // half of the second segment
  EXPECT_NEAR(b.position_W.x(), 4.0, 1e-12);
  EXPECT_NEAR(b.position_W.y(), -0.5, 1e-12);
  EXPECT_NEAR(b.heading * kRadToDeg, 225.0, 1e-9);
  EXPECT_NEAR(b.velocity_W.y(), 3.0, 1e-12);
  EXPECT_NEAR(b.yaw_rate * kRadToDeg, 70.0, 1e-9);
  // At a row: the row's pose and the velocity of the segment after it; at the last row, the one before.
  const PlanarState row = log.at(2.0);
  EXPECT_NEAR(row.position_W.y(), -2.0, 1e-12);
  EXPECT_NEAR(row.heading * kRadToDeg, 190.0, 1e-9);
  EXPECT_NEAR(row.velocity_W.y(), 3.0, 1e-12);
  const PlanarState end = log.at(3.0);
  EXPECT_NEAR(end.position_W.y(), 1.0, 1e-12);
  EXPECT_NEAR(end.heading * kRadToDeg, 260.0, 1e-9);
  EXPECT_NEAR(end.velocity_W.y(), 3.0, 1e-12);
}

TEST(ReplayLog, UnwrapsHeadingAcrossTheWrapEitherWay) {
  const auto headings = [](std::initializer_list<double> degrees) {
    std::vector<ReplayRow> rows;
    double t = 0;
    for (const double d : degrees) rows.push_back({t++, {t, 0.0}, d * kDegToRad, 0});
    std::vector<double> out;
    const ReplayLog log(rows, "rows");
    for (const ReplayRow& r : log.rows()) out.push_back(r.heading * kRadToDeg);
    return out;
  };
  // Right turn through 180/-180, left turn through 0/360, and a log that wraps at 360 instead of 180.
  const std::vector<double> right = headings({-175, -179, 179, 170});
  const std::vector<double> expected_right = {-175, -179, -181, -190};
  const std::vector<double> left = headings({350, 359, 1, 20});
  const std::vector<double> expected_left = {350, 359, 361, 380};
  // Half a turn either way is kept as written; from 270, 449 is 179 deg on and 100 is 11 deg on (-349 wrapped).
  const std::vector<double> laps = headings({90, 270, 90, 270, 449, 100});
  for (std::size_t i = 0; i < right.size(); ++i) {
    EXPECT_NEAR(right[i], expected_right[i], 1e-9) << i;
    EXPECT_NEAR(left[i], expected_left[i], 1e-9) << i;
  }
  const std::vector<double> expected_laps = {90, 270, 90, 270, 449, 460};
  for (std::size_t i = 0; i < laps.size(); ++i) EXPECT_NEAR(laps[i], expected_laps[i], 1e-9) << i;
  // Interpolated between 179 and -179: through 180, not through 0.
  const ReplayLog log({{0, {0, 0}, 179 * kDegToRad, 0}, {1, {1, 0}, -179 * kDegToRad, 0}}, "rows");
  EXPECT_NEAR(log.at(0.5).heading * kRadToDeg, 180.0, 1e-9);
  EXPECT_NEAR(log.at(0.5).yaw_rate * kRadToDeg, 2.0, 1e-9);
}

/// The loader's message for a case on the l-rail with one vehicle replayed from `csv_text` (written beside it).
std::string case_error(const std::string& csv_text, double duration = 1.0, const std::string& replay = "lap.csv") {
  const std::string csv = write_file("lap.csv", csv_text);
  const std::string case_file = (testing::temp_folder("replay-log") / "case.json").string();
  const nlohmann::json doc = {{"name", "replayed"},
                              {"scene", "l-rail"},
                              {"response", {{"model", "restitution"}}},
                              {"duration", duration},
                              {"vehicles", {{{"params", "sedan"}, {"replay", replay}}}}};
  return error_message([&] { parse_case(doc, case_file); });
}

TEST(ReplayLog, GoodLogLoadsAndStartsTheVehicleOnItsFirstRow) {
  const std::string csv = write_file("lap.csv", kThreeRows);
  const nlohmann::json doc = {{"name", "replayed"}, {"scene", "l-rail"}, {"response", {{"model", "restitution"}}},
                              {"duration", 3.0}, {"vehicles", {{{"params", "sedan"}, {"replay", "lap.csv"}}}}};
  const Case c = parse_case(doc, (testing::temp_folder("replay-log") / "case.json").string());
  ASSERT_TRUE(c.vehicles[0].replay);
  EXPECT_NEAR(c.vehicles[0].initial.heading * kRadToDeg, 170.0, 1e-9);
  EXPECT_NEAR(c.vehicles[0].initial.velocity_W.x(), 2.0, 1e-12);
}

TEST(ReplayLog, EveryBadInputGivesOneLineNamingTheFileAndLine) {
  struct Bad {
    std::string csv, expected_place, expected_problem;
    double duration = 1.0;
  };
  const std::vector<Bad> bad = {
      {"x,y,t,heading_deg\n0,0,0,0\n1,1,0,0\n", "lap.csv: line 1:", "expected the header 't,x,y,heading_deg'"},
      {"t,x,y,heading_deg\n0,0,0,0\n2,1,0,0\n1,2,0,0\n", "lap.csv: line 4:", "expected times to increase strictly"},
      {"t,x,y,heading_deg\n0,0,0,0\n0,1,0,0\n", "lap.csv: line 3:", "expected times to increase strictly"},
      {"t,x,y,heading_deg\n0,0,0,0\n1,nan,0,0\n", "lap.csv: line 3:", "column 'x': expected a finite number"},
      {"t,x,y,heading_deg\n0,0,0,inf\n1,1,0,0\n", "lap.csv: line 2:", "column 'heading_deg': expected a finite number"},
      {"t,x,y,heading_deg\n0,0,0,0\n1,1,zero,0\n", "lap.csv: line 3:", "column 'y': expected a number, found 'zero'"},
      {"t,x,y,heading_deg\n0,0,0\n1,1,0,0\n", "lap.csv: line 2:", "expected 4 comma-separated values"},
      {"t,x,y,heading_deg\n0,0,0,0\n", "lap.csv:", "expected at least two rows after the header, found 1"},
      {"t,x,y,heading_deg\n0,0,0,0\n1,1,0,0\n\n", "lap.csv: line 3:", "the log ends 1 s after its first row", 2.0},
      // The bounds a case's own numbers obey (cases/physical_bounds.hpp), each broken by one row.
      {"t,x,y,heading_deg\n0,0,0,0\n1e-300,0,0,0\n2,1,0,0\n", "lap.csv: line 3:", "at least 1e-05 s apart"},
      {"t,x,y,heading_deg\n0,0,0,0\n1,1e308,0,0\n", "lap.csv: line 3:", "expected x and y of at most 1e+07 m"},
      {"t,x,y,heading_deg\n0,0,0,0\n1,0,-2e7,0\n", "lap.csv: line 3:", "expected x and y of at most 1e+07 m"},
      {"t,x,y,heading_deg\n-1e300,0,0,0\n1,0,0,0\n", "lap.csv: line 2:", "expected a time t of at most 1e+10 s"},
      // 10 m in 1 ms is 10,000 m/s; 90 deg in 0.1 ms is 15,708 rad/s.
      {"t,x,y,heading_deg\n0,0,0,0\n1,5,0,0\n1.001,15,0,0\n", "lap.csv: line 4:", "implies 10000 m/s"},
      {"t,x,y,heading_deg\n0,0,0,0\n1e-4,0,0,90\n", "lap.csv: line 3:", "implies 15708 rad/s"},
  };
  for (const Bad& b : bad) {
    const std::string message = case_error(b.csv, b.duration);
    EXPECT_NE(message.find(b.expected_place), std::string::npos) << message;
    EXPECT_NE(message.find(b.expected_problem), std::string::npos) << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
  }
}

TEST(ReplayLog, MissingOrEscapingPathsAndPoseKeysAreRefused) {
  const std::string missing = case_error(kThreeRows, 1.0, "no-such-lap.csv");
  EXPECT_NE(missing.find("no-such-lap.csv: cannot open the replay log"), std::string::npos) << missing;
  const std::string escaping = case_error(kThreeRows, 1.0, "../lap.csv");
  EXPECT_NE(escaping.find("/vehicles/0/replay: the replay log path leaves the case file's folder"), std::string::npos)
      << escaping;
  const std::string csv = write_file("lap.csv", kThreeRows);
  const nlohmann::json doc = {{"name", "replayed"}, {"scene", "l-rail"}, {"response", {{"model", "restitution"}}},
                              {"duration", 1.0},
                              {"vehicles", {{{"params", "sedan"}, {"replay", csv}, {"speed", 3.0}}}}};
  const std::string posed = error_message([&] { parse_case(doc, "/elsewhere/case.json"); });  // absolute: taken as is
  EXPECT_NE(posed.find("/vehicles/0/speed: a replayed vehicle moves as its log says"), std::string::npos) << posed;
}

}  // namespace
}  // namespace crashbench
