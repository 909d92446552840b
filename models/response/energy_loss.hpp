#pragma once
// Knight & Bernard's kinetic-energy-loss model (thesis section 4.3, paper eqs. 18-35), rebuilt
// from impulse-momentum: the impulse has a fixed direction d = unit(n + mu t) (t opposing the
// contact point's sliding) and the magnitude J0 that leaves E2 = P(alpha) E1. Knight writes the
// impulse as a force F0 held over dt; J0 = F0 dt, so dt cancels. The root is the case's choice
// (non-penetration by default); an unreachable target, or no non-penetrating root when that is the
// choice, falls back to the e = 0 restitution impulse. Derivation: docs/wall-response-models.md.
#include <array>
#include <string_view>

#include "models/response/angle_law_model.hpp"

namespace crashbench {

/// Which root of the energy quadratic the model takes (the `response` key "root").
enum class EnergyRoot {
  kNonPenetrating,  ///< the smallest positive root that leaves n . v_rel >= 0 (Knight's rule; default)
  kLarger,          ///< the larger root: the most impulse that reaches P
  kSmaller,         ///< the smaller root: the least impulse that reaches P (may leave the point approaching)
};

/// One root choice and its name in a case file.
struct EnergyRootName {
  EnergyRoot root;
  std::string_view name;
};
/// Every root choice, the default first.
inline constexpr std::array<EnergyRootName, 3> kEnergyRootNames{{{EnergyRoot::kNonPenetrating, "non-penetrating"},
                                                                 {EnergyRoot::kLarger, "larger"},
                                                                 {EnergyRoot::kSmaller, "smaller"}}};
/// The case-file name of `root`.
std::string_view to_string(EnergyRoot root);

/// The roots of E(J0) = P E1 along direction `d_W` and the one a wall model takes.
struct EnergyRoots {
  double discriminant = 0;  ///< B^2 - 4 A C of A J0^2 + B J0 + C = 0 [m^2/s^2]
  double low = 0, high = 0; ///< the roots, low <= high [N s]; 0 when the discriminant is negative
  double chosen = -1;       ///< the root `choice` names; < 0 when there is none [N s]
};

/// Solves 1/2 d^T K d J0^2 + (d . v_rel) J0 + (1 - P) E1 = 0 for J0 and picks the root `choice`.
/// `energy_before` is E1 of the pair [J]; `kept` is P [-]; `d_W` a unit direction.
EnergyRoots energy_roots(const ContactKinematics& k, const Vec2& d_W, double energy_before, double kept,
                         EnergyRoot choice = EnergyRoot::kNonPenetrating);

/// ResponseModel "energy-loss": P(alpha) and mu(alpha) from KnightLaws (mu < 0 counts as 0);
/// the energy is that of body a plus body b (if any).
class EnergyLossModel final : public AngleLawModel {
 public:
  explicit EnergyLossModel(const KnightLaws& params, EnergyRoot root = EnergyRoot::kNonPenetrating)
      : AngleLawModel(params), root_(root) {}
  std::string_view name() const override { return "energy-loss"; }
  /// {"model", "energy_kept", "friction", "root"}, laws as {"cos2", "offset"}.
  nlohmann::json parameters() const override;
  std::vector<LawCurve> curves() const override;

 protected:
  void set_targets(Resolution& r) const override;
  void resolve_approaching(const Body& a, const Body* b, const ContactKinematics& k, Resolution& r) const override;
  /// Non-penetration is promised only by the non-penetrating root and the e = 0 fallback.
  InvariantSet invariants(const Resolution& r) const override;

 private:
  EnergyRoot root_;
};

/// Factory: reads "energy_kept" and "friction" (angle laws; Knight's by default) and "root" (a name in
/// kEnergyRootNames; "non-penetrating" by default), nothing else.
std::unique_ptr<ResponseModel> make_energy_loss(const JsonReader& response);

}  // namespace crashbench
