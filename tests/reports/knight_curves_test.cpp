#include "reports/knight_curves.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "tests/support/tolerance.hpp"

namespace crashbench {
namespace {

constexpr double kMass = 1430, kInertia = 2310, kFront = 2.05, kSpeed = 17.3, kDt = 0.005;
const AngleLaw kFriction{0.15, 0.15};

/// Energy after force F0 [N] over dt at the front centre, along unit(n + mu t), by hand.
double energy_after(double alpha_deg, double force) {
  const double a = alpha_deg * M_PI / 180;
  const Eigen::Vector2d heading(std::cos(a), -std::sin(a)), n(0, 1);
  const Eigen::Vector2d v = kSpeed * heading, rho = kFront * heading;
  // The contact point slides along +X (the car's X velocity), so friction points along -X.
  const Eigen::Vector2d d = (n + kFriction.at(a) * Eigen::Vector2d(-1, 0)).normalized();
  const Eigen::Vector2d J = force * kDt * d;
  const Eigen::Vector2d v2 = v + J / kMass;
  const double r2 = (rho.x() * J.y() - rho.y() * J.x()) / kInertia;
  return 0.5 * kMass * v2.squaredNorm() + 0.5 * kInertia * r2 * r2;
}

TEST(KnightCurves, BothRootsKeepTheAskedEnergyFraction) {
  const Body body{kMass, kInertia, {}};
  const double e1 = 0.5 * kMass * kSpeed * kSpeed;
  for (double alpha : {30.0, 55.0, 90.0}) {
    const EnergyLossCurve c = energy_loss_curve(body, kFront, kSpeed, alpha, kFriction, kDt, 21);
    int reachable = 0;
    for (std::size_t i = 0; i < c.energy_kept.size(); ++i) {
      if (std::isnan(c.force_larger[i])) continue;
      ++reachable;
      EXPECT_GE(c.force_larger[i], c.force_smaller[i]);
      EXPECT_NEAR(energy_after(alpha, c.force_larger[i]), c.energy_kept[i] * e1, 1e-9 * e1) << alpha << " " << i;
      EXPECT_NEAR(energy_after(alpha, c.force_smaller[i]), c.energy_kept[i] * e1, 1e-9 * e1) << alpha << " " << i;
    }
    EXPECT_GT(reachable, 0) << alpha;
  }
}

TEST(KnightCurves, HeadOnCoversTheWholeRangeAndGlancingDoesNot) {
  const Body body{kMass, kInertia, {}};
  const EnergyLossCurve head_on = energy_loss_curve(body, kFront, kSpeed, 90, kFriction, kDt, 11);
  for (double f : head_on.force_larger) EXPECT_FALSE(std::isnan(f));
  // At P = 1 the roots are no force and the one that reverses the car: J = 2 m v.
  EXPECT_NEAR(head_on.force_smaller.back(), 0.0, 1e-6);
  EXPECT_NEAR(head_on.force_larger.back(), 2 * kMass * kSpeed / kDt, 1e-9 * kMass * kSpeed / kDt);
  // At P = 0 both roots stop the car: J = m v.
  EXPECT_NEAR(head_on.force_larger.front(), kMass * kSpeed / kDt, 1e-6 * kMass * kSpeed / kDt);
  const EnergyLossCurve glancing = energy_loss_curve(body, kFront, kSpeed, 10, kFriction, kDt, 11);
  EXPECT_TRUE(std::isnan(glancing.force_larger.front())) << "losing all energy in a 10 deg hit is impossible";
  EXPECT_FALSE(std::isnan(glancing.force_larger.back()));
}

}  // namespace
}  // namespace crashbench
