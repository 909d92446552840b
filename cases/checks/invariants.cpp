#include "cases/checks/invariants.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "core/units.hpp"

namespace crashbench {
namespace {

/// The scales residuals are divided by; none vanishes at rest (docs/invariants.md).
struct Scales {
  double g_dt = 0;          ///< speed the weight gives over one step [m/s]
  double impulse_floor = 0; ///< [N s]
  double speed_floor = 0;   ///< [m/s]
  double energy_floor = 0;  ///< [J]

  /// max(|J|, m g dt, floor) [N s]: below the weight's impulse over one step an impulse is resting contact.
  double impulse(double j, double mass) const { return std::max({j, mass * g_dt, impulse_floor}); }
  double speed(double v) const { return std::max({std::abs(v), g_dt, speed_floor}); }
  /// max(E1, 1/2 M (g dt)^2, floor) [J].
  double energy(double e1, double mass) const { return std::max({e1, 0.5 * mass * g_dt * g_dt, energy_floor}); }
};

/// Normal velocity of the contact point of a relative to b (b at rest for the scene).
double normal_velocity(const ImpactEvent& e, const Body& a, const Body* b) {
  const Vec2& p = e.contact.point_W;
  Vec2 v = a.state.point_velocity_W(p - a.state.position_W);
  if (b) v -= b->state.point_velocity_W(p - b->state.position_W);
  return e.contact.normal_W.dot(v);
}

double linear_residual(const Body& pre, const Body& post, const Vec2& J, const Scales& s) {
  return (pre.mass * (post.state.velocity_W - pre.state.velocity_W) - J).norm() / s.impulse(J.norm(), pre.mass);
}

/// Arm of the moment scale: |rho|, but at least the radius of gyration so a central hit keeps a scale.
double moment_arm(const Body& body, const Vec2& rho) {
  return std::max(rho.norm(), std::sqrt(body.yaw_inertia / body.mass));
}

double angular_residual(const Body& pre, const Body& post, const Vec2& J, const Vec2& point, const Scales& s) {
  const Vec2 rho = point - pre.state.position_W;
  const double expected = cross(rho, J);
  const double scale = s.impulse(J.norm(), pre.mass) * moment_arm(pre, rho);
  return std::abs(pre.yaw_inertia * (post.state.yaw_rate - pre.state.yaw_rate) - expected) / scale;
}

/// Angular momentum about the world origin: r x m V + Izz r.
double angular_momentum(const Body& body) {
  return body.mass * cross(body.state.position_W, body.state.velocity_W) + body.yaw_inertia * body.state.yaw_rate;
}

/// Total linear and angular momentum of both bodies unchanged, each relative to its scale.
double system_residual(const ImpactEvent& e, const OtherBody& b, const Scales& s) {
  const Vec2 p1 = e.pre_a.mass * e.pre_a.state.velocity_W + b.pre.mass * b.pre.state.velocity_W;
  const Vec2 p2 = e.post_a.mass * e.post_a.state.velocity_W + b.post.mass * b.post.state.velocity_W;
  const double l1 = angular_momentum(e.pre_a) + angular_momentum(b.pre);
  const double l2 = angular_momentum(e.post_a) + angular_momentum(b.post);
  const double arm = std::max({e.pre_a.state.position_W.norm(), b.pre.state.position_W.norm(), 1.0});
  const double scale = s.impulse(e.resolution.impulse.linear_W.norm(), e.pre_a.mass + b.pre.mass);
  return std::max((p2 - p1).norm() / scale, std::abs(l2 - l1) / (scale * arm));
}

}  // namespace

InvariantChecks check_impact(const ImpactEvent& e, const OtherBody* other, const Tolerances& tol, double dt) {
  if (e.two_body() != (other != nullptr))
    throw std::invalid_argument("check_impact: the other vehicle's bodies are given exactly for a two-vehicle event");
  InvariantChecks checks{};
  const Vec2 J = e.resolution.impulse.linear_W;
  const Vec2& point = e.contact.point_W;
  const Scales s{kGravity * dt, tol.impulse_floor, tol.speed_floor, tol.energy_floor};
  const Body* pre_b = other ? &other->pre : nullptr;
  const Body* post_b = other ? &other->post : nullptr;
  // Only what the model says applies to this resolution is checked.
  const auto set = [&](Invariant which, double residual) {
    if (!e.resolution.invariants.has(which)) return;
    const Verdict verdict = residual <= tol.of(which) ? Verdict::kPass : Verdict::kFail;
    checks.set(static_cast<std::size_t>(which), {residual, verdict});
  };

  double linear = linear_residual(e.pre_a, e.post_a, J, s);
  double angular = angular_residual(e.pre_a, e.post_a, J, point, s);
  if (pre_b) {
    linear = std::max(linear, linear_residual(*pre_b, *post_b, -J, s));
    angular = std::max(angular, angular_residual(*pre_b, *post_b, -J, point, s));
  }
  set(Invariant::kLinearMomentum, linear);
  set(Invariant::kAngularMomentum, angular);

  const double vn1 = normal_velocity(e, e.pre_a, pre_b);
  const double vn2 = normal_velocity(e, e.post_a, post_b);
  if (e.resolution.restitution >= 0)
    set(Invariant::kRestitution, std::abs(vn2 + e.resolution.restitution * vn1) / s.speed(vn1));

  const double mass = e.pre_a.mass + (pre_b ? pre_b->mass : 0.0);
  const double e1 = energy_before(e, other), e2 = energy_after(e, other);
  const double energy_scale = s.energy(e1, mass);
  if (e.resolution.energy_kept_target >= 0)
    set(Invariant::kEnergyRatio, std::abs(e2 - e.resolution.energy_kept_target * e1) / energy_scale);
  set(Invariant::kNoEnergyGain, std::max(0.0, e2 - e1) / energy_scale);

  if (other) set(Invariant::kSystemMomentum, system_residual(e, *other, s));

  set(Invariant::kNoPenetration, std::max(0.0, -vn2) / s.speed(vn1));

  const double jn = J.dot(e.contact.normal_W);
  const double jt = (J - jn * e.contact.normal_W).norm();
  const double lighter = pre_b ? std::min(e.pre_a.mass, pre_b->mass) : e.pre_a.mass;
  set(Invariant::kFrictionBound, std::max(0.0, jt - e.mu_limit * jn) / s.impulse(std::abs(jn), lighter));
  return checks;
}

std::string_view to_string(Invariant invariant) {
  switch (invariant) {
    case Invariant::kLinearMomentum: return "linear_momentum";
    case Invariant::kAngularMomentum: return "angular_momentum";
    case Invariant::kRestitution: return "restitution";
    case Invariant::kEnergyRatio: return "energy_ratio";
    case Invariant::kNoEnergyGain: return "no_energy_gain";
    case Invariant::kSystemMomentum: return "system_momentum";
    case Invariant::kNoPenetration: return "no_penetration";
    case Invariant::kFrictionBound: return "friction_bound";
    case Invariant::kNoTunnelling: return "no_tunnelling";
  }
  return "unknown";
}

std::string_view to_string(Verdict verdict) {
  switch (verdict) {
    case Verdict::kNotApplicable: return "n/a";
    case Verdict::kPass: return "pass";
    case Verdict::kFail: return "fail";
  }
  return "unknown";
}

}  // namespace crashbench
