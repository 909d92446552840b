#include "models/response/energy_loss.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

#include "models/response/restitution.hpp"

namespace crashbench {

std::string_view to_string(EnergyRoot root) {
  for (const auto& [r, name] : kEnergyRootNames)
    if (r == root) return name;
  return "?";
}

EnergyRoots energy_roots(const ContactKinematics& k, const Vec2& d_W, double energy_before, double kept,
                         EnergyRoot choice) {
  // E(J0) = E1 + J0 d.v_rel + J0^2/2 d^T K d (for one body or, summed, for two).
  const double A = 0.5 * d_W.dot(k.K_W * d_W);
  const double B = d_W.dot(k.v_rel_W);
  const double C = (1.0 - kept) * energy_before;
  EnergyRoots roots;
  roots.discriminant = B * B - 4.0 * A * C;
  if (!(roots.discriminant >= 0) || !(A > 0)) return roots;
  // Cancellation-free pair of roots: q = -(B + sign(B) sqrt(disc)) / 2, roots q/A and C/q.
  const double q = -0.5 * (B + std::copysign(std::sqrt(roots.discriminant), B));
  roots.low = q / A;
  roots.high = q != 0.0 ? C / q : roots.low;
  if (roots.low > roots.high) std::swap(roots.low, roots.high);
  // Approaching along d (B < 0) with P <= 1 (C >= 0), both roots are >= 0: either is an impulse.
  if (choice == EnergyRoot::kLarger) roots.chosen = roots.high;
  if (choice == EnergyRoot::kSmaller) roots.chosen = roots.low;
  if (choice != EnergyRoot::kNonPenetrating) return roots;
  // Non-penetration: n . v_rel + J0 n^T K d >= 0, allowing rounding of the approach speed.
  const double slope = k.normal_W.dot(k.K_W * d_W);
  const double tolerance = 1e-12 * std::abs(k.v_normal);
  for (const double root : {roots.low, roots.high}) {
    if (root > 0 && k.v_normal + root * slope >= -tolerance) {
      roots.chosen = root;
      break;
    }
  }
  return roots;
}

void EnergyLossModel::set_targets(Resolution& r) const {
  r.energy_kept_target = params().energy_kept.at(r.angle_of_attack);
}

void EnergyLossModel::resolve_approaching(const Body& a, const Body* b, const ContactKinematics& k,
                                          Resolution& r) const {
  const double mu = params().friction.at(r.angle_of_attack);
  const Vec2 t = tangent_opposing_sliding(k.v_rel_W, k.normal_W);
  const Vec2 d = (k.normal_W + mu * t).normalized();
  const double energy_before = a.kinetic_energy() + (b != nullptr ? b->kinetic_energy() : 0.0);
  const EnergyRoots roots = energy_roots(k, d, energy_before, r.energy_kept_target, root_);
  if (roots.chosen >= 0) {
    r.impulse.linear_W = roots.chosen * d;
    r.mu_used = t.isZero() ? 0.0 : mu;
    return;
  }
  // Target unreachable along d, or every root leaves the point approaching: stop the approach.
  r.status = roots.discriminant < 0 ? ResolutionStatus::kNoRealRoot : ResolutionStatus::kRootPenetrates;
  const FrictionalImpulse f = restitution_impulse(k, 0.0, mu);
  r.impulse.linear_W = f.impulse_W;
  r.mu_used = f.mu_used;
  r.restitution = 0.0;
}

InvariantSet EnergyLossModel::invariants(const Resolution& r) const {
  InvariantSet set = impulse_invariants(r);
  if (root_ != EnergyRoot::kNonPenetrating && r.status == ResolutionStatus::kOk) set.remove(Invariant::kNoPenetration);
  return set;
}

nlohmann::json EnergyLossModel::parameters() const {
  return {{"model", name()},
          {"energy_kept", to_json(params().energy_kept)},
          {"friction", to_json(params().friction)},
          {"root", to_string(root_)}};
}

std::vector<LawCurve> EnergyLossModel::curves() const {
  return {sample_law("energy_kept_target", params().energy_kept), sample_law("mu_limit", params().friction)};
}

std::unique_ptr<ResponseModel> make_energy_loss(const JsonReader& response) {
  response.only_keys({"model", "energy_kept", "friction", "root"});
  EnergyRoot root = EnergyRoot::kNonPenetrating;
  if (const auto field = response.find("root")) {
    const std::string name = field->choice({kEnergyRootNames[0].name, kEnergyRootNames[1].name, kEnergyRootNames[2].name});
    for (const auto& entry : kEnergyRootNames)
      if (entry.name == name) root = entry.root;
  }
  return std::make_unique<EnergyLossModel>(read_knight_laws(response), root);
}

}  // namespace crashbench
