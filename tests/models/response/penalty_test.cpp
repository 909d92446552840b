// The penalty model: its damping-restitution relation against an independent integration of the
// no-pull oscillator (penalty_oscillator.hpp), and its force answer against a hand calculation.
#include "models/response/penalty.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "tests/models/response/penalty_oscillator.hpp"
#include "tests/models/response/response_fixtures.hpp"

namespace crashbench {
namespace {

using namespace crashbench::testing;

TEST(Penalty, ClampedOscillatorFormulaMatchesAnIndependentIntegration) {
  const double k = 1.0e6, m = 1500.0, omega = std::sqrt(k / m);
  for (const double zeta : {0.05, 0.3, 0.497, 0.8}) {
    const Bounce b = bounce(k, 2 * zeta * std::sqrt(k * m), m, 13.4);
    EXPECT_NEAR(penalty_restitution(zeta), b.restitution, 1e-4) << zeta;
    EXPECT_NEAR(penalty_contact_duration(zeta, omega), b.duration, 1e-5) << zeta;
  }
  // The textbook relation for a spring that may pull is not what the clamped force gives.
  const double zeta = 0.3;
  EXPECT_GT(penalty_restitution(zeta) - std::exp(-zeta * std::numbers::pi / std::sqrt(1 - zeta * zeta)), 0.05);
}

TEST(Penalty, DampingRatioInvertsTheRestitution) {
  for (const double e : {0.14, 0.2, 0.3, 0.6, 0.95, 1.0})
    EXPECT_NEAR(penalty_restitution(penalty_damping_ratio(e)), e, 1e-12) << e;
  EXPECT_NEAR(penalty_restitution(1.0 - 1e-12), kPenaltyMinRestitution, 1e-4);
}

TEST(Penalty, RefusesARestitutionNoNoPullSpringCanGive) {
  EXPECT_THROW(make_model("penalty", {{"restitution", 0.1}}), Error);
  EXPECT_THROW(make_model("penalty", {{"stiffness", 0.0}}), Error);
}

// A car sliding into a wall at an angle: the normal force by hand, friction capped by mu and opposing
// the sliding, answered as a force.
TEST(Penalty, WallForceByHand) {
  const double k = 8.0e5, e = 0.4, mu = 0.3, dt = 0.005;
  auto model = make_model("penalty", {{"stiffness", k}, {"restitution", e}, {"friction", mu}});
  model->prepare({}, dt);
  const Body car = make_body(kMass, kYawInertia, {0.0, 2.3}, -1.2, {4.0, -12.0}, 0.0);
  Contact c = make_contact({0.0, 0.0}, {0.0, 1.0});  // arm along the normal: no moment arm
  c.depth = 0.04;
  const Resolution r = model->resolve(car, nullptr, c);
  ASSERT_EQ(r.answer, Answer::kForce);
  ASSERT_EQ(r.status, ResolutionStatus::kOk);
  // Effective mass along n is m (the arm is parallel to n); the depth grows at 12 m/s.
  const double zeta = penalty_damping_ratio(e), damping = 2 * zeta * std::sqrt(k * kMass);
  const double fn = k * 0.04 + damping * 12.0;
  EXPECT_NEAR(r.force.force_W.y(), fn, 1e-9 * fn);
  EXPECT_NEAR(r.force.damping, damping, 1e-9 * damping);
  // Sliding +X at 4 m/s; stopping it takes m_t 4 / (fn dt) with m_t = 1/(1/m + arm^2/Izz), arm 2.3 m.
  const double m_t = 1.0 / (1.0 / kMass + 2.3 * 2.3 / kYawInertia);
  const double ratio = std::min(mu, m_t * 4.0 / (fn * dt));
  EXPECT_NEAR(r.force.force_W.x(), -ratio * fn, 1e-9 * fn);
  EXPECT_LE(r.mu_used, r.mu_limit);
}

TEST(Penalty, SeparatesInsteadOfPulling) {
  auto model = make_model("penalty", {{"restitution", 0.3}});
  model->prepare({}, 0.005);
  const Body leaving = make_body(kMass, kYawInertia, {0.0, 2.3}, 1.57, {0.0, 25.0}, 0.0);
  Contact c = make_contact({0.0, 0.0}, {0.0, 1.0});
  c.depth = 0.001;
  EXPECT_EQ(model->resolve(leaving, nullptr, c).status, ResolutionStatus::kSeparating);
}

}  // namespace
}  // namespace crashbench
