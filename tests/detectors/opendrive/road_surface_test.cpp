// Lanes across a road (detectors/scenes/opendrive/road_surface.hpp): borders from the lane offset and
// width polynomials, a border record, lane heights, and the superelevation's tilt, each computed by hand.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "core/error.hpp"

#include "detectors/scenes/opendrive/road_surface.hpp"

namespace crashbench::odr {
namespace {

Lane lane(int id, const std::string& type, Cubic width) {
  Lane l;
  l.id = id, l.type = type;
  l.widths.push_back(width);
  return l;
}

/// A straight road along +X from (3, 4), 100 m, with a second lane section from s = 40.
Road straight_road() {
  Road road;
  road.id = "9", road.length = 100;
  Geometry g;
  g.x = 3, g.y = 4, g.length = 100;
  road.plan_view = {g};
  road.lane_offsets = {{0, 0.4, 0.01, 0, 0}, {50, 0.9, 0, 0, 0}};
  LaneSection first, second;
  first.s = 0;
  first.left = {lane(1, "driving", {0, 3.0, 0.02, 0, 0}), lane(2, "sidewalk", {0, 1.5, 0, 0, 0})};
  first.left[1].heights = {{0, 0.12, 0.15}};
  first.right = {lane(-1, "driving", {0, 3.25, 0, -1e-4, 0}), lane(-2, "shoulder", {10, 1.0, 0, 0, 0})};
  first.right[1].widths.insert(first.right[1].widths.begin(), Cubic{0, 0.5, 0.05, 0, 0});
  second.s = 40;
  second.left = {lane(1, "driving", {0, 3.5, 0, 0, 0})};
  Lane bordered;
  bordered.id = -1, bordered.type = "driving";
  bordered.borders = {{0, 2.75, 0, 0, 0}};
  second.right = {bordered};
  road.sections = {first, second};
  return road;
}

TEST(OpenDriveRoadSurface, LaneBordersFollowTheOffsetAndTheWidthPolynomials) {
  const Road road = straight_road();
  const RoadSurface surface(road);
  std::vector<LaneSpan> spans;
  surface.spans(0, 20, spans);
  ASSERT_EQ(spans.size(), 4u);
  // Leftmost first: lane 2, lane 1, lane -1, lane -2.
  EXPECT_EQ(spans[0].lane->id, 2);
  EXPECT_EQ(spans[3].lane->id, -2);
  const double centre = 0.4 + 0.01 * 20;          // the lane offset at s = 20
  const double w1 = 3.0 + 0.02 * 20;              // lane 1
  const double w_1 = 3.25 - 1e-4 * 20 * 20;       // lane -1: its c term
  const double w_2 = 1.0;                         // lane -2: the record from sOffset 10 applies at 20
  EXPECT_NEAR(spans[1].t_inner, centre, 1e-12);
  EXPECT_NEAR(spans[1].t_outer, centre + w1, 1e-12);
  EXPECT_NEAR(spans[0].t_outer, centre + w1 + 1.5, 1e-12);
  EXPECT_NEAR(spans[2].t_outer, centre - w_1, 1e-12);
  EXPECT_NEAR(spans[3].t_outer, centre - w_1 - w_2, 1e-12);
  EXPECT_EQ(spans[0].dz_inner, 0.12);
  EXPECT_EQ(spans[0].dz_outer, 0.15);
  // Before sOffset 10, lane -2's first record: 0.5 + 0.05 ds.
  surface.spans(0, 6, spans);
  EXPECT_NEAR(spans[3].t_outer - spans[2].t_outer, -(0.5 + 0.05 * 6), 1e-12);
  // The second section (from s = 40, so ds = 25 at s = 65): a border record gives t from the centre lane.
  surface.spans(1, 65, spans);
  ASSERT_EQ(spans.size(), 2u);
  EXPECT_NEAR(spans[0].t_outer, 0.9 + 3.5, 1e-12);
  EXPECT_NEAR(spans[1].t_outer, 0.9 - 2.75, 1e-12);
  // Points: the road runs along +X from (3, 4), so t is +Y.
  const Vec3 p = surface.point(65, spans[0].t_outer);
  EXPECT_NEAR(p.x(), 3 + 65, 1e-12);
  EXPECT_NEAR(p.y(), 4 + 4.4, 1e-12);
  EXPECT_NEAR(p.z(), 0, 1e-12);
}

TEST(OpenDriveRoadSurface, SuperelevationBanksTheRoadAboutItsReferenceLine) {
  Road road = straight_road();
  const double phi = 0.08, climb = 0.03;
  road.superelevation = {{0, phi, 0, 0, 0}};
  road.elevation = {{0, 1.5, climb, 0, 0}};
  const RoadSurface surface(road);
  // Positive superelevation: the road falls to the right. Across the road the slope is tan(phi); along it,
  // the climb; a point t along the tilted surface lies t cos(phi) sideways and t sin(phi) up.
  const double s = 30;
  const Vec3 left = surface.point(s, 4.0), right = surface.point(s, -3.0);
  const double across = std::hypot(left.x() - right.x(), left.y() - right.y());
  EXPECT_NEAR((left.z() - right.z()) / across, std::tan(phi), 1e-12);
  EXPECT_NEAR(across, 7.0 * std::cos(phi), 1e-12);
  EXPECT_NEAR(surface.point(s, 0).z(), 1.5 + climb * s, 1e-12);
  EXPECT_NEAR(left.z(), 1.5 + climb * s + 4.0 * std::sin(phi), 1e-12);
  EXPECT_GT(left.z(), right.z());
}

TEST(OpenDriveRoadSurface, BreaksFallWhereARecordStarts) {
  const Road road = straight_road();
  const RoadSurface surface(road);
  // Section 0 runs [0, 40]: lane -2's record at 10; the lane offset's second record (50) is outside.
  EXPECT_EQ(surface.breaks(0), (std::vector<double>{0, 10, 40}));
  EXPECT_EQ(surface.breaks(1), (std::vector<double>{40, 50, 100}));
}

TEST(OpenDriveRoadSurface, LateralShapesRaiseItByTheirCubicInTBlendedLinearlyAlongS) {
  Road road = straight_road();
  // At s = 0 OpenDRIVE 1.6's crown (level to t = -3, rising 0.15 a metre to 0.45 m at the middle, falling 0.1
  // a metre beyond); at s = 60 a parabola from t = -4. Sorted by s, then t, as the reader leaves them.
  road.shapes = {{0, {-4, 0, 0, 0, 0}}, {0, {-3, 0, 0.15, 0, 0}}, {0, {0, 0.45, -0.1, 0, 0}},
                 {60, {-4, 0.2, 0, 0.01, 0}}};
  const RoadSurface surface(road);
  EXPECT_NEAR(surface.lateral_height(0, -3.5), 0, 1e-12);
  EXPECT_NEAR(surface.lateral_height(0, -1), 0.3, 1e-12);   // 0.15 (-1 + 3)
  EXPECT_NEAR(surface.lateral_height(0, 2), 0.25, 1e-12);   // 0.45 - 0.1 * 2
  EXPECT_NEAR(surface.lateral_height(0, -5), 0, 1e-12);     // short of the first record: the first's cubic
  EXPECT_NEAR(surface.lateral_height(60, -1), 0.29, 1e-12);  // 0.2 + 0.01 * 3^2
  EXPECT_NEAR(surface.lateral_height(30, -1), 0.295, 1e-12); // halfway: the mean of 0.3 and 0.29
  EXPECT_NEAR(surface.lateral_height(15, 2), 0.75 * 0.25 + 0.25 * 0.56, 1e-12);  // a quarter of the way to 0.56
  EXPECT_NEAR(surface.lateral_height(90, 2), 0.56, 1e-12);  // past the last profile: its own, 0.2 + 0.01 * 6^2
  // Straight up from the banked cross-section: at t = -1 under a bank of 0.1 rad, 1 cos(0.1) right of the line
  // (y = 4) and sin(0.1) below it.
  road.superelevation = {{0, 0.1, 0, 0, 0}};
  const RoadSurface banked(road);
  const Vec3 p = banked.point(30, -1);
  EXPECT_NEAR(p.x(), 33, 1e-12);
  EXPECT_NEAR(p.y(), 4 - std::cos(0.1), 1e-12);
  EXPECT_NEAR(p.z(), -std::sin(0.1) + 0.295, 1e-12);
  // A profile's s is a break: the blend turns there.
  EXPECT_EQ(surface.breaks(1), (std::vector<double>{40, 50, 60, 100}));
}

TEST(OpenDriveRoadSurface, CrossfallLowersTheSidesItNamesByTTimesTheTangentOfItsAngle) {
  Road road = straight_road();
  // Both sides fall 0.02 rad from s = 0; from s = 70 the left side alone, its angle growing 0.001 rad a metre.
  road.crossfalls = {{{0, 0.02, 0, 0, 0}, Crossfall::Side::kBoth}, {{70, 0.02, 0.001, 0, 0}, Crossfall::Side::kLeft}};
  const RoadSurface surface(road);
  EXPECT_NEAR(surface.lateral_height(10, 3), -3 * std::tan(0.02), 1e-12);
  EXPECT_NEAR(surface.lateral_height(10, -2), -2 * std::tan(0.02), 1e-12);
  EXPECT_NEAR(surface.lateral_height(80, 3), -3 * std::tan(0.03), 1e-12);  // 0.02 + 0.001 * 10
  EXPECT_EQ(surface.lateral_height(80, -2), 0);                            // the right side level from s = 70
  EXPECT_EQ(surface.breaks(1), (std::vector<double>{40, 50, 70, 100}));
  // With a shape, the two add up.
  road.shapes = {{0, {-4, 0.1, 0, 0, 0}}};
  const RoadSurface both(road);
  EXPECT_NEAR(both.point(10, -2).z(), 0.1 - 2 * std::tan(0.02), 1e-12);
}

// A lane whose width polynomial grows to kilometres (3.25 + 0.02 ds^3 m: 1,000 m at ds = 36.8) is refused
// where a border first lies kFarthestLaneBorder out, naming the road, the lane and s; nearer, it is built.
TEST(OpenDriveRoadSurface, ALaneBorderAKilometreFromTheReferenceLineIsRefused) {
  Road road = straight_road();
  road.sections[0].right[0].widths = {{0, 3.25, 0, 0, 0.02}};
  const RoadSurface surface(road);
  std::vector<LaneSpan> spans;
  surface.spans(0, 20, spans);  // lane -1 163.25 m wide, its outer border 162.65 m out with the offset
  EXPECT_NEAR(spans[2].t_outer, 0.4 + 0.01 * 20 - 3.25 - 0.02 * 8000, 1e-9);
  try {
    surface.spans(0, 30, spans);  // 543.25 m wide, the shoulder beyond it to 543.55 m: built
    surface.spans(0, 39, spans);  // 1,189.63 m wide
    FAIL() << "a border 1,190 m out was taken";
  } catch (const Error& e) {
    EXPECT_NE(e.pointer().find("<road> id 9"), std::string::npos) << e.pointer();
    EXPECT_NE(e.problem().find("lane -1"), std::string::npos) << e.problem();
    EXPECT_NE(e.problem().find("at s 39"), std::string::npos) << e.problem();
  }
}

}  // namespace
}  // namespace crashbench::odr
