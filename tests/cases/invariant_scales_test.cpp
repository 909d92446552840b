// Residuals on a physical scale (docs/invariants.md): resting contact passes, a 1 % wrong impulse fails.
#include <gtest/gtest.h>

#include <algorithm>

#include "cases/loading/case_loader.hpp"
#include "cases/runner/simulation.hpp"
#include "core/units.hpp"
#include "tests/cases/crowd_case.hpp"

namespace crashbench {
namespace {

RunResult run_doc(const nlohmann::json& doc) { return run_case(parse_case(doc, "test.json")); }

/// The weight's impulse over one step, by hand [N s].
double weight_impulse(double mass, double dt) { return mass * 9.80665 * dt; }

int events_below(const RunResult& r, double impulse) {
  return static_cast<int>(std::count_if(r.events.begin(), r.events.end(), [&](const ImpactEvent& e) {
    return e.resolution.impulse.linear_W.norm() < impulse;
  }));
}

void expect_every_invariant_held(const RunResult& r) {
  EXPECT_EQ(r.status, CaseStatus::kPassed) << r.name;
  for (std::size_t i = 0; i < kInvariantCount; ++i)
    EXPECT_EQ(r.invariants[i].failed, 0) << r.name << ": " << to_string(static_cast<Invariant>(i)) << " worst "
                                         << r.invariants[i].worst_residual;
  for (Invariant i : {Invariant::kLinearMomentum, Invariant::kAngularMomentum, Invariant::kRestitution,
                      Invariant::kNoPenetration, Invariant::kFrictionBound})
    EXPECT_GT(r.invariants[static_cast<std::size_t>(i)].checked, 0) << r.name << ": " << to_string(i);
}

/// A sedan drifting into the straight wall at 1 m/s, 60 degrees to it: the hit stops its approach, the
/// wall holds it while its tyres bring it to rest, on impulses far below m g dt.
nlohmann::json resting_against_wall(const std::string& application) {
  return {{"name", "resting-" + application}, {"scene", "straight-wall"}, {"response", {{"model", "restitution"}}},
          {"application", application}, {"dynamics", "bicycle"}, {"dt", 0.005}, {"duration", 6.0},
          {"vehicles", {{{"params", "sedan"}, {"position", {100.0, 2.3}}, {"heading_deg", -60}, {"speed", 1.0}}}}};
}

TEST(ResidualScale, CarRestingAgainstAWallPassesWithEitherApplication) {
  for (const char* application : {"force", "reset"}) {
    const RunResult r = run_doc(resting_against_wall(application));
    // In contact over many steps, not one bounce, until the contact stops closing faster than
    // kClosingSpeed (the swept detection's threshold for an impact).
    ASSERT_GT(r.events.size(), 20u) << application;
    // Resting contact: all impulses but the first are below the weight's impulse over one step.
    EXPECT_EQ(events_below(r, weight_impulse(1500, 0.005)), static_cast<int>(r.events.size()) - 1) << application;
    EXPECT_LT(r.tracks[0].states.back().velocity_W.norm(), 1e-6) << application;
    expect_every_invariant_held(r);
  }
}

TEST(ResidualScale, HundredCarsOnTheLRailPassEveryInvariantWithEitherApplication) {
  for (const char* application : {"reset", "force"}) {
    const RunResult r = run_doc(testing::l_rail_crowd(100, application, 6.0));
    // The crowd crashes (impulses of tonnes times m/s) and then rests against walls and each other.
    EXPECT_GE(r.impacts, 50) << application;
    EXPECT_GT(events_below(r, weight_impulse(1500, 0.005)), 1000) << application;
    const int two_body_rests = static_cast<int>(std::count_if(r.events.begin(), r.events.end(), [](const auto& e) {
      return e.two_body() && e.resolution.impulse.linear_W.norm() < weight_impulse(1500, 0.005);
    }));
    EXPECT_GT(two_body_rests, 100) << application;
    expect_every_invariant_held(r);
  }
}

/// The checks of event `e` of `r` with the impulse scaled by `factor` applied in place of the model's.
InvariantChecks check_with_impulse_scaled(const RunResult& r, ImpactEvent e, double factor) {
  const Vec2 J = factor * e.resolution.impulse.linear_W;
  e.post_a = e.pre_a;
  e.post_a.apply_impulse(J, e.contact.point_W);
  std::optional<OtherBody> other;
  if (e.two_body()) {
    other = *r.other_of(e);
    other->post = other->pre;
    other->post.apply_impulse(-J, e.contact.point_W);
  }
  return check_impact(e, other ? &*other : nullptr, r.config.tolerances, 0.005);
}

TEST(ResidualScale, OnePercentWrongImpulseFailsMomentumOnACrashAndOnTheSmallestResolvedScale) {
  const RunResult r = run_doc(testing::l_rail_crowd(100, "reset", 2.0));
  ASSERT_FALSE(r.events.empty());
  // The hardest crash of the run and the first event whose impulse is at least the weight's over one step.
  const auto hardest = std::max_element(r.events.begin(), r.events.end(), [](const auto& a, const auto& b) {
    return a.resolution.impulse.linear_W.norm() < b.resolution.impulse.linear_W.norm();
  });
  const auto least = std::find_if(r.events.begin(), r.events.end(), [](const auto& e) {
    return e.resolution.impulse.linear_W.norm() >= weight_impulse(1500, 0.005);
  });
  ASSERT_NE(least, r.events.end());
  for (const ImpactEvent* event : {&*hardest, &*least}) {
    const auto index = [](Invariant i) { return static_cast<std::size_t>(i); };
    const InvariantChecks right = check_with_impulse_scaled(r, *event, 1.0);
    EXPECT_EQ(right[index(Invariant::kLinearMomentum)].verdict, Verdict::kPass);
    const InvariantChecks wrong = check_with_impulse_scaled(r, *event, 1.01);
    // 1 % of J over max(|J|, m g dt) = |J|: a residual of 0.01 by hand.
    EXPECT_EQ(wrong[index(Invariant::kLinearMomentum)].verdict, Verdict::kFail);
    EXPECT_NEAR(wrong[index(Invariant::kLinearMomentum)].residual, 0.01, 1e-6);
    EXPECT_EQ(wrong[index(Invariant::kRestitution)].verdict, Verdict::kFail);
  }
}

}  // namespace
}  // namespace crashbench
