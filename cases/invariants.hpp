#pragma once
// The invariant checks of DESIGN.md section 5, applied to one impact event. Each gives a normalised
// residual and a verdict against the case's tolerance; an invariant that does not apply to the event's
// model is kNotApplicable.
#include <array>
#include <cstdint>
#include <string_view>

#include "cases/case.hpp"
#include "core/contact.hpp"
#include "core/vehicle.hpp"
#include "models/response/response_model.hpp"

namespace crashbench {

enum class Invariant : std::uint8_t {
  kLinearMomentum,   ///< m (V2 - V1) = J per body
  kAngularMomentum,  ///< Izz (r2 - r1) = rho x J per body
  kRestitution,      ///< v_n after = -e v_n before at the contact point
  kEnergyRatio,      ///< E2 = P E1
  kNoEnergyGain,     ///< E2 <= E1
  kSystemMomentum,   ///< two bodies: total linear and angular momentum (about the origin) unchanged
  kNoPenetration,    ///< v_n after >= 0
  kFrictionBound,    ///< |J_t| <= mu J_n
  kNoTunnelling,     ///< every step, every vehicle: no CG path crosses a wall or another vehicle's body
};
inline constexpr std::size_t kInvariantCount = 9;
std::string_view to_string(Invariant invariant);

enum class Verdict : std::uint8_t { kNotApplicable, kPass, kFail };
std::string_view to_string(Verdict verdict);

struct InvariantCheck {
  double residual = 0;   ///< normalised, dimensionless
  double tolerance = 0;
  Verdict verdict = Verdict::kNotApplicable;
};
using InvariantChecks = std::array<InvariantCheck, kInvariantCount>;

/// One resolved contact: the bodies before and after the impulse, world frame.
struct ImpactEvent {
  int step = 0;
  double time = 0;        ///< [s]
  int impact = -1;        ///< which impact of the run this event belongs to (see RunResult::impacts)
  Contact contact;
  Resolution resolution;
  double mu_limit = 0;    ///< friction coefficient the model was allowed [-]
  Body pre_a, post_a;     ///< the vehicle `contact.vehicle`
  Body pre_b, post_b;     ///< the other vehicle; unused for the static scene
  InvariantChecks checks;

  bool two_body() const { return contact.other != kStaticScene; }
};

/// Evaluates every invariant on `event` (its pre and post states must be filled).
InvariantChecks check_impact(const ImpactEvent& event, const Tolerances& tolerances);

}  // namespace crashbench
