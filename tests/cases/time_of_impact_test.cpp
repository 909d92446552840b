// cases/runner/time_of_impact.hpp by hand: the state part of the way through a step, and which contacts close.
#include "cases/runner/time_of_impact.hpp"

#include <gtest/gtest.h>

namespace crashbench {
namespace {

Body moving(const Vec2& position_W, const Vec2& velocity_W, double yaw_rate = 0) {
  Body b{1500, 2500, {}};
  b.state.position_W = position_W;
  b.state.velocity_W = velocity_W;
  b.state.yaw_rate = yaw_rate;
  return b;
}

Contact against_wall_below(const Vec2& point_W) {
  Contact c;
  c.point_W = point_W;
  c.normal_W = {0, 1};  // from the wall towards the vehicle
  return c;
}

TEST(StateAt, EveryEntryLinearOrThePoseOnly) {
  StateVector before = StateVector::Zero(), after = StateVector::Zero();
  for (int i = 0; i < 8; ++i) before[i] = i, after[i] = 10 + 3 * i;
  const StateVector all = state_at(before, after, 0.25, false);
  const StateVector pose = state_at(before, after, 0.25, true);
  for (int i = 0; i < 8; ++i) EXPECT_DOUBLE_EQ(all[i], i + 0.25 * (10 + 2 * i)) << i;
  for (int i = 0; i < 3; ++i) EXPECT_DOUBLE_EQ(pose[i], all[i]) << i;
  for (int i = 3; i < 6; ++i) EXPECT_EQ(pose[i], after[i]) << "velocities stay the step end's: " << i;
  EXPECT_EQ(state_at(before, after, 0.0, false), before);
  EXPECT_EQ(state_at(before, after, 1.0, false), after);
}

TEST(Approaching, OnlyContactPointsClosingFasterThanTheRestSpeed) {
  const Contact c = against_wall_below({0, 0});
  EXPECT_TRUE(approaching(moving({0, 2}, {0, -1}), nullptr, c));
  EXPECT_FALSE(approaching(moving({0, 2}, {0, 1}), nullptr, c)) << "leaving";
  EXPECT_FALSE(approaching(moving({0, 2}, {0, -0.5 * kClosingSpeed}), nullptr, c)) << "at rest to rounding";
  EXPECT_FALSE(approaching(moving({0, 2}, {5, 0}), nullptr, c)) << "sliding along";
  // Spinning: the point 1 m to the right of the CG moves at r x rho = (0, 2 x 1) = +2 m/s (away), and
  // the one 1 m to the left at -2 m/s (closing), with the CG at rest.
  EXPECT_FALSE(approaching(moving({0, 2}, {0, 0}, 2.0), nullptr, against_wall_below({1, 0})));
  EXPECT_TRUE(approaching(moving({0, 2}, {0, 0}, 2.0), nullptr, against_wall_below({-1, 0})));
}

TEST(Approaching, APairClosesOnItsRelativeVelocity) {
  Contact c = against_wall_below({0, 0});
  c.other = 1;
  const Body a = moving({0, 2}, {0, -3});
  EXPECT_FALSE(approaching(a, &a, c)) << "the same velocity: no relative motion";
  const Body b = moving({0, -2}, {0, -4});
  EXPECT_FALSE(approaching(a, &b, c)) << "b runs away faster";
  const Body c_b = moving({0, -2}, {0, -2});
  EXPECT_TRUE(approaching(a, &c_b, c));
}

}  // namespace
}  // namespace crashbench
