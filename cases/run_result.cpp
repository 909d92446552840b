#include "cases/run_result.hpp"

#include <algorithm>

namespace crashbench {

std::string_view to_string(Phase phase) {
  switch (phase) {
    case Phase::kDynamics: return "dynamics";
    case Phase::kDetect: return "detect";
    case Phase::kResolve: return "resolve";
    case Phase::kApply: return "apply";
    case Phase::kCheck: return "check";
    case Phase::kStep: return "step";
  }
  return "unknown";
}

std::string_view to_string(CaseStatus status) {
  switch (status) {
    case CaseStatus::kPassed: return "passed";
    case CaseStatus::kFailed: return "failed";
    case CaseStatus::kError: return "error";
  }
  return "unknown";
}

void summarise(RunResult& result) {
  result.invariants = {};
  for (const auto& event : result.events) {
    for (std::size_t i = 0; i < kInvariantCount; ++i) {
      const InvariantCheck& check = event.checks[i];
      if (check.verdict == Verdict::kNotApplicable) continue;
      InvariantSummary& s = result.invariants[i];
      ++s.checked;
      s.failed += check.verdict == Verdict::kFail;
      s.worst_residual = std::max(s.worst_residual, check.residual);
      s.tolerance = check.tolerance;
    }
  }
  const int impacts = static_cast<int>(result.events.size());
  result.impacts_expected_ok = impacts >= result.config.expect.impacts_min && impacts <= result.config.expect.impacts_max;
  const bool any_failed = std::any_of(result.invariants.begin(), result.invariants.end(),
                                      [](const InvariantSummary& s) { return s.failed > 0; });
  result.status = any_failed || !result.impacts_expected_ok ? CaseStatus::kFailed : CaseStatus::kPassed;
}

}  // namespace crashbench
