// The sweep's proof that two vehicles stay apart over an interval (detectors/key_search.hpp, pair_apart):
// the least distance between two rectangles by hand and against sampled outlines, no touch inside an
// interval it proves apart along random turning motions, and two cars following in one lane, whose grown
// rectangles meet, proved apart over the whole step.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <span>
#include <utility>
#include <vector>

#include "detectors/broadphase/analytic_rectangles.hpp"
#include "detectors/key_search.hpp"

namespace crashbench {
namespace {

constexpr RectangleSize kCar{2.0, 2.0, 2.0};  // CG to front, to rear, width [m]: a 4 m x 2 m box about its CG

VehiclePose car_at(double x, double y, double heading, RectangleSize size = kCar) {
  VehiclePose p;
  p.position_W = {x, y};
  p.heading = heading;
  p.size = size;
  return p;
}

double gap(const VehiclePose& a, const VehiclePose& b) { return rectangle_gap(place_rectangle(a), place_rectangle(b)); }

TEST(RectangleGap, IsTheLeastDistanceBetweenTwoRectanglesByHand) {
  const VehiclePose a = car_at(0, 0, 0);
  EXPECT_NEAR(gap(a, car_at(5, 0, 0)), 1.0, 1e-12);             // nose to tail: 2 + 2 + 1
  EXPECT_NEAR(gap(a, car_at(0, 2.5, 0)), 0.5, 1e-12);           // side by side: 1 + 1 + 0.5
  EXPECT_NEAR(gap(a, car_at(4 + 3, 2 + 4, 0)), 5.0, 1e-12);     // corner to corner, 3 and 4 beyond
  EXPECT_NEAR(gap(a, car_at(2 + 0.3 + std::sqrt(2.0), 0, std::atan2(1.0, 1.0), {1, 1, 2})), 0.3, 1e-12);
  // A 2 x 2 square turned 45 degrees, its corner 0.3 m off the front face: the corner is the nearest point.
  EXPECT_EQ(gap(a, car_at(3, 0, 0)), 0.0);                      // overlapping by 1 m
  EXPECT_EQ(gap(a, car_at(4, 0, 0)), 0.0);                      // touching
  EXPECT_EQ(gap(a, car_at(0, 0, std::atan2(1.0, 0.0))), 0.0);   // a cross: no corner inside the other
}

// Against the least distance between points spaced 2 cm along both outlines: never more, and less by at
// most half that spacing; zero exactly where the separating axis test finds no gap.
TEST(RectangleGap, NoTwoPointsOfTheOutlinesLieCloserAndNoneMuchFarther) {
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  const auto outline = [](const PlacedRectangle& r) {
    std::vector<Vec2> points;
    for (int k = 0; k < 4; ++k) {
      const Vec2 p = r.corners_W[k], q = r.corners_W[(k + 1) % 4];
      const int n = static_cast<int>(std::ceil((q - p).norm() / 0.02));
      for (int i = 0; i < n; ++i) points.push_back(p + (q - p) * (static_cast<double>(i) / n));
    }
    return points;
  };
  int apart = 0;
  for (int trial = 0; trial < 200; ++trial) {
    const PlacedRectangle a = place_rectangle(car_at(0, 0, 3 * u(rng)));
    const PlacedRectangle b = place_rectangle(car_at(6 * u(rng), 6 * u(rng), 3 * u(rng), {1.5, 2.5, 1.6}));
    const double g = rectangle_gap(a, b);
    double sampled = std::numeric_limits<double>::infinity();
    for (const Vec2& p : outline(a))
      for (const Vec2& q : outline(b)) sampled = std::min(sampled, (p - q).norm());
    const bool inside = a.contains(b.corners_W[0]) || b.contains(a.corners_W[0]);
    if (g > 0) {
      ++apart;
      EXPECT_LE(g, sampled + 1e-12) << trial;
      EXPECT_GE(g, sampled - 0.01) << trial;
    } else {
      EXPECT_TRUE(sampled < 0.02 || inside) << trial << ": no gap, yet the outlines lie " << sampled << " m apart";
    }
  }
  EXPECT_GT(apart, 60);  // the draws put most pairs apart: the comparison is not vacuous
}

// For random pairs of turning, driving cars and random intervals: wherever pair_apart proves the pair apart,
// the rectangles overlap at none of 200 fractions inside the interval, and it does prove some.
TEST(PairApart, NoTouchInsideAnIntervalItProvesApart) {
  std::mt19937_64 rng(11);
  std::uniform_real_distribution<double> u(-1.0, 1.0), unit(0.0, 1.0);
  SweepScratch measured;
  int proved = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    const VehiclePose a0 = car_at(0, 0, 3 * u(rng)), b0 = car_at(5 * u(rng), 5 * u(rng), 3 * u(rng), {1.5, 2.5, 1.6});
    VehiclePose a1 = a0, b1 = b0;
    a1.position_W += Vec2(u(rng), u(rng));
    a1.heading += 0.6 * u(rng);
    b1.position_W += Vec2(u(rng), u(rng));
    b1.heading += 0.6 * u(rng);
    const std::vector<VehiclePose> start{a0, b0}, end{a1, b1};
    const sweep_search::StepMotion motion{start, end, measured};
    const sweep_keys::Key key{0, 1};
    const double lo = unit(rng), hi = lo + (1 - lo) * unit(rng);
    if (!motion.pair_apart(key, lo, hi)) continue;
    ++proved;
    for (int i = 0; i <= 200; ++i) {
      const double f = lo + (hi - lo) * i / 200.0;
      EXPECT_GT(gap(interpolate(a0, a1, f), interpolate(b0, b1, f)), 0.0) << trial << " at " << f;
    }
  }
  EXPECT_GT(proved, 300);
}

// A car at 25 m/s 5 cm behind one at 24 m/s: each moves 0.12-0.125 m in the step, so their rectangles grown
// by half of that (as the sweep's grown query grows them) meet, but they close by 5 mm: apart over the
// whole step. 2 cm behind at 30 m/s they touch at 2/3 of the step: apart over its first half only.
TEST(PairApart, TwoCarsFollowingInOneLaneAreApartOverTheStepTheirGrownRectanglesMeetIn) {
  SweepScratch measured;
  const sweep_keys::Key key{0, 1};
  const auto step = [](double gap_m, double speed_behind) {
    const VehiclePose behind = car_at(0, 0, 0), ahead = car_at(4 + gap_m, 0, 0);
    VehiclePose behind_end = behind, ahead_end = ahead;
    behind_end.position_W.x() += speed_behind * 0.005;
    ahead_end.position_W.x() += 24 * 0.005;
    return std::pair{std::vector<VehiclePose>{behind, ahead}, std::vector<VehiclePose>{behind_end, ahead_end}};
  };
  const auto [start, end] = step(0.05, 25);
  const double grown = 0.5 * (growth_rates(start[0], end[0]).along + growth_rates(start[1], end[1]).along);
  EXPECT_GT(grown, 0.05);  // the grown rectangles meet
  const sweep_search::StepMotion following{start, end, measured};
  EXPECT_NEAR(following.pair_closing(key), 0.005, 1e-12);
  EXPECT_TRUE(following.pair_apart(key, 0.0, 1.0));

  const auto [start2, end2] = step(0.02, 30);
  const sweep_search::StepMotion closing{start2, end2, measured};
  EXPECT_NEAR(closing.pair_closing(key), 0.03, 1e-12);
  EXPECT_FALSE(closing.pair_apart(key, 0.0, 1.0));
  EXPECT_TRUE(closing.pair_apart(key, 0.0, 0.5));
  EXPECT_FALSE(closing.pair_apart(key, 0.5, 1.0));
}

}  // namespace
}  // namespace crashbench
