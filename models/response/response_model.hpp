#pragma once
// The response-model seam: a contact and the bodies' states in, an impulse out. Pure functions of
// their inputs; nothing here knows about detectors or scenes.
#include <span>
#include <memory>
#include <string_view>

#include "core/contact.hpp"
#include "core/registry.hpp"
#include "core/vehicle.hpp"

namespace crashbench {

enum class ResolutionStatus {
  kOk,               ///< impulse found as the model intends
  kSeparating,       ///< contact point already leaving: no impulse
  kNoRealRoot,       ///< energy target unreachable; fell back to the e = 0 impulse
  kRootPenetrates,   ///< both energy roots leave the contact point approaching; fell back to e = 0
  kNotConverged,     ///< iterative model hit its iteration cap
  kSingular,         ///< the model's system could not be solved
};

std::string_view to_string(ResolutionStatus status);

/// What a model that integrates over an impact duration (four-dof) predicts at the end of it: the states
/// its published tables give, each in its own vehicle's body frame at impact (x forward, y left).
struct ImpactEndState {
  Vec2 velocity_B = Vec2::Zero();  ///< CG velocity (u, v) [m/s]
  double yaw_rate = 0;             ///< [rad/s]
  double roll_rate = 0;            ///< sprung-mass roll rate [rad/s]
};

struct ImpactEnd {
  double duration = -1;   ///< impact duration [s]; < 0 when the model applies an instant impulse only
  ImpactEndState a, b;    ///< vehicle a and b (b unused against the scene)
};

struct Resolution {
  Impulse impulse;                 ///< on body a at the contact point, world frame [N s]; -impulse acts on b / the scene
  double restitution = -1;         ///< e imposed at the contact point [-]; < 0 when the model imposes none
  double mu_used = 0;              ///< tangential/normal impulse ratio actually applied [-]
  double energy_kept_target = -1;  ///< E2/E1 the model aimed for [-]; < 0 when it aims for none
  double angle_of_attack = 0;      ///< between heading of body a and the obstacle's surface [rad], 0..pi/2
  ResolutionStatus status = ResolutionStatus::kOk;
  ImpactEnd end;                   ///< the model's own end-of-impact states, when it predicts them
};

class ResponseModel {
 public:
  virtual ~ResponseModel() = default;
  virtual std::string_view name() const = 0;
  /// The run's vehicle parameters, indexed like Contact::vehicle; they outlive the model. Models that
  /// need more than a Body carries (tyres, roll) keep the span; called once, before any resolve.
  virtual void prepare(std::span<const VehicleParams> vehicles) { (void)vehicles; }
  /// Impulse for contact `c` between body `a` and body `b` (nullptr: the static scene). Allocates nothing.
  virtual Resolution resolve(const Body& a, const Body* b, const Contact& c) const = 0;
};

/// A coefficient that is a cosine law in the angle of attack alpha: cos2_coef * cos(2 alpha) + offset.
/// A fixed value has cos2_coef = 0.
struct AngleLaw {
  double cos2_coef = 0;
  double offset = 0;
  double at(double alpha) const;
  static AngleLaw fixed(double value) { return {0.0, value}; }
};

/// Throws Error unless `law` stays within [lo, hi] over every angle of attack; `field` names it.
void require_law_within(const AngleLaw& law, double lo, double hi, const char* field);

/// Parameters a case gives its response model; defaults are Knight's laws.
struct ResponseParams {
  AngleLaw restitution{0.125, 0.175};  ///< e(alpha), thesis eq. 4-11
  AngleLaw friction{0.15, 0.15};       ///< mu(alpha): 0.3 glancing, 0.0 head-on (docs/wall-response-models.md)
  AngleLaw energy_kept{0.44, 0.48};    ///< P(alpha), thesis eq. 4-22
};

/// Throws Error unless 0 <= e(alpha) <= 1, mu(alpha) >= 0 and 0 <= P(alpha) <= 1 for every alpha: every
/// response model relies on it (e > 1 or P > 1 create energy, mu < 0 pushes the sliding on).
void validate(const ResponseParams& params);

using ResponseFactory = std::unique_ptr<ResponseModel> (*)(const ResponseParams&);
/// The response models, built-ins first; plugins add theirs here (docs/plugins.md).
Registry<RegistryEntry<ResponseFactory>>& response_model_registry();
/// All registered response models, by name.
std::span<const RegistryEntry<ResponseFactory>> response_models();

}  // namespace crashbench
