// Brach's wall impact from an IIHS row: the critical impulse ratio against a closed form written here,
// the restitution and sticking it promises at the contact point, and the fit recovering e and mu% from
// values the forward model made, under the reading chosen and for geometries no table row has.
#include "validation/wall_impact.hpp"

#include <gtest/gtest.h>

#include <Eigen/LU>

#include "core/units.hpp"

namespace crashbench {
namespace {

constexpr double kMass = 1500, kInertia = 2600;

IihsRow row(double d, double phi, double gamma, double speed) {
  IihsRow r;
  r.test_id = "synthetic";
  r.d = d, r.phi_deg = phi, r.gamma_deg = gamma, r.speed = speed;
  return r;
}

// Point velocity change per unit impulse: K = I/m + perp(r) perp(r)^T / Izz; the sticking impulse solves
// K (Pn n + Pt t) = ((1 + e) vn, -vt) on the n-t axes.
double critical_ratio_by_hand(const Vec2& r, const Vec2& n, const Vec2& v, double e) {
  const Vec2 t = perp(n), pr = perp(r);
  const Mat2 K = Mat2::Identity() / kMass + pr * pr.transpose() / kInertia;
  Mat2 A;
  A << n.dot(K * n), n.dot(K * t), t.dot(K * n), t.dot(K * t);
  const Vec2 p = A.inverse() * Vec2(-(1 + e) * n.dot(v), -t.dot(v));
  return std::abs(p.y() / p.x());
}

TEST(WallImpact, CriticalRatioAndContactPointConditions) {
  const IihsRow r = row(1.3, 28, 75, 17.0);
  const WallReading reading{1, true, 1, true};
  const double e = 0.15;
  const Vec2 point = 1.3 * Vec2(std::cos(28 * kDegToRad), std::sin(28 * kDegToRad));
  Vec2 n(std::cos(75 * kDegToRad), std::sin(75 * kDegToRad));
  n = -n;  // from the barrier towards the car, against its travel
  const Vec2 v(17.0, 0);
  const WallOutcome full = wall_impact(r, reading, kMass, kInertia, e, 100);
  ASSERT_TRUE(full.ok);
  EXPECT_NEAR(full.critical_ratio, critical_ratio_by_hand(point, n, v, e), 1e-9);
  // At 100 % of the critical ratio the contact point stops sliding and rebounds at -e vn.
  const Vec2 after = v + full.delta_v_B + full.yaw_rate * perp(point);
  EXPECT_NEAR(perp(n).dot(after), 0.0, 1e-9);
  EXPECT_NEAR(n.dot(after), -e * n.dot(v), 1e-9);
  // Less friction, more sliding and less yaw: the ratio scales the tangential impulse.
  const WallOutcome half = wall_impact(r, reading, kMass, kInertia, e, 50);
  EXPECT_GT(std::abs(perp(n).dot(v + half.delta_v_B + half.yaw_rate * perp(point))), 0.1);
}

TEST(WallImpact, FitRecoversWhatTheForwardModelMade) {
  const WallReading reading{1, true, 1, true};
  for (const auto& [e, mu, d, phi, gamma] : {std::tuple{0.0, 100.0, 1.4, 24.0, 74.0}, std::tuple{0.21, 77.0, 1.1, 36.0, 78.0},
                                             std::tuple{0.08, 91.5, 1.25, 30.0, 71.0}, std::tuple{0.3, 60.0, 1.5, 20.0, 80.0}}) {
    IihsRow r = row(d, phi, gamma, 17.9);
    const WallOutcome o = wall_impact(r, reading, kMass, kInertia, e, mu);
    ASSERT_TRUE(o.ok);
    r.dvx = std::abs(o.delta_v_B.x()), r.dvy = std::abs(o.delta_v_B.y()), r.omega_deg_s = std::abs(o.yaw_rate) * kRadToDeg;
    const WallFit f = fit_wall(r, reading, kMass, kInertia);
    EXPECT_NEAR(f.e, e, 0.005) << e << " " << mu;
    EXPECT_NEAR(f.mu_percent, mu, 0.5) << e << " " << mu;
    EXPECT_LT(f.error, 1e-3);
  }
}

TEST(WallImpact, EveryReadingIsDistinctAndNamed) {
  const std::vector<WallReading> all = all_readings();
  EXPECT_EQ(all.size(), 16u);
  for (std::size_t i = 0; i < all.size(); ++i)
    for (std::size_t k = i + 1; k < all.size(); ++k) EXPECT_NE(all[i].name(), all[k].name());
}

}  // namespace
}  // namespace crashbench
