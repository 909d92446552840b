#pragma once
// The common frame of Knight's wall models: coefficients are laws in the angle of attack, and
// every resolve first builds the contact kinematics and skips separating contacts and bodies
// without valid inertia. Subclasses supply the targets and the impulse for approaching contacts.
#include "models/response/contact_mechanics.hpp"
#include "models/response/response_model.hpp"

namespace crashbench {

class AngleLawModel : public ResponseModel {
 public:
  /// Throws Error for laws outside their ranges (validate).
  explicit AngleLawModel(const ResponseParams& params) : params_(params) { validate(params_); }
  /// Fills point and angle of attack (of body a's heading to the contact normal), calls
  /// set_targets, then: kSingular (zero impulse) for non-positive mass or inertia, kSeparating
  /// (zero impulse) when n . v_rel >= 0, otherwise resolve_approaching. Allocates nothing.
  Resolution resolve(const Body& a, const Body* b, const Contact& c) const final;

 protected:
  /// Sets the model's targets (restitution, energy_kept_target) at r.angle_of_attack.
  virtual void set_targets(Resolution& r) const = 0;
  /// Sets r.impulse.linear_W, r.mu_used and, if not kOk, r.status, for an approaching contact.
  virtual void resolve_approaching(const Body& a, const Body* b, const ContactKinematics& k,
                                   Resolution& r) const = 0;
  const ResponseParams& params() const { return params_; }

 private:
  ResponseParams params_;
};

}  // namespace crashbench
