// The 4-DOF impact model: limits it must share with Brach's planar model, hand calculations,
// the restitution invariant, convergence reporting and degenerate input.
#include "models/response/four_dof_impact.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>

#include "models/dynamics/four_dof_tyres.hpp"
#include "tests/models/dynamics/test_vehicle.hpp"
#include "models/response/brach_planar.hpp"
#include "testkit/zhou_2008_case.hpp"
#include "testkit/counting_allocator.hpp"
#include "tests/support/tolerance.hpp"

namespace crashbench {
namespace {

using testing::near_relative;

// Two different cars in a general oblique impact, both yawing, a rolling.
struct GeneralFourDofImpact {
  VehicleParams pa = zhou_2008_suv(), pb = zhou_2008_suv();
  FourDofBody a, b;
  Contact c{.vehicle = 0, .other = 1, .point_W = {1.9, -2.3}, .normal_W = Vec2(0.95, 0.31).normalized(), .depth = 0.05};
  GeneralFourDofImpact() {
    pb.mass = 1650, pb.yaw_inertia = 2600;
    pb = testing::edited<FourDofParameters>(pb, [](FourDofParameters& q) { q.roll.sprung_mass = 1450, q.roll.roll_inertia = 700; });
    a = {&pa, {{3.2, -1.4}, {11.5, 2.7}, 0.31, 0.42}, {0.01, 0.05}, 0.02};
    b = {&pb, {{0.4, -3.9}, {16.2, 9.1}, 0.95, -0.27}, {}, 0.0};
  }
};

void no_roll(VehicleParams& p) { p = testing::edited<FourDofParameters>(p, [](FourDofParameters& q) { q.roll = {}; }); }

Vec2 contact_velocity(const PlanarState& s, const Vec2& p) { return s.point_velocity_W(p - s.position_W); }

TEST(FourDofImpact, ZeroDurationWithoutRollIsBrach) {
  GeneralFourDofImpact g;
  no_roll(g.pa), no_roll(g.pb);
  for (double mu : {0.0, 0.2}) {
    const FourDofImpactResult r = four_dof_impact(g.a, &g.b, g.c, {0.35, mu, 0.0, 1e-12, 50});
    ASSERT_EQ(r.status, ResolutionStatus::kOk);
    const Body ba{g.pa.mass, g.pa.yaw_inertia, g.a.state}, bb{g.pb.mass, g.pb.yaw_inertia, g.b.state};
    const BodyPairStates planar = brach_forward(ba, bb, g.c, 0.35, mu);
    EXPECT_TRUE(near_relative(to_planar(g.a.state, r.a).velocity_W, planar.a.velocity_W, 1e-12));
    EXPECT_TRUE(near_relative(to_planar(g.b.state, r.b).velocity_W, planar.b.velocity_W, 1e-12));
    EXPECT_TRUE(near_relative(r.a.yaw_rate, planar.a.yaw_rate, 1e-12));
    EXPECT_TRUE(near_relative(r.b.yaw_rate, planar.b.yaw_rate, 1e-12));
  }
}

TEST(FourDofImpact, RestitutionHoldsAtTheContactPoint) {
  const GeneralFourDofImpact g;
  const double e = 0.35;
  const FourDofImpactResult r = four_dof_impact(g.a, &g.b, g.c, {e, 0.2, 0.15, 1e-12, 50});
  ASSERT_EQ(r.status, ResolutionStatus::kOk);
  const Vec2 n = g.c.normal_W;
  const double before = n.dot(contact_velocity(g.a.state, g.c.point_W) - contact_velocity(g.b.state, g.c.point_W));
  const double after = n.dot(contact_velocity(to_planar(g.a.state, r.a), g.c.point_W) -
                             contact_velocity(to_planar(g.b.state, r.b), g.c.point_W));
  ASSERT_LT(before, -1.0);
  EXPECT_TRUE(near_relative(after, -e * before, 1e-9));
  EXPECT_GT(n.dot(r.impulse.linear_W), 0.0);
  EXPECT_LE(std::abs(perp(n).dot(r.impulse.linear_W)), 0.2 * n.dot(r.impulse.linear_W) * (1 + 1e-12));
}

TEST(FourDofImpact, CollinearRearEndMatchesOneDimensionalHandCalculation) {
  // Straight rear-end on the centreline: no slip, no yaw, no roll; 1D restitution of two masses.
  const auto z = testing::zhou_2008_case(0.0, 0.0);
  const FourDofBody t{&z.suv, z.target.state, {}, 0.0}, b{&z.suv, z.bullet.state, {}, 0.0};
  const FourDofImpactResult r = four_dof_impact(t, &b, z.contact, {0.2, 0.0, 0.15, 1e-12, 50});
  const double m = z.suv.mass, p = (1 + 0.2) * (33.5 - 29.0) / (2 / m);
  EXPECT_TRUE(near_relative(r.a.velocity_B.x(), 29.0 + p / m, 1e-12));
  EXPECT_TRUE(near_relative(r.b.velocity_B.x(), 33.5 - p / m, 1e-12));
  EXPECT_NEAR(r.a.yaw_rate, 0.0, 1e-12);
  EXPECT_NEAR(r.a.roll.roll_rate, 0.0, 1e-12);
}

TEST(FourDofImpact, ZhouCaseSaturatesTheTargetTyres) {
  const auto z = testing::zhou_2008_case();
  const FourDofBody t{&z.suv, z.target.state, {}, 0.0}, b{&z.suv, z.bullet.state, {}, 0.0};
  const FourDofImpactResult r = four_dof_impact(t, &b, z.contact, {});
  const LinearAxleForces f = linear_axle_forces(z.suv.mass, z.suv.model.get<FourDofParameters>().tyres, r.a.velocity_B.x(), r.a.velocity_B.y(), r.a.yaw_rate, 0.0);
  EXPECT_TRUE(f.front.saturated && f.rear.saturated);
  // Static axle loads times road mu: M g mu b / L and M g mu a / L.
  const double wg = z.suv.mass * 9.80665 * 0.70, wheelbase = 1.105 + 1.745;
  EXPECT_TRUE(near_relative(std::abs(f.front.force), wg * 1.745 / wheelbase, 1e-12));
  EXPECT_TRUE(near_relative(std::abs(f.rear.force), wg * 1.105 / wheelbase, 1e-12));
}

TEST(FourDofImpact, IterationCapIsReported) {
  const GeneralFourDofImpact g;
  const FourDofImpactResult r = four_dof_impact(g.a, &g.b, g.c, {0.35, 0.2, 0.15, 1e-12, 1});
  EXPECT_EQ(r.status, ResolutionStatus::kNotConverged);
  EXPECT_EQ(r.iterations, 1);
  EXPECT_TRUE(r.impulse.linear_W.allFinite());
}

TEST(FourDofImpact, DegenerateInputGivesNoImpulseAndNoNaN) {
  const GeneralFourDofImpact g;
  FourDofBody nan_body = g.a;
  nan_body.state.yaw_rate = std::numeric_limits<double>::quiet_NaN();
  Contact zero_normal = g.c, flipped = g.c;
  zero_normal.normal_W = Vec2::Zero();
  flipped.normal_W = -g.c.normal_W;
  for (const auto& [a, c] : {std::pair{nan_body, g.c}, std::pair{g.a, zero_normal}, std::pair{g.a, flipped}}) {
    const FourDofImpactResult r = four_dof_impact(a, &g.b, c, {});
    EXPECT_NE(r.status, ResolutionStatus::kOk);
    EXPECT_EQ(r.impulse.linear_W, Vec2::Zero());
    EXPECT_TRUE(std::isfinite(r.a.velocity_B.x()) || !a.state.velocity_W.allFinite());
  }
}

TEST(FourDofImpact, StaticSceneWithoutRollIsBrachAgainstAWall) {
  GeneralFourDofImpact g;
  no_roll(g.pa);
  Contact wall = g.c;
  wall.other = kStaticScene;
  wall.normal_W = -g.c.normal_W;  // a drives into a wall
  const FourDofImpactResult r = four_dof_impact(g.a, nullptr, wall, {0.5, 0.0, 0.0, 1e-12, 50});
  const Body ba{g.pa.mass, g.pa.yaw_inertia, g.a.state};
  const BrachImpulse j = brach_impulse(ba, nullptr, wall, 0.5, 0.0);
  ASSERT_EQ(j.status, ResolutionStatus::kOk);
  EXPECT_TRUE(near_relative(r.impulse.linear_W, j.normal * wall.normal_W, 1e-12));
}

TEST(FourDofImpact, ResolveAllocatesNothingAndReturnsTheCollisionImpulse) {
  const auto z = testing::zhou_2008_case();
  const FourDofImpactModel model({});
  testing::AllocationScope scope;
  const Resolution r = model.resolve(z.target, &z.bullet, z.contact);
  EXPECT_EQ(scope.allocations(), 0);
  EXPECT_EQ(r.status, ResolutionStatus::kOk);
  const FourDofBody t{&z.suv, z.target.state, {}, 0.0}, b{&z.suv, z.bullet.state, {}, 0.0};
  EXPECT_TRUE(near_relative(r.impulse.linear_W, four_dof_impact(t, &b, z.contact, {}).impulse.linear_W, 1e-14));
}

TEST(FourDofImpact, ResolveTakesInertiaFromTheBodies) {
  // Light cars with no parameter table: the SUV's tyres, the bodies' mass and inertia, and no roll
  // (the SUV's 2210 kg sprung mass exceeds 1200 kg).
  auto z = testing::zhou_2008_case();
  z.target.mass = 1200, z.target.yaw_inertia = 1750, z.bullet.mass = 1350, z.bullet.yaw_inertia = 2100;
  const Resolution r = FourDofImpactModel({}).resolve(z.target, &z.bullet, z.contact);
  VehicleParams pt = z.suv, pb = z.suv;
  pt.mass = 1200, pt.yaw_inertia = 1750, pb.mass = 1350, pb.yaw_inertia = 2100;
  no_roll(pt), no_roll(pb);
  const FourDofBody t{&pt, z.target.state, {}, 0.0}, b{&pb, z.bullet.state, {}, 0.0};
  EXPECT_TRUE(near_relative(r.impulse.linear_W, four_dof_impact(t, &b, z.contact, {}).impulse.linear_W, 1e-14));
}

TEST(FourDofImpact, RandomImpactsNeverPullAndKeepRestitution) {
  // Wide random impacts (speeds to 35 m/s each way, yaw rates to 1.5 rad/s, impacts up to 0.2 s).
  std::mt19937_64 rng(2008);
  std::uniform_real_distribution<double> u(-1.0, 1.0), unit(0.0, 1.0);
  const VehicleParams p = zhou_2008_suv();
  int ok = 0, tyres_separate = 0, capped = 0;
  for (int k = 0; k < 3000; ++k) {
    FourDofBody a{&p, {{0, 0}, {35 * u(rng), 35 * u(rng)}, 3.2 * u(rng), 1.5 * u(rng)}, {0.05 * u(rng), 0.3 * u(rng)}, 0.05 * u(rng)};
    FourDofBody b{&p, {{4 * u(rng), 4 * u(rng)}, {35 * u(rng), 35 * u(rng)}, 3.2 * u(rng), 1.5 * u(rng)}, {}, 0.0};
    const Contact c{.vehicle = 0, .other = 1, .point_W = 0.5 * b.state.position_W + Vec2{u(rng), u(rng)}, .normal_W = unit_at(3.2 * u(rng))};
    const FourDofImpactSettings s{unit(rng), unit(rng), 0.2 * unit(rng), 1e-10, 50};
    const FourDofImpactResult r = four_dof_impact(a, &b, c, s);
    ASSERT_TRUE(r.impulse.linear_W.allFinite() && r.a.velocity_B.allFinite() && r.b.velocity_B.allFinite()) << k;
    const Vec2 n = c.normal_W;
    ASSERT_GE(n.dot(r.impulse.linear_W), 0.0) << k;
    EXPECT_LE(std::abs(perp(n).dot(r.impulse.linear_W)), s.friction * n.dot(r.impulse.linear_W) * (1 + 1e-9) + 1e-9);
    const double before = n.dot(contact_velocity(a.state, c.point_W) - contact_velocity(b.state, c.point_W));
    const double after = n.dot(contact_velocity(to_planar(a.state, r.a), c.point_W) -
                               contact_velocity(to_planar(b.state, r.b), c.point_W));
    if (r.status == ResolutionStatus::kOk) {
      ++ok;
      EXPECT_NEAR(after, -s.restitution * before, 1e-8 * std::abs(before)) << k;
    } else if (r.status == ResolutionStatus::kSeparating && before < 0) {
      ++tyres_separate;
      EXPECT_EQ(r.impulse.linear_W, Vec2::Zero()) << k;
      EXPECT_GE(after, -s.restitution * before * (1 + 1e-9)) << k;  // separating at least as fast
    } else if (r.status == ResolutionStatus::kNotConverged) {
      ++capped;
    }
  }
  EXPECT_GT(ok, 1000);
  EXPECT_GT(tyres_separate, 5);
  EXPECT_LT(capped, 30);  // reported, and rare even for these wide impacts
}

}  // namespace
}  // namespace crashbench
