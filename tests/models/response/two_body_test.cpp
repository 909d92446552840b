// The restitution model between two vehicles (Tongue & Moon: e = 0.8, mu = 0) and with friction:
// hand-computed impulse, system momentum, restitution of the relative normal velocity.
#include <gtest/gtest.h>

#include "models/response/restitution.hpp"
#include "tests/models/response/response_fixtures.hpp"
#include "tests/support/tolerance.hpp"

namespace crashbench {
namespace {

using namespace crashbench::testing;

struct Pair {
  Body a = make_body(1430.0, 2170.0, {0.0, 0.0}, 0.15, {14.0, 1.2}, 0.35);
  Body b = make_body(1820.0, 3300.0, {4.4, 1.9}, -0.4, {6.0, -1.0}, -0.15);
  // Rear of b hit by the front of a; normal from b (the obstacle) towards a.
  Contact c = make_contact({2.35, 0.6}, {-0.93, -0.37});
};

double angular_momentum_about(const Body& body, const Vec2& v, double r, const Vec2& origin) {
  const Vec2 arm = body.state.position_W - origin;
  return body.yaw_inertia * r + body.mass * (arm.x() * v.y() - arm.y() * v.x());
}

TEST(TwoBodyRestitution, TongueMoonFrictionlessImpulseMatchesHandFormula) {
  const Pair s;
  KnightLaws p;
  p.restitution = AngleLaw::fixed(0.8);
  p.friction = AngleLaw::fixed(0.0);
  const Resolution res = RestitutionModel(p).resolve(s.a, &s.b, s.c);
  ASSERT_EQ(res.status, ResolutionStatus::kOk);

  const Vec2 n = s.c.normal_W, ra = s.c.point_W - s.a.state.position_W, rb = s.c.point_W - s.b.state.position_W;
  const double ca = ra.x() * n.y() - ra.y() * n.x(), cb = rb.x() * n.y() - rb.y() * n.x();
  const Vec2 vpa = point_velocity(s.a, s.a.state.velocity_W, s.a.state.yaw_rate, s.c.point_W);
  const Vec2 vpb = point_velocity(s.b, s.b.state.velocity_W, s.b.state.yaw_rate, s.c.point_W);
  const double vn = n.dot(vpa - vpb);
  ASSERT_LT(vn, -1.0);
  const double jn = -(1 + 0.8) * vn / (1 / 1430.0 + 1 / 1820.0 + ca * ca / 2170.0 + cb * cb / 3300.0);
  EXPECT_TRUE(near_relative(res.impulse.linear_W, jn * n, 1e-12));
}

class TwoBodyConservation : public ::testing::TestWithParam<double> {};

TEST_P(TwoBodyConservation, MomentumConservedAndRestitutionHolds) {
  const Pair s;
  KnightLaws p;
  p.friction = AngleLaw::fixed(GetParam());  // default e(alpha)
  const Resolution res = RestitutionModel(p).resolve(s.a, &s.b, s.c);
  ASSERT_EQ(res.status, ResolutionStatus::kOk);
  const Vec2 J = res.impulse.linear_W;
  ASSERT_GT(J.norm(), 1000.0);  // something really happened
  const auto a2 = after(s.a, J, s.c.point_W);
  const auto b2 = after(s.b, -J, s.c.point_W);

  const Vec2 p1 = s.a.mass * s.a.state.velocity_W + s.b.mass * s.b.state.velocity_W;
  const Vec2 p2 = s.a.mass * a2.v + s.b.mass * b2.v;
  EXPECT_TRUE(near_relative(p2, p1, 1e-9, p1.norm()));
  const Vec2 origin{-7.3, 11.2};  // any fixed point
  const double l1 = angular_momentum_about(s.a, s.a.state.velocity_W, s.a.state.yaw_rate, origin) +
                    angular_momentum_about(s.b, s.b.state.velocity_W, s.b.state.yaw_rate, origin);
  const double l2 = angular_momentum_about(s.a, a2.v, a2.r, origin) + angular_momentum_about(s.b, b2.v, b2.r, origin);
  EXPECT_TRUE(near_relative(l2, l1, 1e-9, std::abs(l1)));

  const Vec2 n = s.c.normal_W;
  const double vn1 = n.dot(point_velocity(s.a, s.a.state.velocity_W, s.a.state.yaw_rate, s.c.point_W) -
                           point_velocity(s.b, s.b.state.velocity_W, s.b.state.yaw_rate, s.c.point_W));
  const double vn2 = n.dot(point_velocity(s.a, a2.v, a2.r, s.c.point_W) - point_velocity(s.b, b2.v, b2.r, s.c.point_W));
  EXPECT_TRUE(near_relative(vn2, -res.restitution * vn1, 1e-9, std::abs(vn1)));
  const double e1 = energy(s.a, s.a.state.velocity_W, s.a.state.yaw_rate) +
                    energy(s.b, s.b.state.velocity_W, s.b.state.yaw_rate);
  EXPECT_LE(energy(s.a, a2.v, a2.r) + energy(s.b, b2.v, b2.r), e1);
  EXPECT_LE(std::abs(J.dot(perp(n))), res.mu_used * J.dot(n) * (1 + 1e-12) + 1e-9);
}

INSTANTIATE_TEST_SUITE_P(Friction, TwoBodyConservation, ::testing::Values(0.0, 0.2, 0.6));

}  // namespace
}  // namespace crashbench
