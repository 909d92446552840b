#include "models/response/angle_law_model.hpp"

namespace crashbench {

KnightLaws read_knight_laws(const JsonReader& response) {
  KnightLaws laws;
  if (const auto f = response.find("restitution")) laws.restitution = read_angle_law(*f, 0.0, 1.0);
  if (const auto f = response.find("friction")) laws.friction = read_angle_law(*f, 0.0, kUnbounded);
  if (const auto f = response.find("energy_kept")) laws.energy_kept = read_angle_law(*f, 0.0, 1.0);
  return laws;
}

Resolution AngleLawModel::resolve(const Body& a, const Body* b, const Contact& c) const {
  Resolution r;
  r.impulse.point_W = c.point_W;
  r.angle_of_attack = angle_of_attack(a.state.heading, c.normal_W);
  r.mu_limit = params_.friction.at(r.angle_of_attack);
  set_targets(r);
  if (!has_valid_inertia(a, b)) {
    r.status = ResolutionStatus::kSingular;
    return r;
  }
  const ContactKinematics k = contact_kinematics(a, b, c);
  if (!(k.v_normal < 0)) {
    r.status = ResolutionStatus::kSeparating;
    return r;
  }
  resolve_approaching(a, b, k, r);
  r.invariants = invariants(r);
  return r;
}

}  // namespace crashbench
