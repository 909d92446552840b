#pragma once
// The invariant checks (docs/architecture.md, "Invariants"), applied to one impact event. Each gives a normalised
// residual and a verdict against the case's tolerance; an invariant that does not apply to the event's
// model is kNotApplicable.
#include "cases/case.hpp"
#include "cases/verdicts.hpp"

namespace crashbench {

/// Evaluates every invariant on `event` (its pre and post states must be filled) with `other`, the other
/// vehicle's bodies of a two-vehicle event (nullptr against the scene). `dt` [s] is the run's step:
/// residuals are relative to scales that include the weight's impulse over one step, m g dt.
InvariantChecks check_impact(const ImpactEvent& event, const OtherBody* other, const Tolerances& tolerances,
                             double dt);

}  // namespace crashbench
