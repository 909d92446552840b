#pragma once
// The invariant checks (docs/architecture.md, "Invariants"), applied to one impact event. Each gives a normalised
// residual and a verdict against the case's tolerance; an invariant that does not apply to the event's
// model is kNotApplicable.
#include <array>
#include <cstdint>
#include <string_view>

#include "cases/case.hpp"
#include "core/contact.hpp"
#include "core/vehicle.hpp"
#include "models/response/invariant_set.hpp"
#include "models/response/response_model.hpp"

namespace crashbench {

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

/// Evaluates every invariant on `event` (its pre and post states must be filled). `dt` [s] is the run's
/// step: residuals are relative to scales that include the weight's impulse over one step, m g dt.
InvariantChecks check_impact(const ImpactEvent& event, const Tolerances& tolerances, double dt);

}  // namespace crashbench
