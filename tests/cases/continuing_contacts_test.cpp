// cases/runner/continuing_contacts.hpp alone: a spring answer becomes the spring the next step integrates, its
// impulse over the step is the trapezoid of its force at the step's ends, and the contact ends (one event,
// checked) at the first step without a force answer.
#include "cases/runner/continuing_contacts.hpp"

#include <gtest/gtest.h>

#include <numbers>

#include "models/dynamics/vehicle_dynamics.hpp"
#include "models/integrators/integrator.hpp"

namespace crashbench {
namespace {

constexpr double kDt = 0.005, kStiffness = 1e6, kDepth = 0.01, kMass = 1500;

struct SpringAtRest {
  SpringAtRest() {
    a.state.position_W = {0, 2.24};
    a.state.heading = -std::numbers::pi / 2;
    c.vehicle = 0;
    c.feature = 3;
    c.point_W = {0, -kDepth / 2};
    c.normal_W = {0, 1};
    c.depth = kDepth;
    r.answer = Answer::kForce;
    r.force.stiffness = kStiffness;
    r.force.force_W = {0, kStiffness * kDepth};
  }
  std::unique_ptr<Integrator> rk4 = find_entry(integrators(), "rk4", "integrator").make();
  Body a{kMass, 2500, {}};
  Contact c;
  Resolution r;
};

TEST(ContinuingContacts, ASpringAnswerActsOverTheNextStepAndEndsAsOneCheckedEvent) {
  SpringAtRest s;
  ContinuingContacts contacts(2, kDt, *s.rk4);
  EXPECT_TRUE(contacts.empty());
  contacts.add(s.c, s.r, s.a, nullptr, 0, 0.0);
  EXPECT_TRUE(contacts.holds(s.c));
  Contact other_wall = s.c;
  other_wall.feature = 4;
  EXPECT_FALSE(contacts.holds(other_wall)) << "one contact per wall";
  EXPECT_TRUE(contacts.springs(0).empty()) << "not before the step that integrates it";
  contacts.begin_step();
  ASSERT_EQ(contacts.springs(0).size(), 1u);
  ASSERT_EQ(contacts.sprung_vehicles().size(), 1u);
  EXPECT_EQ(contacts.springs(0)[0].stiffness, kStiffness);
  EXPECT_TRUE(contacts.springs(1).empty());
  // The car held still: the spring pushes k d at both ends of the step, J = k d dt along the normal.
  const double J = kStiffness * kDepth * kDt;
  const StateVector still = to_state_vector(s.a.state);
  contacts.account(0, still, kDt, Eigen::Vector3d(0, J / kMass, 0), Eigen::Vector3d::Zero());
  ContactEvents closed;
  contacts.close(0, false, Tolerances{}, closed);
  EXPECT_TRUE(closed.events.empty()) << "it answered at step 0";
  contacts.close(1, false, Tolerances{}, closed);
  const std::vector<ImpactEvent>& ended = closed.events;
  ASSERT_EQ(ended.size(), 1u);
  EXPECT_TRUE(contacts.empty());
  const ImpactEvent& e = ended[0];
  EXPECT_NEAR(e.resolution.impulse.linear_W.y(), J, 1e-9 * J);
  EXPECT_NEAR(e.resolution.impulse.linear_W.x(), 0.0, 1e-12);
  EXPECT_NEAR(e.post_a.state.velocity_W.y(), J / kMass, 1e-12);
  EXPECT_EQ(e.step, 1);
  const InvariantCheck& momentum = e.checks[static_cast<std::size_t>(Invariant::kLinearMomentum)];
  EXPECT_EQ(momentum.verdict, Verdict::kPass) << momentum.residual;
}

TEST(ContinuingContacts, BeginStepDropsTheSpringsOfAStepWithoutAnswers) {
  SpringAtRest s;
  ContinuingContacts contacts(1, kDt, *s.rk4);
  contacts.add(s.c, s.r, s.a, nullptr, 0, 0.0);
  contacts.begin_step();
  EXPECT_EQ(contacts.springs(0).size(), 1u);
  contacts.begin_step();
  EXPECT_TRUE(contacts.springs(0).empty());
  EXPECT_TRUE(contacts.sprung_vehicles().empty());
}

}  // namespace
}  // namespace crashbench
