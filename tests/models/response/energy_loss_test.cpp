#include "models/response/energy_loss.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <vector>

#include "tests/models/response/response_fixtures.hpp"
#include "tests/support/tolerance.hpp"

namespace crashbench {
namespace {

using namespace crashbench::testing;
using std::numbers::pi;

// Knight & Bernard (2003) eqs. 19-35 in body axes, with a force F0 held for dt = 5 ms: the
// impulse is F0 dt along (a, b); rho = (c, d); (u1, v1, r1) the body-frame CG velocity, yaw rate.
TEST(EnergyLoss, CornerHitMatchesKnightsQuadraticInBodyAxes) {
  const Vec2 n = unit_at(2.3);
  const double heading = 2.3 + pi - 0.3, alpha = pi / 2 - 0.3;
  const Body car = make_body(kMass, kYawInertia, {-4.0, 6.0}, heading, 22.0 * unit_at(heading + 0.05), -0.25);
  const Vec2 rho_B{kFront, 0.6};
  const Vec2 point = car.state.position_W + rotation(heading) * rho_B;
  const double P = 0.44 * std::cos(2 * alpha) + 0.48, mu = 0.15 * std::cos(2 * alpha) + 0.15;

  // Direction d = unit(n + mu t), t against the contact point's sliding, in body axes.
  const Vec2 vp = point_velocity(car, car.state.velocity_W, car.state.yaw_rate, point);
  const Vec2 slide = vp - vp.dot(n) * n;
  ASSERT_GT(slide.norm(), 1.0);
  const Vec2 d_W = (n - mu * slide / slide.norm()).normalized();
  const Vec2 d_B = rotation(-heading) * d_W, v_B = rotation(-heading) * car.state.velocity_W;
  const double a = d_B.x(), b = d_B.y(), c = rho_B.x(), dd = rho_B.y(), u1 = v_B.x(), v1 = v_B.y();
  const double r1 = car.state.yaw_rate, m = kMass, I = kYawInertia, dt = 0.005;
  const double E1 = 0.5 * m * (u1 * u1 + v1 * v1) + 0.5 * I * r1 * r1;  // eq. 25
  const double A = dt * dt * (a * a + b * b) / m + dt * dt * (a * a * dd * dd + b * b * c * c - 2 * a * dd * b * c) / I;
  const double B = 2 * dt * (a * u1 + b * v1) + 2 * dt * r1 * (b * c - a * dd);
  const double C = m * (u1 * u1 + v1 * v1) + I * r1 * r1 - P * E1 / 0.5;  // eqs. 33-35
  ASSERT_GT(B * B - 4 * A * C, 0.0);
  const double F_low = (-B - std::sqrt(B * B - 4 * A * C)) / (2 * A);
  const double F_high = (-B + std::sqrt(B * B - 4 * A * C)) / (2 * A);
  // Normal velocity of the contact point after F0 dt (eqs. 27-29), to check which root penetrates.
  const auto normal_after = [&](double F0) {
    const Vec2 v2_B{u1 + F0 * a * dt / m, v1 + F0 * b * dt / m};
    const double r2 = r1 + F0 * dt * (b * c - a * dd) / I;
    return n.dot(rotation(heading) * (v2_B + r2 * perp(rho_B)));
  };
  ASSERT_LT(normal_after(F_low), 0.0);  // Knight: the smaller force lets the car through
  ASSERT_GE(normal_after(F_high), 0.0);

  const Resolution res = EnergyLossModel(KnightLaws{}).resolve(car, nullptr, make_contact(point, n));
  EXPECT_EQ(res.status, ResolutionStatus::kOk);
  EXPECT_TRUE(near_relative(res.energy_kept_target, P, 1e-12));
  EXPECT_TRUE(near_relative(res.mu_used, mu, 1e-12));
  EXPECT_TRUE(near_relative(res.impulse.linear_W, F_high * dt * d_W, 1e-9));
}

TEST(EnergyLoss, HeadOnCentredHitKeepsFourPercent) {
  const Vec2 n = unit_at(0.8);
  const double heading = 0.8 + pi;
  const Body car = make_body(kMass, kYawInertia, {2.0, -1.0}, heading, 13.4 * unit_at(heading), 0.0);
  const Vec2 point = car.state.position_W + kFront * unit_at(heading);
  const Resolution res = EnergyLossModel(KnightLaws{}).resolve(car, nullptr, make_contact(point, n));
  ASSERT_EQ(res.status, ResolutionStatus::kOk);
  const double P90 = 0.44 * std::cos(pi) + 0.48;  // 0.04
  const auto post = after(car, res.impulse.linear_W, point);
  const double E1 = energy(car, car.state.velocity_W, 0.0);
  EXPECT_TRUE(near_relative(energy(car, post.v, post.r) / E1, P90, 1e-9));
  // The non-penetrating root: the car comes back at sqrt(P) of its speed.
  EXPECT_TRUE(near_relative(n.dot(post.v), std::sqrt(P90) * 13.4, 1e-9));
}

TEST(EnergyLoss, TenDegreesSixtyMphTargetUnreachableFallsBackToStoppingTheApproach) {
  const Vec2 n{0.0, 1.0};
  const double heading = -10 * kDegToRad, speed = 60 * kMphToMps;
  const Body car = make_body(kMass, kYawInertia, {0.0, 1.5}, heading, speed * unit_at(heading), 0.0);
  const Vec2 point = car.state.position_W + rotation(heading) * Vec2(kFront, -kHalfWidth);
  const double alpha = 10 * kDegToRad;
  const double P = 0.44 * std::cos(2 * alpha) + 0.48, mu = 0.15 * std::cos(2 * alpha) + 0.15;
  ASSERT_NEAR(P, 0.893, 5e-4);
  // Least energy along d: E1 - (d.v_p)^2 / (2 d^T K d) exceeds P E1 (hand algebra).
  const Vec2 rho = point - car.state.position_W, pr = perp(rho);
  const Vec2 vp = point_velocity(car, car.state.velocity_W, 0.0, point);
  const Vec2 d = (n + mu * Vec2(-1.0, 0.0)).normalized();  // sliding is along +X
  ASSERT_GT(vp.x(), 1.0);
  const double dKd = 1 / kMass + std::pow(pr.dot(d), 2) / kYawInertia, E1 = energy(car, car.state.velocity_W, 0.0);
  ASSERT_GT((E1 - std::pow(d.dot(vp), 2) / (2 * dKd)) / E1, P + 0.02);

  const Resolution res = EnergyLossModel(KnightLaws{}).resolve(car, nullptr, make_contact(point, n));
  EXPECT_EQ(res.status, ResolutionStatus::kNoRealRoot);
  EXPECT_TRUE(std::isfinite(res.impulse.linear_W.x()) && std::isfinite(res.impulse.linear_W.y()));
  EXPECT_GT(res.impulse.linear_W.y(), 100.0);
  EXPECT_TRUE(near_relative(res.energy_kept_target, P, 1e-12));
  EXPECT_EQ(res.restitution, 0.0);
  const auto post = after(car, res.impulse.linear_W, point);
  const double vn2 = n.dot(point_velocity(car, post.v, post.r, point));
  EXPECT_GE(vn2, -1e-12 * speed);
  EXPECT_NEAR(vn2, 0.0, 1e-9 * speed);  // e = 0: the approach is stopped, no bounce
  EXPECT_LE(energy(car, post.v, post.r), E1);
}

TEST(EnergyLoss, BothRootsPenetratingFallsBackToStickingStop) {
  // Contact point at the CG (K = I/m), mu = 0.8, v = (2, -10): along d = unit(-0.8, 1) the energy
  // ratio falls to 0.211 at J = 9.06 m and is 0.346 where the approach stops (J = 12.8 m); for
  // P = 0.28 both roots lie below 12.8 m, so both leave the point approaching.
  const Body car = make_body(kMass, kYawInertia, {0.0, 0.0}, -pi / 2, {2.0, -10.0}, 0.0);
  KnightLaws p;
  p.friction = AngleLaw::fixed(0.8);
  p.energy_kept = AngleLaw::fixed(0.28);
  const Resolution res = EnergyLossModel(p).resolve(car, nullptr, make_contact({0.0, 0.0}, {0.0, 1.0}));
  EXPECT_EQ(res.status, ResolutionStatus::kRootPenetrates);
  // e = 0 with mu = 0.8: full friction would reverse the sliding, so the point sticks: J = -m v.
  EXPECT_TRUE(near_relative(res.impulse.linear_W, Vec2(-2.0 * kMass, 10.0 * kMass), 1e-12));
  EXPECT_TRUE(near_relative(res.mu_used, 0.2, 1e-12));
}

// Head-on, centred, no friction: d = n and K = 1/m, so E2 = P E1 reads 1/2 m (J/m - v0)^2 = P 1/2 m v0^2,
// J = m v0 (1 +- sqrt P); the point leaves at +- sqrt(P) v0 (hand algebra).
TEST(EnergyLoss, EachRootChoiceTakesItsRootOfTheHeadOnQuadratic) {
  const Vec2 n = unit_at(0.4);
  const double v0 = 12.0, P = 0.25;
  const Body car = make_body(kMass, kYawInertia, {1.0, 2.0}, 0.4 + pi, -v0 * n, 0.0);
  const Vec2 point = car.state.position_W - kFront * n;
  const double larger = kMass * v0 * (1 + std::sqrt(P)), smaller = kMass * v0 * (1 - std::sqrt(P));
  const nlohmann::json laws = {{"energy_kept", {{"cos2", 0.0}, {"offset", P}}}, {"friction", {{"cos2", 0.0}, {"offset", 0.0}}}};
  for (const auto& [root, name] : kEnergyRootNames) {
    nlohmann::json request = laws;
    request["root"] = name;
    const auto model = make_model("energy-loss", request);
    EXPECT_EQ(model->parameters().at("root"), name);
    const Resolution res = model->resolve(car, nullptr, make_contact(point, n));
    ASSERT_EQ(res.status, ResolutionStatus::kOk) << name;
    const double J = root == EnergyRoot::kSmaller ? smaller : larger;  // non-penetrating: the larger here
    EXPECT_TRUE(near_relative(res.impulse.linear_W, J * n, 1e-12)) << name;
    const auto post = after(car, res.impulse.linear_W, point);
    EXPECT_TRUE(near_relative(energy(car, post.v, post.r), P * energy(car, car.state.velocity_W, 0.0), 1e-12)) << name;
    EXPECT_NEAR(n.dot(post.v), (root == EnergyRoot::kSmaller ? -1 : 1) * std::sqrt(P) * v0, 1e-12 * v0) << name;
    EXPECT_EQ(res.invariants.has(Invariant::kNoPenetration), root == EnergyRoot::kNonPenetrating) << name;
  }
}

// An oblique corner hit with friction and spin: each choice reaches P along d, and only the
// non-penetrating one promises n . v_rel >= 0 after (checked by plain impulse-momentum).
TEST(EnergyLoss, EveryRootChoiceReachesTheEnergyRatio) {
  const Vec2 n = unit_at(-1.1);
  const double heading = -1.1 + pi + 0.4;
  const Body car = make_body(kMass, kYawInertia, {3.0, -2.0}, heading, 17.0 * unit_at(heading - 0.1), 0.3);
  const Vec2 point = car.state.position_W + rotation(heading) * Vec2(kFront, -kHalfWidth);
  const double E1 = energy(car, car.state.velocity_W, car.state.yaw_rate);
  const double P = 0.7;
  const nlohmann::json laws = {{"energy_kept", {{"cos2", 0.0}, {"offset", P}}}, {"friction", {{"cos2", 0.0}, {"offset", 0.2}}}};
  std::vector<double> magnitudes;
  for (const auto& [root, name] : kEnergyRootNames) {
    nlohmann::json request = laws;
    request["root"] = name;
    const Resolution res = make_model("energy-loss", request)->resolve(car, nullptr, make_contact(point, n));
    ASSERT_EQ(res.status, ResolutionStatus::kOk) << name;
    const auto post = after(car, res.impulse.linear_W, point);
    EXPECT_TRUE(near_relative(energy(car, post.v, post.r), P * E1, 1e-9)) << name;
    if (root == EnergyRoot::kNonPenetrating) {
      EXPECT_GE(n.dot(point_velocity(car, post.v, post.r, point)), -1e-12 * 17.0) << name;
    }
    magnitudes.push_back(res.impulse.linear_W.norm());
  }
  ASSERT_EQ(magnitudes.size(), 3u);
  EXPECT_GT(magnitudes[1], magnitudes[2]);  // larger > smaller
}

TEST(EnergyLoss, UnknownRootNamesTheField) {
  try {
    make_model("energy-loss", {{"root", "middle"}});
    FAIL() << "accepted root 'middle'";
  } catch (const Error& e) {
    EXPECT_EQ(e.pointer(), "/response/root");
    EXPECT_NE(e.problem().find("non-penetrating, larger, smaller"), std::string::npos) << e.what();
  }
}

TEST(EnergyLoss, SeparatingContactGetsNoImpulse) {
  const Body car = make_body(kMass, kYawInertia, {0.0, 0.0}, 1.0, {-3.0, 2.0}, 0.0);
  const Resolution res = EnergyLossModel(KnightLaws{}).resolve(car, nullptr, make_contact({1.0, 1.0}, {0.0, 1.0}));
  EXPECT_EQ(res.status, ResolutionStatus::kSeparating);
  EXPECT_TRUE(res.impulse.linear_W.isZero());
}

}  // namespace
}  // namespace crashbench
