#pragma once
// Macmillan's coefficient-of-restitution model as Knight & Bernard use it (thesis section 4.2,
// paper eqs. 3-17), rebuilt from impulse-momentum for any contact point, with Coulomb friction
// that opposes the contact point's sliding and is capped at sticking. Works against the fixed
// scene (b == nullptr) and between two bodies (Tongue & Moon: e = 0.8, mu = 0).
// Derivation: docs/wall-response-models.md.
#include "models/response/angle_law_model.hpp"

namespace crashbench {

/// An impulse on body a and the friction ratio it carries.
struct FrictionalImpulse {
  Vec2 impulse_W = Vec2::Zero();  ///< J on body a [N s], world frame
  double mu_used = 0;             ///< (t . J) / (n . J), in [0, mu] [-]
};

/// The impulse that makes n . v_rel after = -e n . v_rel before, with friction mu opposing the
/// sliding: slipping (J = jn (n + mu t)) unless that reverses the sliding, then sticking
/// (tangential relative velocity after = 0); mu_used = 0 when the normal impulse alone reverses
/// it. Requires an approaching contact (k.v_normal < 0) and valid inertia.
FrictionalImpulse restitution_impulse(const ContactKinematics& k, double e, double mu);

/// ResponseModel "restitution": e(alpha) and mu(alpha) from KnightLaws (energy_kept unused).
class RestitutionModel final : public AngleLawModel {
 public:
  using AngleLawModel::AngleLawModel;
  std::string_view name() const override { return "restitution"; }
  /// {"model", "restitution", "friction"}, laws as {"cos2", "offset"}.
  nlohmann::json parameters() const override;
  std::vector<LawCurve> curves() const override;

 protected:
  void set_targets(Resolution& r) const override;
  void resolve_approaching(const Body& a, const Body* b, const ContactKinematics& k, Resolution& r) const override;
};

/// Factory: reads "restitution" and "friction" (angle laws; Knight's by default), nothing else.
std::unique_ptr<ResponseModel> make_restitution(const JsonReader& response);

}  // namespace crashbench
