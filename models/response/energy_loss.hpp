#pragma once
// Knight & Bernard's kinetic-energy-loss model (thesis section 4.3, paper eqs. 18-35), rebuilt
// from impulse-momentum: the impulse has a fixed direction d = unit(n + mu t) (t opposing the
// contact point's sliding) and the magnitude J0 that leaves E2 = P(alpha) E1. Knight writes the
// impulse as a force F0 held over dt; J0 = F0 dt, so dt cancels. The root is chosen by
// non-penetration; an unreachable or penetrating target falls back to the e = 0 restitution
// impulse. Derivation: docs/wall-response-models.md.
#include "models/response/angle_law_model.hpp"

namespace crashbench {

/// The roots of E(J0) = P E1 along direction `d_W` and the one a wall model takes.
struct EnergyRoots {
  double discriminant = 0;  ///< B^2 - 4 A C of A J0^2 + B J0 + C = 0 [m^2/s^2]
  double low = 0, high = 0; ///< the roots, low <= high [N s]; 0 when the discriminant is negative
  double chosen = -1;       ///< smallest positive root with n . v_rel after >= 0; < 0 when none [N s]
};

/// Solves 1/2 d^T K d J0^2 + (d . v_rel) J0 + (1 - P) E1 = 0 for J0 and picks the root.
/// `energy_before` is E1 of the pair [J]; `kept` is P [-]; `d_W` a unit direction.
EnergyRoots energy_roots(const ContactKinematics& k, const Vec2& d_W, double energy_before, double kept);

/// ResponseModel "energy-loss": P(alpha) and mu(alpha) from KnightLaws (mu < 0 counts as 0);
/// the energy is that of body a plus body b (if any).
class EnergyLossModel final : public AngleLawModel {
 public:
  using AngleLawModel::AngleLawModel;
  std::string_view name() const override { return "energy-loss"; }
  /// {"model", "energy_kept", "friction"}, laws as {"cos2", "offset"}.
  nlohmann::json parameters() const override;

 protected:
  void set_targets(Resolution& r) const override;
  void resolve_approaching(const Body& a, const Body* b, const ContactKinematics& k, Resolution& r) const override;
};

/// Factory: reads "energy_kept" and "friction" (angle laws; Knight's by default), nothing else.
std::unique_ptr<ResponseModel> make_energy_loss(const JsonReader& response);

}  // namespace crashbench
