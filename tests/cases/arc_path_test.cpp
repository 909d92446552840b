#include "cases/driving/arc_path.hpp"

#include <gtest/gtest.h>

#include <numbers>

namespace crashbench {
namespace {

using std::numbers::pi;

PlanarState start_at(Vec2 position, double heading, double speed) {
  PlanarState s;
  s.position_W = position;
  s.heading = heading;
  s.velocity_W = speed * unit_at(heading);
  return s;
}

TEST(ArcPath, LeftTurnStaysOnTheCircleLeftOfTheStartHeading) {
  const double radius = 30.48, heading = 0.3;
  const Vec2 start{5.0, -2.0};
  const ArcPath path(start_at(start, heading, 20.0), 1.0 / radius);
  const Vec2 centre = start + radius * unit_at(heading + pi / 2);
  for (double s = 0; s <= 2 * pi * radius; s += 7.3) {
    const PlanarState p = path.at(s);
    EXPECT_NEAR((p.position_W - centre).norm(), radius, 1e-10) << s;
    EXPECT_NEAR(p.heading, heading + s / radius, 1e-12);
    // Tangent to the circle, moving counter-clockwise about the centre.
    EXPECT_NEAR((p.position_W - centre).dot(p.velocity_W), 0.0, 1e-9);
    EXPECT_GT(cross(p.position_W - centre, p.velocity_W), 0.0);
    EXPECT_NEAR(p.velocity_W.norm(), 20.0, 1e-12);
    EXPECT_NEAR(p.yaw_rate, 20.0 / radius, 1e-12);
  }
  // One lap comes back to the start.
  EXPECT_NEAR((path.at(2 * pi * radius).position_W - start).norm(), 0.0, 1e-9);
}

TEST(ArcPath, RightTurnCircleIsOnTheRight) {
  const ArcPath path(start_at({0, 0}, 0, 10.0), -1.0 / 50.0);
  // A quarter turn to the right from heading east ends 50 m east and 50 m south, heading south.
  const PlanarState p = path.at(pi / 2 * 50.0);
  EXPECT_NEAR(p.position_W.x(), 50.0, 1e-10);
  EXPECT_NEAR(p.position_W.y(), -50.0, 1e-10);
  EXPECT_NEAR(p.heading, -pi / 2, 1e-12);
  EXPECT_NEAR(p.yaw_rate, -10.0 / 50.0, 1e-12);
}

TEST(ArcPath, ZeroAndTinyCurvatureAreTheStraightLine) {
  const PlanarState start = start_at({1.0, 2.0}, 0.7, 15.0);
  // 1e-16 / m bends 250 m by a sagitta of kappa s^2 / 2 = 3e-12 m.
  for (const double curvature : {0.0, 1e-16, -1e-16}) {
    const PlanarState p = ArcPath(start, curvature).at(250.0);
    EXPECT_NEAR((p.position_W - (start.position_W + 250.0 * unit_at(0.7))).norm(), 0.0, 1e-9) << curvature;
    EXPECT_NEAR(p.heading, 0.7, 1e-10);
  }
}

}  // namespace
}  // namespace crashbench
