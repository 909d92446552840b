#include "cases/invariants.hpp"

#include <algorithm>
#include <cmath>

namespace crashbench {
namespace {

InvariantCheck verdict(double residual, double tolerance) {
  return {residual, tolerance, residual <= tolerance ? Verdict::kPass : Verdict::kFail};
}

/// Normal velocity of the contact point of a relative to b (b at rest for the scene).
double normal_velocity(const ImpactEvent& e, const Body& a, const Body* b) {
  const Vec2& p = e.contact.point_W;
  Vec2 v = a.state.point_velocity_W(p - a.state.position_W);
  if (b) v -= b->state.point_velocity_W(p - b->state.position_W);
  return e.contact.normal_W.dot(v);
}

double linear_residual(const Body& pre, const Body& post, const Vec2& J) {
  return (pre.mass * (post.state.velocity_W - pre.state.velocity_W) - J).norm() / J.norm();
}

double angular_residual(const Body& pre, const Body& post, const Vec2& J, const Vec2& point) {
  const Vec2 rho = point - pre.state.position_W;
  const double expected = cross(rho, J);
  const double scale = J.norm() * std::max(rho.norm(), 1e-3);
  return std::abs(pre.yaw_inertia * (post.state.yaw_rate - pre.state.yaw_rate) - expected) / scale;
}

/// Angular momentum about the world origin: r x m V + Izz r.
double angular_momentum(const Body& body) {
  return body.mass * cross(body.state.position_W, body.state.velocity_W) + body.yaw_inertia * body.state.yaw_rate;
}

}  // namespace

InvariantChecks check_impact(const ImpactEvent& e, const Tolerances& tol) {
  InvariantChecks checks{};
  const Vec2 J = e.resolution.impulse.linear_W;
  const Vec2& point = e.contact.point_W;
  if (J.norm() == 0) return checks;
  const Body* pre_b = e.two_body() ? &e.pre_b : nullptr;
  const Body* post_b = e.two_body() ? &e.post_b : nullptr;
  const auto set = [&](Invariant which, double residual, double tolerance) {
    checks[static_cast<std::size_t>(which)] = verdict(residual, tolerance);
  };

  double linear = linear_residual(e.pre_a, e.post_a, J);
  double angular = angular_residual(e.pre_a, e.post_a, J, point);
  if (pre_b) {
    linear = std::max(linear, linear_residual(*pre_b, *post_b, -J));
    angular = std::max(angular, angular_residual(*pre_b, *post_b, -J, point));
  }
  set(Invariant::kLinearMomentum, linear, tol.momentum);
  set(Invariant::kAngularMomentum, angular, tol.momentum);

  const double vn1 = normal_velocity(e, e.pre_a, pre_b);
  const double vn2 = normal_velocity(e, e.post_a, post_b);
  const bool model_ok = e.resolution.status == ResolutionStatus::kOk;
  if (model_ok && e.resolution.restitution >= 0)
    set(Invariant::kRestitution, std::abs(vn2 + e.resolution.restitution * vn1) / std::abs(vn1), tol.restitution);

  const double e1 = e.pre_a.kinetic_energy() + (pre_b ? pre_b->kinetic_energy() : 0.0);
  const double e2 = e.post_a.kinetic_energy() + (post_b ? post_b->kinetic_energy() : 0.0);
  if (model_ok && e.resolution.energy_kept_target >= 0)
    set(Invariant::kEnergyRatio, std::abs(e2 / e1 - e.resolution.energy_kept_target), tol.energy_ratio);
  if (e.resolution.restitution <= 1.0) set(Invariant::kNoEnergyGain, std::max(0.0, (e2 - e1) / e1), tol.energy_gain);

  if (pre_b) {
    const Vec2 p1 = e.pre_a.mass * e.pre_a.state.velocity_W + pre_b->mass * pre_b->state.velocity_W;
    const Vec2 p2 = e.post_a.mass * e.post_a.state.velocity_W + post_b->mass * post_b->state.velocity_W;
    const double l1 = angular_momentum(e.pre_a) + angular_momentum(*pre_b);
    const double l2 = angular_momentum(e.post_a) + angular_momentum(*post_b);
    const double arm = std::max({e.pre_a.state.position_W.norm(), pre_b->state.position_W.norm(), 1.0});
    set(Invariant::kSystemMomentum, std::max((p2 - p1).norm() / J.norm(), std::abs(l2 - l1) / (J.norm() * arm)),
        tol.momentum);
  }

  set(Invariant::kNoPenetration, std::max(0.0, -vn2) / std::abs(vn1), tol.penetration);

  const double jn = J.dot(e.contact.normal_W);
  const double jt = (J - jn * e.contact.normal_W).norm();
  set(Invariant::kFrictionBound, std::max(0.0, jt - e.mu_limit * jn) / std::abs(jn), tol.friction);
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
