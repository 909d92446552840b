// Brach's planar model against hand calculations (plain Eigen, written out here) and invariants.
#include "models/response/brach_planar.hpp"

#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <cmath>
#include <limits>

#include "core/error.hpp"
#include "tests/models/response/response_fixtures.hpp"
#include "testkit/counting_allocator.hpp"
#include "tests/support/tolerance.hpp"

namespace crashbench {
namespace {

using testing::make_body;
using testing::near_relative;

// A general oblique impact: a (1520 kg) is hit on its left rear quarter by b (1890 kg).
struct GeneralPlanarImpact {
  Body a = make_body(1520, 2310, {3.2, -1.4}, 0.31, {11.5, 2.7}, 0.42);
  Body b = make_body(1890, 3450, {0.4, -3.9}, 0.95, {16.2, 9.1}, -0.27);
  Contact c{.vehicle = 0, .other = 1, .point_W = {1.9, -2.3}, .normal_W = Vec2(0.95, 0.31).normalized(), .depth = 0.05};
};

// K J = change of the relative contact-point velocity, written out from rho x J / Izz.
Mat2 hand_K(const Body& a, const Body& b, const Vec2& p) {
  auto one = [&](const Body& body) {
    const Vec2 rho = p - body.state.position_W;
    Mat2 k;
    k << 1 / body.mass + rho.y() * rho.y() / body.yaw_inertia, -rho.x() * rho.y() / body.yaw_inertia,
        -rho.x() * rho.y() / body.yaw_inertia, 1 / body.mass + rho.x() * rho.x() / body.yaw_inertia;
    return k;
  };
  return one(a) + one(b);
}

Vec2 hand_relative_velocity(const Body& a, const Body& b, const Vec2& p) {
  auto vel = [&](const Body& body) {
    const Vec2 rho = p - body.state.position_W;
    return Vec2(body.state.velocity_W.x() - body.state.yaw_rate * rho.y(),
                body.state.velocity_W.y() + body.state.yaw_rate * rho.x());
  };
  return vel(a) - vel(b);
}

// Post-impact states from impulse J on a, -J on b: V += J/m, r += rho x J / Izz.
BodyPairStates hand_apply(const Body& a, const Body& b, const Vec2& p, const Vec2& J) {
  BodyPairStates s{a.state, b.state};
  s.a.velocity_W += J / a.mass;
  s.b.velocity_W -= J / b.mass;
  const Vec2 ra = p - a.state.position_W, rb = p - b.state.position_W;
  s.a.yaw_rate += (ra.x() * J.y() - ra.y() * J.x()) / a.yaw_inertia;
  s.b.yaw_rate -= (rb.x() * J.y() - rb.y() * J.x()) / b.yaw_inertia;
  return s;
}

void expect_states_near(const BodyPairStates& got, const BodyPairStates& want, double rel) {
  EXPECT_TRUE(near_relative(got.a.velocity_W, want.a.velocity_W, rel));
  EXPECT_TRUE(near_relative(got.b.velocity_W, want.b.velocity_W, rel));
  EXPECT_TRUE(near_relative(got.a.yaw_rate, want.a.yaw_rate, rel));
  EXPECT_TRUE(near_relative(got.b.yaw_rate, want.b.yaw_rate, rel));
}

TEST(BrachPlanar, FrictionlessMatchesHandCalculation) {
  const GeneralPlanarImpact g;
  const double e = 0.35;
  const Vec2 n = g.c.normal_W;
  const Vec2 v = hand_relative_velocity(g.a, g.b, g.c.point_W);
  ASSERT_LT(n.dot(v), -1.0);  // approaching, not trivially
  const double pn = -(1 + e) * n.dot(v) / (n.dot(hand_K(g.a, g.b, g.c.point_W) * n));
  const BodyPairStates want = hand_apply(g.a, g.b, g.c.point_W, pn * n);
  expect_states_near(brach_forward(g.a, g.b, g.c, e, 0.0), want, 1e-12);
  EXPECT_TRUE(near_relative(brach_impulse(g.a, &g.b, g.c, e, 0.0).normal, pn, 1e-12));
}

TEST(BrachPlanar, SlidingFrictionMatchesHandCalculation) {
  const GeneralPlanarImpact g;
  const double e = 0.35, mu = 0.05;
  const Vec2 n = g.c.normal_W, t(-n.y(), n.x());
  const Mat2 K = hand_K(g.a, g.b, g.c.point_W);
  const Vec2 v = hand_relative_velocity(g.a, g.b, g.c.point_W);
  ASSERT_GT(std::abs(t.dot(v)), 1.0);
  // mu opposes the sliding: J = Pn (n + q t), q = -mu sign(vt); Pn from the restitution condition.
  const Vec2 dir = n - mu * (t.dot(v) > 0 ? 1 : -1) * t;
  const double pn = -(1 + e) * n.dot(v) / n.dot(K * dir);
  const Vec2 v_post = v + K * (pn * dir);
  ASSERT_GT(t.dot(v_post) * t.dot(v), 0.0);  // still sliding the same way: mu is below the cap
  expect_states_near(brach_forward(g.a, g.b, g.c, e, mu), hand_apply(g.a, g.b, g.c.point_W, pn * dir), 1e-12);
}

TEST(BrachPlanar, LargeMuSticks) {
  const GeneralPlanarImpact g;
  const double e = 0.35;
  const Vec2 n = g.c.normal_W, t(-n.y(), n.x());
  const Mat2 K = hand_K(g.a, g.b, g.c.point_W);
  const Vec2 v = hand_relative_velocity(g.a, g.b, g.c.point_W);
  // Sticking: the relative contact velocity after is -e vn along n and nothing along t.
  const Vec2 J = K.inverse() * (-(1 + e) * n.dot(v) * n - t.dot(v) * t);
  ASSERT_LT(std::abs(t.dot(J)) / n.dot(J), 5.0);
  expect_states_near(brach_forward(g.a, g.b, g.c, e, 5.0), hand_apply(g.a, g.b, g.c.point_W, J), 1e-11);
  EXPECT_TRUE(near_relative(std::abs(brach_impulse(g.a, &g.b, g.c, e, 5.0).tangential_ratio),
                            std::abs(t.dot(J)) / n.dot(J), 1e-12));
}

TEST(BrachPlanar, BackwardRecoversForward) {
  const GeneralPlanarImpact g;
  for (double e : {0.05, 0.35, 1.0}) {
    for (double mu : {0.0, 0.05, 5.0}) {
      const BrachImpulse j = brach_impulse(g.a, &g.b, g.c, e, mu);
      const BodyPairStates post = brach_forward(g.a, g.b, g.c, e, mu);
      Body a_post = g.a, b_post = g.b;
      a_post.state = post.a;
      b_post.state = post.b;
      expect_states_near(brach_backward(a_post, b_post, g.c, e, j.tangential_ratio), {g.a.state, g.b.state}, 1e-10);
    }
  }
}

TEST(BrachPlanar, BackwardRefusesZeroRestitution) {
  const GeneralPlanarImpact g;
  EXPECT_THROW(brach_backward(g.a, g.b, g.c, 0.0, 0.0), Error);
}

TEST(BrachPlanar, DegenerateInputGivesNoImpulseAndNoNaN) {
  const GeneralPlanarImpact g;
  const double nan = std::numeric_limits<double>::quiet_NaN();
  Contact zero_normal = g.c;
  zero_normal.normal_W = Vec2::Zero();
  Body massless = g.a;
  massless.mass = 0;
  Body nan_speed = g.a;
  nan_speed.state.velocity_W.x() = nan;
  Contact flipped = g.c;  // the same bodies seen separating
  flipped.normal_W = -g.c.normal_W;
  const BrachPlanarModel model(0.4, 0.3);
  for (const auto& [a, c] : {std::pair{g.a, zero_normal}, std::pair{massless, g.c}, std::pair{nan_speed, g.c},
                             std::pair{g.a, flipped}}) {
    const Resolution r = model.resolve(a, &g.b, c);
    EXPECT_NE(r.status, ResolutionStatus::kOk);
    EXPECT_TRUE(r.impulse.linear_W.allFinite());
    EXPECT_EQ(r.impulse.linear_W, Vec2::Zero());
  }
}

TEST(BrachPlanar, StaticSceneIsInfiniteMass) {
  const GeneralPlanarImpact g;
  const double e = 0.5;
  const Vec2 n = g.c.normal_W;
  const Vec2 rho = g.c.point_W - g.a.state.position_W;
  const Vec2 v = g.a.state.velocity_W + g.a.state.yaw_rate * Vec2(-rho.y(), rho.x());
  const Contact wall{.vehicle = 0, .other = kStaticScene, .point_W = g.c.point_W, .normal_W = -n};  // a moving into a wall whose normal is -n
  ASSERT_GT(n.dot(v), 0);
  const Resolution r = BrachPlanarModel(e, 0.0).resolve(g.a, nullptr, wall);
  const double kn = 1 / g.a.mass + std::pow(n.x() * rho.y() - n.y() * rho.x(), 2) / g.a.yaw_inertia;
  EXPECT_TRUE(near_relative(r.impulse.linear_W, -(1 + e) * n.dot(v) / kn * n, 1e-12));
}

TEST(BrachPlanar, ResolveAllocatesNothing) {
  const GeneralPlanarImpact g;
  const BrachPlanarModel model(0.4, 0.3);
  testing::AllocationScope scope;
  const Resolution r = model.resolve(g.a, &g.b, g.c);
  EXPECT_EQ(scope.allocations(), 0);
  EXPECT_EQ(r.status, ResolutionStatus::kOk);
}

TEST(BrachPlanar, RejectsBadCoefficients) {
  EXPECT_THROW(BrachPlanarModel(1.2, 0.1), Error);
  EXPECT_THROW(BrachPlanarModel(0.3, -0.1), Error);
  EXPECT_THROW(BrachPlanarModel(AngleLaw{0.1, 0.95}, AngleLaw::fixed(0.1)), Error);  // e reaches 1.05
  EXPECT_THROW(BrachPlanarModel(AngleLaw::fixed(0.3), AngleLaw{0.2, 0.1}), Error);   // mu reaches -0.1
}

TEST(BrachPlanar, CoefficientLawsAreTakenAtTheAngleOfAttack) {
  const GeneralPlanarImpact g;
  const AngleLaw e_law{0.12, 0.4}, mu_law{0.1, 0.15};
  const Resolution r = BrachPlanarModel(e_law, mu_law).resolve(g.a, &g.b, g.c);
  // alpha between a's heading and the crush plane: asin |x . n|.
  const double alpha = std::asin(std::abs(unit_at(g.a.state.heading).dot(g.c.normal_W)));
  EXPECT_TRUE(near_relative(r.angle_of_attack, alpha, 1e-12));
  EXPECT_TRUE(near_relative(r.restitution, 0.12 * std::cos(2 * alpha) + 0.4, 1e-12));
  const Resolution fixed = BrachPlanarModel(r.restitution, 0.1 * std::cos(2 * alpha) + 0.15).resolve(g.a, &g.b, g.c);
  EXPECT_TRUE(near_relative(r.impulse.linear_W, fixed.impulse.linear_W, 1e-12));
}

}  // namespace
}  // namespace crashbench
