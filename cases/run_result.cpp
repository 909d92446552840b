#include "cases/run_result.hpp"

#include <algorithm>
#include <climits>
#include <limits>
#include <numeric>
#include <utility>

namespace crashbench {

std::string_view to_string(Phase phase) {
  switch (phase) {
    case Phase::kDynamics: return "dynamics";
    case Phase::kDetect: return "detect";
    case Phase::kSweep: return "sweep";
    case Phase::kResolve: return "resolve";
    case Phase::kApply: return "apply";
    case Phase::kCheck: return "check";
    case Phase::kStep: return "step";
    case Phase::kSurface: return "surface";
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

namespace {

constexpr double kSameFaceCosine = 0.8660254037844386;  // cos 30 deg

/// Numbers the impacts: an event continues the impact of the latest earlier event with the same vehicle
/// and obstacle, a normal within 30 degrees (the same face, whichever triangle or wall piece a detector
/// reports), at most kImpactGapSteps before it. Events come in step order; each looks back along its own
/// vehicle and obstacle's events only, since at 100,000 cars the window of all events holds 100,000s.
int group_impacts(std::vector<ImpactEvent>& events) {
  constexpr std::size_t kNone = std::numeric_limits<std::size_t>::max();
  std::vector<std::size_t> order(events.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  const auto key = [&](std::size_t i) { return std::pair{events[i].contact.vehicle, events[i].contact.other}; };
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return key(a) < key(b); });
  std::vector<std::size_t> previous(events.size(), kNone);  // the event before, of the same vehicle and obstacle
  for (std::size_t k = 1; k < order.size(); ++k)
    if (key(order[k]) == key(order[k - 1])) previous[order[k]] = order[k - 1];
  int impacts = 0;
  for (std::size_t i = 0; i < events.size(); ++i) {
    ImpactEvent& e = events[i];
    e.impact = -1;
    for (std::size_t j = previous[i]; j != kNone; j = previous[j]) {
      const ImpactEvent& earlier = events[j];
      if (e.step - earlier.step > kImpactGapSteps) break;
      if (earlier.contact.normal_W.dot(e.contact.normal_W) > kSameFaceCosine) {
        e.impact = earlier.impact;
        break;
      }
    }
    if (e.impact < 0) e.impact = impacts++;
  }
  return impacts;
}

}  // namespace

void summarise(RunResult& result) {
  result.impacts = group_impacts(result.events);
  result.invariants = {};
  result.unchecked_events = 0;
  for (const auto& event : result.events) {
    const auto checks = event.checks.all();
    result.unchecked_events += std::all_of(checks.begin(), checks.end(),
                                           [](const InvariantCheck& c) { return c.verdict == Verdict::kNotApplicable; });
    for (std::size_t i = 0; i < kInvariantCount; ++i) {
      const InvariantCheck& check = checks[i];
      if (check.verdict == Verdict::kNotApplicable) continue;
      InvariantSummary& s = result.invariants[i];
      ++s.checked;
      s.failed += check.verdict == Verdict::kFail;
      s.worst_residual = std::max(s.worst_residual, check.residual);
      s.tolerance = result.tolerances_of(event).of(static_cast<Invariant>(i));
    }
  }
  InvariantSummary& tunnelling = result.invariants[static_cast<std::size_t>(Invariant::kNoTunnelling)];
  tunnelling.checked = static_cast<int>(std::min<long long>(result.tunnelling_checked, INT_MAX));
  tunnelling.failed = static_cast<int>(result.tunnelling.size());
  tunnelling.worst_residual = result.tunnelling.empty() ? 0.0 : 1.0;  // a pass-through is all or nothing
  result.impacts_expected_ok =
      result.impacts >= result.config.expect.impacts_min && result.impacts <= result.config.expect.impacts_max;
  if (const auto& window = result.config.expect.first_impact_time) {
    const double first = result.events.empty() ? -1.0 : result.events.front().time;
    result.first_impact_time_ok = first >= window->earliest && first <= window->latest;
  }
  const bool any_failed = std::any_of(result.invariants.begin(), result.invariants.end(),
                                      [](const InvariantSummary& s) { return s.failed > 0; });
  const bool expected = result.impacts_expected_ok && result.first_impact_time_ok;
  // An impact on which nothing was checked proves nothing: it does not pass.
  const bool verified = result.failure.empty() && result.unchecked_events == 0 &&
                        (!result.agreement || result.agreement->steps_differing == 0);
  result.status = any_failed || !expected || !verified ? CaseStatus::kFailed : CaseStatus::kPassed;
}

}  // namespace crashbench
