#include "cases/checks/invariants.hpp"

#include <gtest/gtest.h>

namespace crashbench {
namespace {

Verdict verdict_of(const InvariantChecks& checks, Invariant which) { return checks[static_cast<std::size_t>(which)].verdict; }

/// A centred hit on a wall along X: the car moves south at 12 m/s with a small sideways drift and yaw;
/// the contact point lies straight ahead along the normal, so the impulse below is computed by hand.
class WallEvent : public ::testing::Test {
 protected:
  void SetUp() override {
    pre.mass = 1400;
    pre.yaw_inertia = 2100;
    pre.state.position_W = {3.0, 2.4};
    pre.state.velocity_W = {0.7, -12.0};
    pre.state.yaw_rate = 0.0;
    e.contact.point_W = {3.0, 0.1};  // rho = (0, -2.3): parallel to the normal, no moment arm
    e.contact.normal_W = {0.0, 1.0};
    e.resolution.restitution = 0.2;
    e.mu_limit = 0.3;
    // Restitution by hand: v_n after = -e v_n before = 2.4 m/s, so J_n = m (2.4 - (-12)).
    set_impulse({0.0, pre.mass * (0.2 * 12.0 + 12.0)});
  }
  void set_impulse(const Vec2& J) {
    e.resolution.impulse.linear_W = J;
    e.pre_a = pre;
    e.post_a = pre;
    e.post_a.apply_impulse(J, e.contact.point_W);
  }
  /// The checks with the invariants an impulse model declares for these fields (impulse_invariants).
  InvariantChecks check() const {
    ImpactEvent declared = e;
    Resolution model;  // what impulse_invariants reads of it, as the event keeps it
    model.status = e.resolution.status;
    model.restitution = e.resolution.restitution;
    model.energy_kept_target = e.resolution.energy_kept_target;
    declared.resolution.invariants = impulse_invariants(model);
    return check_impact(declared, declared.two_body() ? &other : nullptr, Tolerances{}, kDt);
  }
  static constexpr double kDt = 0.005;  // [s]

  Body pre;
  ImpactEvent e;
  OtherBody other;  ///< the other vehicle, for a two-vehicle event
};

TEST_F(WallEvent, ConsistentEventPassesEveryApplicableInvariant) {
  const auto checks = check();
  for (Invariant i : {Invariant::kLinearMomentum, Invariant::kAngularMomentum, Invariant::kRestitution,
                      Invariant::kNoEnergyGain, Invariant::kNoPenetration, Invariant::kFrictionBound})
    EXPECT_EQ(verdict_of(checks, i), Verdict::kPass) << to_string(i);
  EXPECT_EQ(verdict_of(checks, Invariant::kEnergyRatio), Verdict::kNotApplicable);
  EXPECT_EQ(verdict_of(checks, Invariant::kSystemMomentum), Verdict::kNotApplicable);
}

// Only the invariants the resolution declares are checked: a wrong restitution goes unnoticed when the
// model says restitution does not apply.
TEST_F(WallEvent, OnlyTheDeclaredInvariantsAreChecked) {
  e.resolution.restitution = 0.6;
  e.resolution.invariants = InvariantSet{Invariant::kLinearMomentum};
  const auto checks = check_impact(e, nullptr, Tolerances{}, kDt);
  EXPECT_EQ(verdict_of(checks, Invariant::kLinearMomentum), Verdict::kPass);
  for (Invariant i : {Invariant::kRestitution, Invariant::kAngularMomentum, Invariant::kNoEnergyGain})
    EXPECT_EQ(verdict_of(checks, i), Verdict::kNotApplicable) << to_string(i);
  e.resolution.invariants.add(Invariant::kRestitution);
  EXPECT_EQ(verdict_of(check_impact(e, nullptr, Tolerances{}, kDt), Invariant::kRestitution), Verdict::kFail);
}

TEST_F(WallEvent, OffCentreHitWithYawIsCheckedAtTheContactPoint) {
  // rho = (0.8, -2.3) from the CG to the point, yaw rate 0.4 rad/s. By hand, along n = (0, 1):
  // v_n = v_y + r rho_x, and J_n n changes it by J_n (1/m + rho_x^2 / Izz).
  pre.state.yaw_rate = 0.4;
  e.contact.point_W = {3.8, 0.1};
  const double rho_x = 0.8, e_used = 0.2;
  const double vn = -12.0 + 0.4 * rho_x;
  const double jn = -(1 + e_used) * vn / (1 / pre.mass + rho_x * rho_x / pre.yaw_inertia);
  set_impulse({0.0, jn});
  EXPECT_NEAR(e.post_a.state.yaw_rate, 0.4 + rho_x * jn / pre.yaw_inertia, 1e-12);
  const auto checks = check();
  for (Invariant i : {Invariant::kLinearMomentum, Invariant::kAngularMomentum, Invariant::kRestitution,
                      Invariant::kNoEnergyGain, Invariant::kNoPenetration})
    EXPECT_EQ(verdict_of(checks, i), Verdict::kPass) << to_string(i);
  // Knight's thesis slip (rho from the point to the CG) turns the car the wrong way: caught twice.
  e.post_a.state.yaw_rate = 0.4 - rho_x * jn / pre.yaw_inertia;
  const auto slipped = check();
  EXPECT_EQ(verdict_of(slipped, Invariant::kAngularMomentum), Verdict::kFail);
  EXPECT_EQ(verdict_of(slipped, Invariant::kRestitution), Verdict::kFail);
}

TEST_F(WallEvent, WrongLinearVelocityFailsLinearMomentum) {
  e.post_a.state.velocity_W.y() *= 1.01;
  EXPECT_EQ(verdict_of(check(), Invariant::kLinearMomentum), Verdict::kFail);
}

TEST_F(WallEvent, WrongYawRateFailsAngularMomentum) {
  e.post_a.state.yaw_rate += 0.01;
  EXPECT_EQ(verdict_of(check(), Invariant::kAngularMomentum), Verdict::kFail);
}

TEST_F(WallEvent, DifferentRestitutionFailsRestitution) {
  e.resolution.restitution = 0.3;
  EXPECT_EQ(verdict_of(check(), Invariant::kRestitution), Verdict::kFail);
}

TEST_F(WallEvent, EnergyRatioChecksTheTarget) {
  // Kept energy by hand: the normal speed goes 12 -> 2.4, the drift 0.7 stays.
  const double kept = (0.7 * 0.7 + 2.4 * 2.4) / (0.7 * 0.7 + 12.0 * 12.0);
  e.resolution.energy_kept_target = kept;
  EXPECT_EQ(verdict_of(check(), Invariant::kEnergyRatio), Verdict::kPass);
  e.resolution.energy_kept_target = kept + 0.01;
  EXPECT_EQ(verdict_of(check(), Invariant::kEnergyRatio), Verdict::kFail);
}

TEST_F(WallEvent, SuperElasticBounceFailsNoEnergyGain) {
  set_impulse({0.0, pre.mass * (1.2 * 12.0 + 12.0)});
  e.resolution.restitution = 1.0;
  EXPECT_EQ(verdict_of(check(), Invariant::kNoEnergyGain), Verdict::kFail);
}

TEST_F(WallEvent, TooSmallImpulseFailsNoPenetration) {
  set_impulse({0.0, pre.mass * 6.0});
  EXPECT_EQ(verdict_of(check(), Invariant::kNoPenetration), Verdict::kFail);
}

TEST_F(WallEvent, FrictionBeyondMuFailsFrictionBound) {
  const double jn = pre.mass * 14.4;
  set_impulse({-0.35 * jn, jn});
  EXPECT_EQ(verdict_of(check(), Invariant::kFrictionBound), Verdict::kFail);
  set_impulse({-0.25 * jn, jn});
  EXPECT_EQ(verdict_of(check(), Invariant::kFrictionBound), Verdict::kPass);
}

TEST_F(WallEvent, TwoBodiesWithUnequalImpulsesFailSystemMomentum) {
  e.contact.other = 1;
  Body b = pre;
  b.state.position_W = {3.0, -2.2};
  b.state.velocity_W = {0.0, 1.0};
  other.pre = b;
  other.post = b;
  other.post.apply_impulse(-e.resolution.impulse.linear_W, e.contact.point_W);
  EXPECT_EQ(verdict_of(check(), Invariant::kSystemMomentum), Verdict::kPass);
  other.post.state.velocity_W.y() += 0.5;
  EXPECT_EQ(verdict_of(check(), Invariant::kSystemMomentum), Verdict::kFail);
}

// The other vehicle's bodies are given exactly when the event has another vehicle: a check that missed
// them would pass a two-vehicle event on one body's balance alone.
TEST_F(WallEvent, ACheckWithoutTheOtherBodiesOfATwoVehicleEventOrWithThemForAWallIsRefused) {
  EXPECT_THROW(check_impact(e, &other, Tolerances{}, kDt), std::invalid_argument);
  e.contact.other = 1;
  EXPECT_THROW(check_impact(e, nullptr, Tolerances{}, kDt), std::invalid_argument);
}

}  // namespace
}  // namespace crashbench
