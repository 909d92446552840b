// Centre lines from small TORCS track definitions written here (detectors/scenes/torcs/torcs_track_geometry.hpp):
// a square lap with four quarter circles, a spiral, feet, against values worked by hand; lap length, closure
// and heading continuity as invariants; the layout shift TORCS applies, with sides and borders.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <numbers>

#include "detectors/scenes/torcs/torcs_track_geometry.hpp"
#include "tests/support/temp_folder.hpp"
#include "tests/support/torcs_definition.hpp"

namespace crashbench {
namespace {

constexpr double kPi = std::numbers::pi;

TorcsTrack write_and_read(const std::string& name, const std::string& text) {
  const std::string path = (testing::temp_folder("torcs-geometry") / (name + ".xml")).string();
  std::ofstream(path) << text;
  return read_torcs_track(path);
}

/// 100 m straights joined by left quarter circles of radius 20 m, 10 m wide: a closed lap of 400 + 40 pi m.
std::string square(const std::string& main_extra = "", const std::string& list = "Track Segments") {
  std::vector<std::string> segments;
  for (int i = 0; i < 4; ++i) {
    segments.push_back(testing::torcs_straight(fmt::format("straight {}", i), 100));
    segments.push_back(testing::torcs_curve(fmt::format("bend {}", i), "lft", 20, 90));
  }
  return testing::torcs_definition(10, segments, main_extra, list);
}

double polyline_length(const std::vector<Vec2>& p) {
  double length = 0;
  for (std::size_t i = 1; i < p.size(); ++i) length += (p[i] - p[i - 1]).norm();
  return length;
}

TEST(TorcsTrackGeometry, ASquareLapClosesWithTheSegmentsLengthAndTurnsSmoothly) {
  const TorcsTrack track = write_and_read("square", square());
  ASSERT_EQ(track.segments.size(), 8u);
  const Centreline line = torcs_centreline(track, 0.5);
  EXPECT_TRUE(line.closed);
  EXPECT_EQ(line.strips, 8);
  EXPECT_NEAR(line.half_widths.front(), 5.0, 1e-12);
  // By hand: the centre starts at (0, 5) heading +X; the lap's right edge reaches X = -20 - 5 on the last
  // straight and Y = 0 on the first, so TORCS moves it by (25, 0).
  EXPECT_NEAR((line.points_W.front() - Vec2(25, 5)).norm(), 0.0, 1e-9);
  EXPECT_NEAR((torcs_layout_shift(track) - Vec2(25, 0)).norm(), 0.0, 1e-9);
  // After the first straight and bend: (100, 5) then the bend's centre (100, 25), its end (120, 25).
  const auto nearest = [&](const Vec2& q) {
    double best = 1e9;
    for (const Vec2& p : line.points_W) best = std::min(best, (p - q).norm());
    return best;
  };
  EXPECT_NEAR(nearest(Vec2(125, 5)), 0.0, 1e-9);
  EXPECT_NEAR(nearest(Vec2(145, 25)), 0.0, 1e-9);
  // The chords of a 0.5 m sampling fall short of the arcs by under 1e-3 of their length.
  EXPECT_NEAR(polyline_length(line.points_W), 400 + 40 * kPi, 1e-3 * 40 * kPi);
  const std::vector<LapRow> rows = lap_rows(line, 10.0, 0.0);
  double total_turn = 0;
  for (std::size_t i = 1; i < rows.size(); ++i) {
    const double step = std::remainder(rows[i].heading - rows[i - 1].heading, 2 * kPi);
    EXPECT_LE(std::abs(step), 0.5 / 20 + 1e-9) << "heading jumps at row " << i;  // at most spacing / radius
    total_turn += step;
  }
  EXPECT_NEAR(total_turn, 2 * kPi, 1e-9);
}

TEST(TorcsTrackGeometry, SidesAndBordersWidenTheBoundsTorcsMovesTheTrackBy) {
  // A 3 m right side and a 1 m right border: the right edge reaches 5 + 1 + 3 m from the centre.
  const std::string v4 = "<section name=\"Right Side\"><attnum name=\"width\" val=\"3\"/></section>\n"
                         "<section name=\"Right Border\"><attnum name=\"width\" val=\"1\"/></section>\n";
  EXPECT_NEAR((torcs_layout_shift(write_and_read("sides", square(v4))) - Vec2(29, 4)).norm(), 0.0, 1e-9);
  // Version 3 files name the side on the main track ("rside width") and list the segments as "segments".
  const std::string v3 = "<attnum name=\"rside width\" val=\"3\"/>\n";
  EXPECT_NEAR((torcs_layout_shift(write_and_read("v3", square(v3, "segments"))) - Vec2(28, 3)).norm(), 0.0, 1e-9);
  // A left side on a counter-clockwise lap lies inside it: no change.
  const std::string inside = "<section name=\"Left Side\"><attnum name=\"width\" val=\"4\"/></section>\n";
  EXPECT_NEAR((torcs_layout_shift(write_and_read("inside", square(inside))) - Vec2(25, 0)).norm(), 0.0, 1e-9);
}

TEST(TorcsTrackGeometry, ASpiralTurnsItsArcInStepsOfOneLength) {
  // Radius 50 m to 100 m over 90 degrees in 3 steps: radii 50, 75, 100 m, each step l = (pi / 2) / (1/50 +
  // 1/75 + 1/100) long. Summed as chords (2 r sin(phi / 2) along the mid-step heading), not as the code's
  // centres, the end lies at:
  const std::vector<double> radii = {50, 75, 100};
  const double l = (kPi / 2) / (1 / 50.0 + 1 / 75.0 + 1 / 100.0);
  Vec2 end(0, 5);
  double heading = 0;
  for (const double r : radii) {
    const double phi = l / r;
    end += 2 * r * std::sin(phi / 2) * Vec2(std::cos(heading + phi / 2), std::sin(heading + phi / 2));
    heading += phi;
  }
  const std::string spiral = testing::torcs_curve("spiral", "lft", 50, 90,
                                                  "<attnum name=\"end radius\" unit=\"m\" val=\"100\"/>\n"
                                                  "<attnum name=\"profil steps\" val=\"3\"/>\n");
  const TorcsTrack track = write_and_read("spiral", testing::torcs_definition(10, {spiral}));
  ASSERT_EQ(track.segments.size(), 1u);
  EXPECT_EQ(track.segments[0].steps, 3);
  const Centreline line = torcs_centreline(track, 0.05);
  EXPECT_FALSE(line.closed);
  const Vec2 shift = torcs_layout_shift(track);
  EXPECT_NEAR((line.points_W.back() - shift - end).norm(), 0.0, 1e-9);
  EXPECT_NEAR(polyline_length(line.points_W), 3 * l, 1e-5 * 3 * l);
  // Its end heading is the arc: the last two points run along +Y.
  const Vec2 last = line.points_W.back() - line.points_W[line.points_W.size() - 2];
  EXPECT_NEAR(std::atan2(last.y(), last.x()), kPi / 2, 0.05 / 100);
}

TEST(TorcsTrackGeometry, FeetAreConvertedToMetres) {
  const TorcsTrack track = write_and_read("feet", testing::torcs_definition(10, {testing::torcs_straight("s", 1000, "ft")}));
  ASSERT_EQ(track.segments.size(), 1u);
  EXPECT_NEAR(track.segments[0].length, 304.8, 1e-9);
  const Centreline line = torcs_centreline(track);
  EXPECT_NEAR((line.points_W.back() - line.points_W.front()).norm(), 304.8, 1e-9);
}

}  // namespace
}  // namespace crashbench
