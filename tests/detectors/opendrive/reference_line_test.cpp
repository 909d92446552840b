// The reference line's records against formulas and integrations written here, independently of
// detectors/scenes/opendrive/reference_line.cpp: an arc's end pose from its centre, a clothoid's end pose
// from Simpson's rule in long double, a paramPoly3 in both pRange conventions, and the gaps between records.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <vector>

#include "detectors/scenes/opendrive/clothoid.hpp"
#include "detectors/scenes/opendrive/reference_line.hpp"

namespace crashbench::odr {
namespace {

Geometry record(Geometry::Kind kind, double x, double y, double hdg, double length) {
  Geometry g;
  g.kind = kind, g.x = x, g.y = y, g.hdg = hdg, g.length = length;
  return g;
}

TEST(OpenDriveReferenceLine, AnArcEndsWhereItsCircleSays) {
  // Centre a radius to the left of the start; the end lies the turned angle round it.
  for (const double k : {0.037, -0.012, 2e-9}) {
    Geometry g = record(Geometry::Kind::kArc, 12.5, -3.25, 0.7, 41.0);
    g.curvature = k;
    const double r = 1 / k, turn = k * g.length;
    const Vec2 centre(g.x - r * std::sin(g.hdg), g.y + r * std::cos(g.hdg));
    const Vec2 end(centre.x() + r * std::sin(g.hdg + turn), centre.y() - r * std::cos(g.hdg + turn));
    const Pose got = make_curve(g)->at(g.length);
    // The centre form loses digits as k -> 0 (r = 5e8 m): compare within what it keeps.
    const double tolerance = std::abs(k) > 1e-6 ? 1e-10 : 1e-6;
    EXPECT_NEAR(got.p_W.x(), end.x(), tolerance) << k;
    EXPECT_NEAR(got.p_W.y(), end.y(), tolerance) << k;
    EXPECT_NEAR(got.hdg, g.hdg + turn, 1e-14) << k;
  }
}

/// (x, y) after `length` along a clothoid, by Simpson's rule with 40,000 steps in long double.
std::pair<long double, long double> simpson_clothoid(long double hdg, long double k0, long double rate,
                                                     long double length) {
  const int n = 40000;
  const long double h = length / n;
  long double x = 0, y = 0;
  for (int i = 0; i <= n; ++i) {
    const long double s = i * h, theta = hdg + k0 * s + 0.5L * rate * s * s;
    const long double w = (i == 0 || i == n) ? 1 : (i % 2 ? 4 : 2);
    x += w * std::cos(theta), y += w * std::sin(theta);
  }
  return {x * h / 3, y * h / 3};
}

TEST(OpenDriveReferenceLine, AClothoidEndsWhereAFineIntegrationSays) {
  // A motorway transition, a tight hairpin spiral turning past half a circle, and one unwinding.
  struct Case { double k0, k1, length; };
  for (const Case c : {Case{0.0, 1.0 / 300, 180.0}, Case{0.01, 0.2, 25.0}, Case{-0.05, 0.03, 60.0}}) {
    Geometry g = record(Geometry::Kind::kSpiral, -7.0, 18.0, -2.1, c.length);
    g.curv_start = c.k0, g.curv_end = c.k1;
    const double rate = (c.k1 - c.k0) / c.length;
    const auto [dx, dy] = simpson_clothoid(g.hdg, c.k0, rate, c.length);
    const Pose got = make_curve(g)->at(c.length);
    // Simpson's error here: L h^4 / 180 max|f''''| < 1e-13 m; the reader's bound is 1e-20 of each piece.
    EXPECT_NEAR(got.p_W.x(), g.x + static_cast<double>(dx), 1e-9) << c.k1;
    EXPECT_NEAR(got.p_W.y(), g.y + static_cast<double>(dy), 1e-9) << c.k1;
    EXPECT_NEAR(got.hdg, g.hdg + c.k0 * c.length + 0.5 * rate * c.length * c.length, 1e-14);
    // Halfway too: the pieces' starts are tabulated, the rest integrated from the nearest.
    const auto [hx, hy] = simpson_clothoid(g.hdg, c.k0, rate, c.length / 2);
    const Pose half = make_curve(g)->at(c.length / 2);
    EXPECT_NEAR(half.p_W.x(), g.x + static_cast<double>(hx), 1e-9);
    EXPECT_NEAR(half.p_W.y(), g.y + static_cast<double>(hy), 1e-9);
  }
}

TEST(OpenDriveReferenceLine, AClothoidOfConstantCurvatureIsAnArc) {
  const Clothoid c(Vec2(1, 2), 0.3, 0.05, 0.0, 90);
  const double r = 20;
  const Vec2 centre(1 - r * std::sin(0.3), 2 + r * std::cos(0.3));
  const Vec2 end(centre.x() + r * std::sin(0.3 + 4.5), centre.y() - r * std::cos(0.3 + 4.5));
  EXPECT_NEAR((c.position(90) - end).norm(), 0.0, 1e-11);
}

TEST(OpenDriveReferenceLine, AParamPoly3EndsAtItsPolynomialsInBothRanges) {
  // The same curve in both conventions: with p = s / L the coefficients of p^n are L^n times those in s.
  const double length = 32.0;
  Geometry arc_length = record(Geometry::Kind::kParamPoly3, 5.0, -4.0, 1.1, length);
  arc_length.normalized = false;
  arc_length.au = 0, arc_length.bu = 0.98, arc_length.cu = -1.5e-3, arc_length.du = 2e-5;
  arc_length.av = 0, arc_length.bv = 0.05, arc_length.cv = 4e-3, arc_length.dv = -6e-5;
  Geometry normalized = arc_length;
  normalized.normalized = true;
  normalized.bu *= length, normalized.cu *= length * length, normalized.du *= length * length * length;
  normalized.bv *= length, normalized.cv *= length * length, normalized.dv *= length * length * length;
  // By hand at the end (p = L in metres): u, v and their slopes, then turned by hdg and moved.
  const double p = length;
  const double u = 0.98 * p - 1.5e-3 * p * p + 2e-5 * p * p * p, v = 0.05 * p + 4e-3 * p * p - 6e-5 * p * p * p;
  const double du = 0.98 - 3e-3 * p + 6e-5 * p * p, dv = 0.05 + 8e-3 * p - 1.8e-4 * p * p;
  const Vec2 end(5.0 + std::cos(1.1) * u - std::sin(1.1) * v, -4.0 + std::sin(1.1) * u + std::cos(1.1) * v);
  for (const Geometry& g : {arc_length, normalized}) {
    const Pose got = make_curve(g)->at(length);
    EXPECT_NEAR(got.p_W.x(), end.x(), 1e-9) << g.normalized;
    EXPECT_NEAR(got.p_W.y(), end.y(), 1e-9) << g.normalized;
    EXPECT_NEAR(got.hdg, 1.1 + std::atan2(dv, du), 1e-12) << g.normalized;
  }
  // Halfway along s is p = 0.5 normalised, p = 16 m in arcLength: the two agree there too.
  EXPECT_NEAR((make_curve(arc_length)->at(16).p_W - make_curve(normalized)->at(16).p_W).norm(), 0.0, 1e-9);
}

TEST(OpenDriveReferenceLine, APoly3IsWalkedByArcLength) {
  // v = 0.01 u^2: the arc length to u is found here by the closed form of the parabola's arc length.
  Geometry g = record(Geometry::Kind::kPoly3, 0, 0, 0, 30);
  g.c = 0.01;
  const double u = 25.0, a = 0.02 * u;
  const double s = (a * std::sqrt(1 + a * a) + std::asinh(a)) / (2 * 0.02);
  const Pose got = make_curve(g)->at(s);
  EXPECT_NEAR(got.p_W.x(), u, 1e-6);
  EXPECT_NEAR(got.p_W.y(), 0.01 * u * u, 1e-6);
  EXPECT_NEAR(got.hdg, std::atan(a), 1e-7);
}

TEST(OpenDriveReferenceLine, GapsBetweenRecordsAreMeasured) {
  Road road;
  road.length = 20;
  road.plan_view = {record(Geometry::Kind::kLine, 0, 0, 0, 10), record(Geometry::Kind::kLine, 10, 0.25, 0, 10)};
  road.plan_view[1].s = 10;
  const ReferenceLine line(road);
  EXPECT_EQ(line.gaps(), 1);
  EXPECT_NEAR(line.largest_gap(), 0.25, 1e-12);
  EXPECT_NEAR(line.at(15).p_W.y(), 0.25, 1e-12);  // each record from its own start
  road.plan_view[1].y = 0;
  EXPECT_EQ(ReferenceLine(road).gaps(), 0);
}

TEST(OpenDriveReferenceLine, JointsWhereTheHeadingTurnsAtOnceAreKinksWithTheTurnTheShorterWayRound) {
  // A polyline's corners, as LGSVL draws its curves: 0.3 rad left at s = 10; from 3.1 to -3.1 rad at s = 20,
  // 2 pi - 6.2 rad left (the short way round, not 6.2 right); a turn below kKinkTolerance at s = 30 is none.
  Road road;
  road.length = 40;
  for (const double hdg : {2.8, 3.1, -3.1, -3.1 + 5e-4})
    road.plan_view.push_back(record(Geometry::Kind::kLine, 0, 0, hdg, 10));
  for (std::size_t k = 0; k < road.plan_view.size(); ++k) road.plan_view[k].s = 10.0 * static_cast<double>(k);
  const std::vector<Kink> kinks = ReferenceLine(road).kinks();
  ASSERT_EQ(kinks.size(), 2u);
  EXPECT_EQ(kinks[0].s, 10);
  EXPECT_NEAR(kinks[0].turn, 0.3, 1e-12);
  EXPECT_EQ(kinks[1].s, 20);
  EXPECT_NEAR(kinks[1].turn, 2 * std::numbers::pi - 6.2, 1e-12);
}

}  // namespace
}  // namespace crashbench::odr
