#include "models/response/restitution.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "tests/models/response/response_fixtures.hpp"
#include "tests/support/tolerance.hpp"

namespace crashbench {
namespace {

using namespace crashbench::testing;
using std::numbers::pi;

KnightLaws fixed_params(double e, double mu) {
  KnightLaws p;
  p.restitution = AngleLaw::fixed(e);
  p.friction = AngleLaw::fixed(mu);
  return p;
}

// Knight & Bernard (2003) eqs. 8-17 with the corrected sign of eq. 17, in their wall frame:
// x = rho.n, y = rho.t with t = n turned +90 deg; friction mu * Impulse along +t.
struct KnightCase {
  double e_fixed, mu_fixed;  // < 0: use Knight's default laws at the angle of attack
};
class KnightEq17 : public ::testing::TestWithParam<KnightCase> {};

TEST_P(KnightEq17, CornerHitMatchesHandSolution) {
  const Vec2 n = unit_at(1.9), t = perp(n);
  const double heading = 1.9 + pi + 0.5;  // 0.5 rad off head-on, sliding along -t
  const Body car = make_body(kMass, kYawInertia, {3.0, -1.5}, heading, 20.0 * unit_at(heading), 0.3);
  const Vec2 point = car.state.position_W + rotation(heading) * Vec2(kFront, -0.5);
  const double alpha = pi / 2 - 0.5;
  const double e = GetParam().e_fixed >= 0 ? GetParam().e_fixed : 0.125 * std::cos(2 * alpha) + 0.175;
  const double mu = GetParam().mu_fixed >= 0 ? GetParam().mu_fixed : 0.15 * std::cos(2 * alpha) + 0.15;

  const Vec2 rho = point - car.state.position_W;
  const double x = rho.dot(n), y = rho.dot(t), r1 = car.state.yaw_rate;
  const double vn1 = car.state.velocity_W.dot(n), vt1 = car.state.velocity_W.dot(t);
  const double p1 = vn1 - r1 * y;  // eq. 10
  ASSERT_LT(p1, -1.0);
  const double h = 1 / kMass + y * y / kYawInertia, k = x * y / kYawInertia;  // eqs. 15-16
  const double impulse = -(1 + e) / (h - mu * k) * p1;                         // eq. 17 (paper sign)
  // Guard: this is the slipping regime (friction does not reverse the sliding along -t).
  const double r2 = r1 + impulse * (mu * x - y) / kYawInertia;
  ASSERT_LT(vt1 + r1 * x, -1.0);
  ASSERT_LT(vt1 + mu * impulse / kMass + r2 * x, 0.0);

  KnightLaws params = GetParam().e_fixed >= 0 ? fixed_params(e, mu) : KnightLaws{};
  const Resolution res = RestitutionModel(params).resolve(car, nullptr, make_contact(point, n));
  EXPECT_EQ(res.status, ResolutionStatus::kOk);
  EXPECT_TRUE(near_relative(res.angle_of_attack, alpha, 1e-12));
  EXPECT_TRUE(near_relative(res.restitution, e, 1e-12));
  EXPECT_TRUE(near_relative(res.mu_used, mu, 1e-12));
  EXPECT_TRUE(near_relative(res.impulse.linear_W, impulse * (n + mu * t), 1e-10));
  EXPECT_TRUE(near_relative(res.impulse.point_W, point, 1e-15));
}

INSTANTIATE_TEST_SUITE_P(DefaultLawsAndFixed, KnightEq17,
                         ::testing::Values(KnightCase{-1, -1}, KnightCase{0.25, 0.3}, KnightCase{0.6, 0.12}));

TEST(Restitution, HeadOnCentredHitReversesNormalVelocityTimesE) {
  const Vec2 n = unit_at(-0.4);
  const double heading = -0.4 + pi;
  const Body car = make_body(kMass, kYawInertia, {1.0, 2.0}, heading, 13.4 * unit_at(heading), 0.0);
  const Vec2 point = car.state.position_W + kFront * unit_at(heading);
  const Resolution res = RestitutionModel(KnightLaws{}).resolve(car, nullptr, make_contact(point, n));
  const double e90 = 0.125 * std::cos(pi) + 0.175;  // 0.05
  const auto post = after(car, res.impulse.linear_W, point);
  const double before = n.dot(point_velocity(car, car.state.velocity_W, 0.0, point));
  EXPECT_TRUE(near_relative(n.dot(point_velocity(car, post.v, post.r, point)), -e90 * before, 1e-9));
  EXPECT_TRUE(near_relative(res.restitution, e90, 1e-12));
  EXPECT_EQ(res.mu_used, 0.0);
  EXPECT_NEAR(post.r, 0.0, 1e-12);
}

TEST(Restitution, SticksWhenFullFrictionWouldReverseTheSliding) {
  // Steep hit, little sliding, mu = 0.9: the sticking impulse solves K J = -e vn n - v_p.
  const Vec2 n{0.0, 1.0};
  const double heading = -1.2;
  const Body car = make_body(kMass, kYawInertia, {0.0, 2.5}, heading, {1.1, -9.0}, 0.2);
  const Vec2 point = car.state.position_W + rotation(heading) * Vec2(kFront, -0.4);
  const double e = 0.2, rx = point.x(), ry = point.y() - 2.5;
  const Vec2 vp = point_velocity(car, car.state.velocity_W, 0.2, point);
  ASSERT_LT(vp.y(), 0.0);
  // K by hand and its inverse (Cramer).
  const double kxx = 1 / kMass + ry * ry / kYawInertia, kyy = 1 / kMass + rx * rx / kYawInertia;
  const double kxy = -rx * ry / kYawInertia, det = kxx * kyy - kxy * kxy;
  const Vec2 dv{-vp.x(), -e * vp.y() - vp.y()};
  const Vec2 J{(kyy * dv.x() - kxy * dv.y()) / det, (kxx * dv.y() - kxy * dv.x()) / det};
  ASSERT_LT(std::abs(J.x()), 0.9 * J.y());  // inside the friction cone: sticking is admissible

  const Resolution res = RestitutionModel(fixed_params(e, 0.9)).resolve(car, nullptr, make_contact(point, n));
  EXPECT_EQ(res.status, ResolutionStatus::kOk);
  EXPECT_TRUE(near_relative(res.impulse.linear_W, J, 1e-10));
  EXPECT_TRUE(near_relative(res.mu_used, std::abs(J.x()) / J.y(), 1e-9));
  EXPECT_LT(res.mu_used, 0.9);
}

TEST(Restitution, NoFrictionWhenTheNormalImpulseAloneReversesTheSliding) {
  const Vec2 n{0.0, 1.0};
  const double heading = -0.9;
  const Vec2 rho = rotation(heading) * Vec2(kFront, -kHalfWidth);
  // Normal impulse alone (e = 0.3): jn0 = 1.3 |vn| / Knn; it drags the point along x by jn0 Kxn.
  const double e = 0.3, vn = -8.0, kxn = -rho.x() * rho.y() / kYawInertia;
  const double knn = 1 / kMass + rho.x() * rho.x() / kYawInertia;
  const double jn0 = -(1 + e) * vn / knn, induced = jn0 * kxn;
  ASSERT_GT(std::abs(induced), 0.5);
  const double sliding = -0.3 * induced;  // opposite to, and smaller than, what the impulse induces
  // CG velocity so that the point moves (sliding, vn) with yaw rate 0.
  const Body car = make_body(kMass, kYawInertia, {0.0, 2.0}, heading, {sliding, vn}, 0.0);
  const Vec2 point = car.state.position_W + rho;

  const Resolution res = RestitutionModel(fixed_params(e, 0.3)).resolve(car, nullptr, make_contact(point, n));
  EXPECT_EQ(res.mu_used, 0.0);
  EXPECT_TRUE(near_relative(res.impulse.linear_W, Vec2(0.0, jn0), 1e-12));
}

TEST(Restitution, SeparatingContactGetsNoImpulse) {
  const Vec2 n = unit_at(0.3);
  const Body car = make_body(kMass, kYawInertia, {0.0, 0.0}, 0.3, 5.0 * unit_at(0.5), 0.1);
  const Resolution res = RestitutionModel(KnightLaws{}).resolve(car, nullptr, make_contact({-2.0, -0.3}, n));
  EXPECT_EQ(res.status, ResolutionStatus::kSeparating);
  EXPECT_TRUE(res.impulse.linear_W.isZero());
}

TEST(Restitution, BodiesWithoutInertiaAreSingularNotNaN) {
  const Body car = make_body(0.0, kYawInertia, {0.0, 0.0}, 0.0, {-3.0, 0.0}, 0.0);
  const Resolution res = RestitutionModel(KnightLaws{}).resolve(car, nullptr, make_contact({-2.0, 0.0}, {1, 0}));
  EXPECT_EQ(res.status, ResolutionStatus::kSingular);
  EXPECT_TRUE(res.impulse.linear_W.isZero());
}

}  // namespace
}  // namespace crashbench
