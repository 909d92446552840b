#include "reports/summary_table.hpp"
#include "reports/sumo_text.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "core/text.hpp"
#include "reports/expectation_text.hpp"
#include "reports/results/phase_stats.hpp"

namespace crashbench {
namespace {

double median_us(const RunResult& r, Phase phase) {
  return phase_stats(r.timings[static_cast<std::size_t>(phase)]).median_ns / 1000.0;
}

/// "8/8" invariants passed, or the first failing invariant with its worst residual.
std::string invariant_cell(const RunResult& r) {
  int checked = 0, passed = 0;
  std::string first_failure;
  for (std::size_t i = 0; i < kInvariantCount; ++i) {
    const InvariantSummary& s = r.invariants[i];
    if (s.checked == 0) continue;
    ++checked;
    passed += s.failed == 0;
    if (s.failed > 0 && first_failure.empty())
      first_failure = fmt::format(" {} {:.2g}>{:.2g}", to_string(static_cast<Invariant>(i)), s.worst_residual, s.tolerance);
  }
  if (!r.impacts_expected_ok)
    first_failure += fmt::format(" {}", impact_count_mismatch(r.config.expect.impacts_min, r.config.expect.impacts_max,
                                                              r.impacts));
  if (!r.first_impact_time_ok) {
    const TimeWindow& w = *r.config.expect.first_impact_time;
    first_failure += r.events.empty() ? fmt::format(" no impact (first expected in [{}, {}] s)", w.earliest, w.latest)
                                      : fmt::format(" first impact at {:.3f} s not in [{}, {}] s", r.events.front().time,
                                                    w.earliest, w.latest);
  }
  if (const auto& a = r.agreement) {
    ++checked;
    passed += a->steps_differing == 0;
    if (a->steps_differing > 0)
      first_failure += fmt::format(" detector_agreement: {} of {} steps differ from {} (first at {:.3f} s)",
                                   a->steps_differing, a->steps_checked, a->reference, a->first_time);
  }
  if (r.unchecked_events > 0) first_failure += fmt::format(" {} events with no invariant checked", r.unchecked_events);
  if (!r.failure.empty()) first_failure += " stopped: " + r.failure;
  return fmt::format("{}/{}{}", passed, checked, first_failure);
}

}  // namespace

std::string summary_table(std::span<const RunResult> results) {
  // Names and errors come from input files: shown escaped, so no control character reaches the terminal.
  std::vector<std::string> names;
  std::size_t name_width = 4;
  for (const auto& r : results) name_width = std::max(name_width, names.emplace_back(escape_terminal(r.name)).size());

  std::string out = fmt::format("{:<{}}  {:<6}  {:>7}  {:>8} {:>8} {:>8} {:>8} {:>8}  {}\n", "case", name_width, "status",
                                "impacts", "detect", "resolve", "dynamics", "step", "budget", "invariants");
  out += fmt::format("{:<{}}  {:<6}  {:>7}  {:>8} {:>8} {:>8} {:>8} {:>8}\n", "", name_width, "", "",
                     "[us]", "[us]", "[us]", "[us]", "[% dt]");
  bool impacts_shown = false;
  for (std::size_t i = 0; i < results.size(); ++i) {
    const RunResult& r = results[i];
    if (r.status == CaseStatus::kError) {
      out += fmt::format("{:<{}}  {:<6}  {}\n", names[i], name_width, "error", escape_terminal(r.error));
      continue;
    }
    impacts_shown = true;
    const double step = median_us(r, Phase::kStep);
    out += fmt::format("{:<{}}  {:<6}  {:>7}  {:>8.2f} {:>8.2f} {:>8.2f} {:>8.2f} {:>8.3f}  {}\n", names[i], name_width,
                       to_string(r.status), r.impacts, median_us(r, Phase::kDetect), median_us(r, Phase::kResolve),
                       median_us(r, Phase::kDynamics), step, 100.0 * step * 1e-6 / r.config.dt, invariant_cell(r));
    if (r.sumo) out += sumo_summary(*r.sumo);
  }
  out += summary_count_line(results);
  // The note explains the impacts column: a run whose every case is an error shows none.
  return impacts_shown ? out + impacts_versus_events_note() + "\n" : out;
}

std::string summary_count_line(std::span<const RunResult> results) {
  int passed = 0, failed = 0, errors = 0;
  for (const RunResult& r : results) {
    passed += r.status == CaseStatus::kPassed;
    failed += r.status == CaseStatus::kFailed;
    errors += r.status == CaseStatus::kError;
  }
  return fmt::format("{} cases: {} passed, {} failed, {} errors (times are medians per step)\n", results.size(), passed,
                     failed, errors);
}

}  // namespace crashbench
