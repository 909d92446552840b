// The penalty model through the runner: one event per contact, checked over the whole contact, on
// Knight's head-on (no tyres, so the hand values hold) and on Zhou's rear-end pair.
#include <gtest/gtest.h>

#include <cmath>
#include <sstream>

#include "cases/loading/case_loader.hpp"
#include "cases/loading/matrix.hpp"
#include "cases/runner/simulation.hpp"
#include "models/response/penalty.hpp"
#include "tests/models/response/penalty_oscillator.hpp"
#include "tests/support/paths.hpp"

namespace crashbench {
namespace {

RunResult head_on(double e, const std::string& integrator) {
  nlohmann::json doc = read_json_file(testing::source_path("cases/library/knight-head-on-30mph.json"));
  doc["response"] = {{"model", "penalty"}, {"restitution", e}};
  doc["dynamics"] = "free-body";
  doc["integrator"] = integrator;
  return run_case(parse_case(doc, "head-on.json"));
}

/// What failed in `r`: each failing invariant with its residual, and the impact count.
std::string failures(const RunResult& r) {
  std::ostringstream out;
  out << r.error << " impacts " << r.impacts << " events " << r.events.size();
  for (const auto& e : r.events)
    for (std::size_t i = 0; i < kInvariantCount; ++i)
      if (e.checks[i].verdict == Verdict::kFail)
        out << ' ' << to_string(static_cast<Invariant>(i)) << '=' << e.checks[i].residual;
  return out.str();
}

double energy_kept(const ImpactEvent& e) { return e.post_a.kinetic_energy() / e.pre_a.kinetic_energy(); }

TEST(PenaltyRun, HeadOnIsOneContactThatReboundsWithTheChosenRestitution) {
  const RunResult r = head_on(0.3, "rk4");
  ASSERT_EQ(r.status, CaseStatus::kPassed) << failures(r);
  ASSERT_EQ(r.events.size(), 1u);
  const ImpactEvent& e = r.events[0];
  for (const auto& check : e.checks.all()) EXPECT_NE(check.verdict, Verdict::kFail);
  EXPECT_EQ(e.checks[static_cast<std::size_t>(Invariant::kLinearMomentum)].verdict, Verdict::kPass);
  // A centred hit without tyres: the no-pull oscillator from the depth the contact was first found at,
  // integrated independently (penalty_oscillator.hpp), gives the rebound, duration and peak force.
  const double v0 = e.pre_a.state.velocity_W.norm(), m = e.pre_a.mass, k = 1.0e6;
  const double c = 2 * penalty_damping_ratio(0.3) * std::sqrt(k * m);
  const testing::Bounce b = testing::bounce(k, c, m, v0, e.contact.depth);
  EXPECT_NEAR(energy_kept(e), b.restitution * b.restitution, 0.02 * b.restitution * b.restitution);
  EXPECT_NEAR(r.end_of(e).duration, b.duration, 0.0051);  // whole steps
  EXPECT_NEAR(r.end_of(e).peak_force, b.peak_force, 0.02 * b.peak_force);
  // The discrete first detection (depth up to v0 dt) makes the rebound livelier than e = 0.3 itself.
  EXPECT_GE(b.restitution, 0.3);
  EXPECT_GT(r.end_of(e).max_depth, 0.0);
  EXPECT_LT(r.end_of(e).max_depth, v0 / std::sqrt(k / m));
}

// Deak's point: on the undamped spring Euler gains energy, as |1 + i omega dt|^2 per step says; RK4 keeps
// it. The Euler case still passes: the gain is within Euler's documented error, which the check allows.
TEST(PenaltyRun, EulerGainsEnergyOnTheUndampedSpringAndRk4DoesNot) {
  const RunResult euler = head_on(1.0, "euler"), rk4 = head_on(1.0, "rk4");
  ASSERT_EQ(euler.events.size(), 1u);
  ASSERT_EQ(rk4.events.size(), 1u);
  const double omega_dt = std::sqrt(1.0e6 / euler.events[0].pre_a.mass) * 0.005;
  const double euler_theory = std::pow(1 + omega_dt * omega_dt, std::numbers::pi / omega_dt);
  EXPECT_NEAR(energy_kept(euler.events[0]), euler_theory, 0.1);
  EXPECT_GT(energy_kept(euler.events[0]), 1.3);
  EXPECT_NEAR(energy_kept(rk4.events[0]), 1.0, 0.02);
  EXPECT_EQ(euler.status, CaseStatus::kPassed) << failures(euler);
  EXPECT_EQ(rk4.status, CaseStatus::kPassed) << failures(rk4);
}

// Two cars: the forces on the pair are opposite at each step's ends, so the pair's momentum is kept over
// the contact to the step's extrapolation error.
TEST(PenaltyRun, RearEndPairKeepsItsMomentum) {
  nlohmann::json doc = read_json_file(testing::source_path("cases/library/zhou-rear-end.json"));
  doc["response"] = {{"model", "penalty"}, {"restitution", 0.2}, {"friction", 0.0}};
  doc["dynamics"] = "free-body";
  const RunResult r = run_case(parse_case(doc, "zhou.json"));
  ASSERT_EQ(r.status, CaseStatus::kPassed) << failures(r);
  ASSERT_EQ(r.events.size(), 1u);
  const ImpactEvent& e = r.events[0];
  ASSERT_TRUE(e.two_body());
  const OtherBody& b = *r.other_of(e);
  const Vec2 p1 = e.pre_a.mass * e.pre_a.state.velocity_W + b.pre.mass * b.pre.state.velocity_W;
  const Vec2 p2 = e.post_a.mass * e.post_a.state.velocity_W + b.post.mass * b.post.state.velocity_W;
  EXPECT_LT((p2 - p1).norm() / e.resolution.impulse.linear_W.norm(), 0.02);
  EXPECT_GT(e.resolution.impulse.linear_W.norm(), 1000.0);  // something happened
}

}  // namespace
}  // namespace crashbench
