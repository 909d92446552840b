#include "models/response/penalty.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <string>

#include "models/response/contact_mechanics.hpp"

namespace crashbench {

double penalty_restitution(double zeta) {
  return std::exp(-zeta * (std::numbers::pi - 2.0 * std::asin(zeta)) / std::sqrt(1.0 - zeta * zeta));
}

double penalty_contact_duration(double zeta, double omega) {
  return (std::numbers::pi - 2.0 * std::asin(zeta)) / (omega * std::sqrt(1.0 - zeta * zeta));
}

double penalty_damping_ratio(double e) {
  // penalty_restitution falls monotonically from 1 (zeta = 0) to exp(-2) (zeta -> 1): bisect.
  double lo = 0.0, hi = 1.0;
  for (int i = 0; i < 200 && hi - lo > 1e-15; ++i) {
    const double mid = 0.5 * (lo + hi);
    (penalty_restitution(mid) > e ? lo : hi) = mid;
  }
  return 0.5 * (lo + hi);
}

PenaltyModel::PenaltyModel(const PenaltySettings& s) : settings_(s) {
  if (!(s.stiffness > 0)) throw Error("", "stiffness", "expected a stiffness > 0 [N/m]");
  if (!(s.restitution > kPenaltyMinRestitution && s.restitution <= 1.0))
    throw Error("", "restitution",
                "expected e in (" + std::to_string(kPenaltyMinRestitution) +
                    ", 1]: a spring-damper that never pulls rebounds with at least exp(-2) (critical damping)");
  require_law_within(s.friction, 0.0, kUnbounded, "friction");
  zeta_ = s.restitution >= 1.0 ? 0.0 : penalty_damping_ratio(s.restitution);
}

nlohmann::json PenaltyModel::parameters() const {
  return {{"model", name()}, {"stiffness", settings_.stiffness}, {"restitution", settings_.restitution},
          {"friction", to_json(settings_.friction)}};
}

std::vector<LawCurve> PenaltyModel::curves() const {
  // The spring-damper's damping is tuned to rebound with e at the contact point, whatever the angle.
  return {sample_law("restitution", AngleLaw::fixed(settings_.restitution)), sample_law("mu_limit", settings_.friction)};
}

Resolution PenaltyModel::resolve(const Body& a, const Body* b, const Contact& c) const {
  Resolution r;
  r.answer = Answer::kForce;
  r.impulse.point_W = c.point_W;
  r.angle_of_attack = angle_of_attack(a.state.heading, c.normal_W);
  r.mu_limit = settings_.friction.at(r.angle_of_attack);
  r.invariants = {Invariant::kLinearMomentum, Invariant::kNoEnergyGain, Invariant::kNoPenetration,
                  Invariant::kFrictionBound};
  if (!has_valid_inertia(a, b)) {
    r.status = ResolutionStatus::kSingular;
    return r;
  }
  const ContactKinematics k = contact_kinematics(a, b, c);
  const Vec2& n = k.normal_W;
  // The damping that gives the chosen e for this contact's effective mass along the normal.
  const double mass = 1.0 / n.dot(k.K_W * n);
  const double damping = 2.0 * zeta_ * std::sqrt(settings_.stiffness * mass);
  const double normal = settings_.stiffness * std::max(c.depth, 0.0) - damping * k.v_normal;
  if (!(normal > 0)) {
    r.status = ResolutionStatus::kSeparating;
    return r;
  }
  // Friction opposes the sliding, at most what stops it within the step (it never reverses it).
  const Vec2 t = tangent_opposing_sliding(k.v_rel_W, n);
  double ratio = 0;
  if (!t.isZero() && dt_ > 0) {
    const double sliding = -t.dot(k.v_rel_W);
    ratio = std::min(r.mu_limit, sliding / (t.dot(k.K_W * t) * normal * dt_));
  }
  r.force = {normal * (n + ratio * t), settings_.stiffness, damping, ratio};
  r.impulse.linear_W = r.force.force_W * dt_;
  r.mu_used = ratio;
  return r;
}

std::unique_ptr<ResponseModel> make_penalty(const JsonReader& response) {
  response.only_keys({"model", "stiffness", "restitution", "friction"});
  PenaltySettings s;
  if (const auto k = response.find("stiffness")) s.stiffness = k->positive_number();
  if (const auto e = response.find("restitution")) s.restitution = e->number_in(kPenaltyMinRestitution + 1e-12, 1.0);
  if (const auto f = response.find("friction")) s.friction = read_angle_law(*f, 0.0, kUnbounded);
  return std::make_unique<PenaltyModel>(s);
}

}  // namespace crashbench
