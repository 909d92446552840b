#include "models/response/restitution.hpp"

#include <algorithm>

namespace crashbench {

namespace {
// Sliding speed along -t after impulse J: > 0 still sliding the original way, < 0 reversed.
double sliding_after(const ContactKinematics& k, const Vec2& t, const Vec2& J) {
  return -t.dot(k.v_rel_W + k.K_W * J);
}
}  // namespace

FrictionalImpulse restitution_impulse(const ContactKinematics& k, double e, double mu) {
  const Vec2& n = k.normal_W;
  const double dvn = -(1.0 + e) * k.v_normal;  // required change of the normal relative velocity
  const Vec2 frictionless = dvn / n.dot(k.K_W * n) * n;
  // Friction opposes the sliding before; with none, it opposes what the normal impulse would start.
  Vec2 t = tangent_opposing_sliding(k.v_rel_W, n);
  if (t.isZero()) t = tangent_opposing_sliding(k.v_rel_W + k.K_W * frictionless, n);
  if (t.isZero() || !(mu > 0) || sliding_after(k, t, frictionless) < 0) return {frictionless, 0.0};

  const Vec2 d = n + mu * t;
  const double denom = n.dot(k.K_W * d);
  if (denom > 0) {
    const Vec2 slipping = dvn / denom * d;
    if (sliding_after(k, t, slipping) >= 0) return {slipping, mu};
  }
  // Full friction would reverse the sliding: stick, i.e. K J = (v_n target) n - v_rel.
  Vec2 sticking;
  if (solve_2x2(k.K_W, -e * k.v_normal * n - k.v_rel_W, sticking)) {
    const double jn = n.dot(sticking), jt = t.dot(sticking);
    if (jn > 0 && jt >= -1e-12 * jn && jt <= mu * jn * (1 + 1e-12)) return {sticking, std::clamp(jt / jn, 0.0, mu)};
  }
  return {frictionless, 0.0};
}

void RestitutionModel::set_targets(Resolution& r) const { r.restitution = params().restitution.at(r.angle_of_attack); }

void RestitutionModel::resolve_approaching(const Body&, const Body*, const ContactKinematics& k, Resolution& r) const {
  const FrictionalImpulse f = restitution_impulse(k, r.restitution, params().friction.at(r.angle_of_attack));
  r.impulse.linear_W = f.impulse_W;
  r.mu_used = f.mu_used;
}

nlohmann::json RestitutionModel::parameters() const {
  return {{"model", name()}, {"restitution", to_json(params().restitution)}, {"friction", to_json(params().friction)}};
}

std::vector<LawCurve> RestitutionModel::curves() const {
  return {sample_law("restitution", params().restitution), sample_law("mu_limit", params().friction)};
}

std::unique_ptr<ResponseModel> make_restitution(const JsonReader& response) {
  response.only_keys({"model", "restitution", "friction"});
  return std::make_unique<RestitutionModel>(read_knight_laws(response));
}

}  // namespace crashbench
