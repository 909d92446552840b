#include "models/response/contact_mechanics.hpp"

#include <gtest/gtest.h>

#include <numbers>

#include "tests/models/response/response_fixtures.hpp"
#include "tests/support/tolerance.hpp"

namespace crashbench {
namespace {

using testing::make_body;
using testing::near_relative;

TEST(InverseEffectiveMass, MatchesHandAlgebraAndPredictsPointVelocityChange) {
  const Body body = make_body(1430.0, 2170.0, {3.1, -2.4}, 0.7, {12.0, -3.5}, 0.45);
  const Vec2 point{4.9, -3.05};
  const double rx = point.x() - 3.1, ry = point.y() + 2.4, m = 1430.0, I = 2170.0;
  // perp(rho) = (-ry, rx): K = I/m + [[ry^2, -rx ry], [-rx ry, rx^2]] / Izz.
  Mat2 expected;
  expected << 1 / m + ry * ry / I, -rx * ry / I, -rx * ry / I, 1 / m + rx * rx / I;
  const Mat2 K = inverse_effective_mass(body, point - body.state.position_W);
  EXPECT_LT((K - expected).norm(), 1e-15);

  // An impulse changes the point's velocity by K J (impulse-momentum by hand).
  const Vec2 J{-2300.0, 5100.0};
  const auto post = testing::after(body, J, point);
  const Vec2 dv = testing::point_velocity(body, post.v, post.r, point) -
                  testing::point_velocity(body, body.state.velocity_W, body.state.yaw_rate, point);
  EXPECT_TRUE(near_relative(K * J, dv, 1e-12));
}

TEST(InverseEffectiveMass, PairSumsBothBodiesAndSceneAddsNothing) {
  const Body a = make_body(1430.0, 2170.0, {3.1, -2.4}, 0.7, {12.0, -3.5}, 0.45);
  const Body b = make_body(1820.0, 3300.0, {7.2, 0.3}, 2.1, {-4.0, 1.5}, -0.2);
  const Vec2 point{5.0, -1.1};
  const Mat2 Ka = inverse_effective_mass(a, point - a.state.position_W);
  const Mat2 Kb = inverse_effective_mass(b, point - b.state.position_W);
  EXPECT_LT((inverse_effective_mass(a, &b, point) - (Ka + Kb)).norm(), 1e-15);
  EXPECT_LT((inverse_effective_mass(a, nullptr, point) - Ka).norm(), 1e-15);
  EXPECT_GT(Kb.norm(), 1e-4);  // b really contributes
}

TEST(RelativePointVelocity, IsPointVelocityOfAMinusB) {
  const Body a = make_body(1430.0, 2170.0, {3.1, -2.4}, 0.7, {12.0, -3.5}, 0.45);
  const Body b = make_body(1820.0, 3300.0, {7.2, 0.3}, 2.1, {-4.0, 1.5}, -0.2);
  const Vec2 point{5.0, -1.1};
  // a: rho = (1.9, 1.3): v + r (-1.3, 1.9); b: rho = (-2.2, -1.4): v + r (1.4, -2.2).
  const Vec2 va{12.0 - 0.45 * 1.3, -3.5 + 0.45 * 1.9};
  const Vec2 vb{-4.0 - 0.2 * 1.4, 1.5 + 0.2 * 2.2};
  EXPECT_TRUE(near_relative(relative_point_velocity(a, &b, point), va - vb, 1e-14));
  EXPECT_TRUE(near_relative(relative_point_velocity(a, nullptr, point), va, 1e-14));
}

TEST(TangentOpposingSliding, IsUnitPerpendicularAndAgainstSliding) {
  const Vec2 n = Vec2(0.6, -0.8);
  const Vec2 v{3.0, 7.0};
  const Vec2 t = tangent_opposing_sliding(v, n);
  EXPECT_NEAR(t.norm(), 1.0, 1e-15);
  EXPECT_NEAR(t.dot(n), 0.0, 1e-15);
  // Sliding = v - (v.n) n = (3, 7) - (-3.8)(0.6, -0.8) = (5.28, 3.96): t = -(0.8, 0.6).
  EXPECT_TRUE(near_relative(t, Vec2(-0.8, -0.6), 1e-14));
  EXPECT_TRUE(tangent_opposing_sliding(Vec2(-1.2, 1.6), n).isZero());  // purely normal: no sliding
  EXPECT_TRUE(tangent_opposing_sliding(Vec2::Zero(), n).isZero());
}

TEST(AngleOfAttack, HeadOnIsNinetyParallelIsZeroAndSymmetric) {
  const double pi = std::numbers::pi;
  const Vec2 n = unit_at(1.2);
  EXPECT_NEAR(angle_of_attack(1.2 + pi, n), pi / 2, 1e-12);  // heading into the wall: head-on
  EXPECT_NEAR(angle_of_attack(1.2 + pi / 2, n), 0.0, 1e-12);  // parallel to the wall
  // Heading 25 deg off the wall line, either side and either direction of travel.
  const double a = 25 * kDegToRad;
  for (double heading : {1.2 + pi / 2 + a, 1.2 + pi / 2 - a, 1.2 - pi / 2 + a, 1.2 + 3 * pi / 2 - a})
    EXPECT_NEAR(angle_of_attack(heading, n), a, 1e-12);
}

TEST(Solve2x2, SolvesAndRejectsSingular) {
  Mat2 K;
  K << 3.0, -1.2, -1.2, 2.5;
  Vec2 x;
  ASSERT_TRUE(solve_2x2(K, Vec2(0.7, -1.9), x));
  EXPECT_TRUE(near_relative(K * x, Vec2(0.7, -1.9), 1e-14));
  Mat2 singular;
  singular << 1.0, 2.0, 2.0, 4.0;
  EXPECT_FALSE(solve_2x2(singular, Vec2(1.0, 0.0), x));
}

TEST(BodyApplyImpulse, AppliesLinearAndAngularMomentum) {
  const Body body = make_body(1430.0, 2170.0, {3.1, -2.4}, 0.7, {12.0, -3.5}, 0.45);
  const Vec2 J(-2300.0, 5100.0), point(4.9, -3.05);
  Body after = body;
  after.apply_impulse(J, point);
  const auto expected = testing::after(body, J, point);
  EXPECT_TRUE(near_relative(after.state.velocity_W, expected.v, 1e-14));
  EXPECT_TRUE(near_relative(after.state.yaw_rate, expected.r, 1e-14));
  EXPECT_EQ(after.state.heading, body.state.heading);
  EXPECT_EQ(after.state.position_W, body.state.position_W);
}

}  // namespace
}  // namespace crashbench
