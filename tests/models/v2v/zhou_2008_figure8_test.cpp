// Figure 8 of Zhou, Peng & Lu (2008): the 4-DOF model over incidence angle 0-30 deg and offset
// -0.5..0.5 m. The figure's contours are not given as numbers; the text's claims are checked:
// every case solves, the yaw rate passes 100 deg/s at 30 deg, and yaw and roll rates depend much
// more on the incidence angle than on the offset.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "models/response/four_dof_impact.hpp"
#include "testkit/zhou_2008_case.hpp"

namespace crashbench {
namespace {

constexpr double kAngles[] = {0, 5, 10, 15, 20, 25, 30};       // [deg]
constexpr double kOffsets[] = {-0.5, -0.25, 0.0, 0.25, 0.5};  // [m], left positive

struct Cell {
  double delta_v, yaw_deg, roll_deg;
};

Cell solve(double angle, double offset) {
  const auto z = testing::zhou_2008_case(angle, offset);
  const FourDofBody t{&z.suv, z.target.state, {}, 0.0}, b{&z.suv, z.bullet.state, {}, 0.0};
  const FourDofImpactResult r = four_dof_impact(t, &b, z.contact, {});
  EXPECT_EQ(r.status, ResolutionStatus::kOk) << angle << " deg, " << offset << " m";
  const double dv = (to_planar(z.target.state, r.a).velocity_W - z.target.state.velocity_W).norm();
  return {dv, r.a.yaw_rate * kRadToDeg, r.a.roll.roll_rate * kRadToDeg};
}

TEST(Zhou2008Figure8, IncidenceAngleDominates) {
  Cell grid[7][5];
  std::printf("theta  |dV| [m/s] / yaw rate [deg/s] / roll rate [deg/s] for offsets -0.5 -0.25 0 0.25 0.5 m\n");
  for (int i = 0; i < 7; ++i) {
    std::printf("%4.0f ", kAngles[i]);
    for (int j = 0; j < 5; ++j) {
      grid[i][j] = solve(kAngles[i], kOffsets[j]);
      std::printf(" %4.2f/%6.1f/%5.1f", grid[i][j].delta_v, grid[i][j].yaw_deg, grid[i][j].roll_deg);
    }
    std::printf("\n");
  }
  // Yaw rate beyond 100 deg/s at 30 deg incidence (4.5 m/s closing speed).
  double max_yaw_30 = 0;
  for (const Cell& c : grid[6]) max_yaw_30 = std::max(max_yaw_30, std::abs(c.yaw_deg));
  EXPECT_GT(max_yaw_30, 100.0);
  // Spread along the angle at zero offset versus along the offset at 25 deg.
  auto spread = [](auto get, auto begin, auto end) {
    double lo = 1e300, hi = -1e300;
    for (auto it = begin; it != end; ++it) lo = std::min(lo, get(*it)), hi = std::max(hi, get(*it));
    return hi - lo;
  };
  Cell column[7];
  for (int i = 0; i < 7; ++i) column[i] = grid[i][2];
  const auto yaw = [](const Cell& c) { return c.yaw_deg; };
  const auto roll = [](const Cell& c) { return c.roll_deg; };
  EXPECT_GT(spread(yaw, column, column + 7), 2 * spread(yaw, grid[5], grid[5] + 5));
  EXPECT_GT(spread(roll, column, column + 7), 2 * spread(roll, grid[5], grid[5] + 5));
}

}  // namespace
}  // namespace crashbench
