#pragma once
// The common frame of Knight's wall models: coefficients are laws in the angle of attack, and
// every resolve first builds the contact kinematics and skips separating contacts and bodies
// without valid inertia. Subclasses supply the targets and the impulse for approaching contacts.
#include "models/response/contact_mechanics.hpp"
#include "models/response/response_model.hpp"

namespace crashbench {

/// Knight's laws from a model's `response` object: each of "restitution", "friction", "energy_kept"
/// present is read (and range-checked), the others keep Knight's defaults. The caller's only_keys decides
/// which of them the model owns.
KnightLaws read_knight_laws(const JsonReader& response);

class AngleLawModel : public ResponseModel {
 public:
  /// Throws Error for laws outside their ranges (validate).
  explicit AngleLawModel(const KnightLaws& params) : params_(params) { validate(params_); }
  /// Fills point, angle of attack (of body a's heading to the contact normal) and mu_limit, calls
  /// set_targets, then: kSingular (zero impulse) for non-positive mass or inertia, kSeparating
  /// (zero impulse) when n . v_rel >= 0, otherwise resolve_approaching, then the invariants that apply
  /// (invariants()). Allocates nothing.
  Resolution resolve(const Body& a, const Body* b, const Contact& c) const final;

 protected:
  /// Sets the model's targets (restitution, energy_kept_target) at r.angle_of_attack.
  virtual void set_targets(Resolution& r) const = 0;
  /// Sets r.impulse.linear_W, r.mu_used and, if not kOk, r.status, for an approaching contact.
  virtual void resolve_approaching(const Body& a, const Body* b, const ContactKinematics& k,
                                   Resolution& r) const = 0;
  /// The invariants that apply to `r` once resolved; impulse_invariants unless a model says otherwise.
  virtual InvariantSet invariants(const Resolution& r) const { return impulse_invariants(r); }
  const KnightLaws& params() const { return params_; }

 private:
  KnightLaws params_;
};

}  // namespace crashbench
