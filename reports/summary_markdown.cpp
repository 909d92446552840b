#include "reports/summary_markdown.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "core/text.hpp"
#include "reports/expectation_text.hpp"
#include "reports/report_measured.hpp"
#include "reports/scene_verdicts.hpp"

namespace crashbench {
namespace {

/// A table cell holding text from an input file: no raw HTML, no column break, no code span, one line.
std::string cell(const std::string& text) { return escape_markdown_cell(text); }

std::string case_row(const CaseRecord& c) {
  if (c.status == "error")
    return fmt::format("| {} | **error** | | | | | | | {} |\n", cell(c.name), cell(c.error));
  const double step_us = c.median_ns("step") / 1000.0;
  const auto& step = c.timing.count("step") ? c.timing.at("step") : PhaseCost{};
  return fmt::format("| {} | {} | {} | {} | {:.2f} | {:.2f} | {:.2f} | {:.3f} | {:.2f} |\n", cell(c.name),
                     c.failed() ? "**failed**" : "passed", c.impacts, cell(invariant_verdicts(c)),
                     c.median_ns("detect") / 1000.0, step_us, step.p99_ns / 1000.0,
                     100.0 * step_us * 1e-6 / c.dt, step.max_ns / 1000.0);
}

}  // namespace

std::vector<const CaseRecord*> failures_first(const ResultsFile& results) {
  std::vector<const CaseRecord*> order;
  for (const auto& c : results.cases) order.push_back(&c);
  std::stable_partition(order.begin(), order.end(), [](const CaseRecord* c) { return c->failed(); });
  return order;
}

std::string invariant_verdicts(const CaseRecord& c) {
  int held = 0;
  std::string failures;
  for (const auto& inv : c.invariants) {
    if (inv.failed == 0) {
      ++held;
      continue;
    }
    failures += fmt::format("{}{} {:.3g} > {:.3g} ({} of {} events)", failures.empty() ? "" : ", ", inv.name,
                            inv.worst_residual, inv.tolerance, inv.failed, inv.checked);
  }
  if (!c.impacts_ok)
    failures += std::string(failures.empty() ? "" : ", ") + impact_count_mismatch(c.impacts_min, c.impacts_max, c.impacts);
  if (!c.first_impact_ok) failures += std::string(failures.empty() ? "" : ", ") + "first impact outside its time window";
  if (c.unchecked_events > 0)
    failures += fmt::format("{}{} events with no invariant checked", failures.empty() ? "" : ", ", c.unchecked_events);
  if (!c.failure.empty()) failures += std::string(failures.empty() ? "" : ", ") + "stopped: " + c.failure;
  std::string out = fmt::format("{}/{}", held, c.invariants.size());
  return failures.empty() ? out : out + ": " + failures;
}

std::string summary_markdown(const ResultsFile& results) {
  const auto [passed, failed, errors] = results.status_counts();
  // The question a user opens the summary with comes first: which detector to use on each scene.
  std::string out = fmt::format("# crashbench summary\n\n## Verdict per scene: the detector to use\n\n{}\n\n{}\n## Cases\n\n",
                                verdict_note(), verdict_table_markdown(scene_verdicts(results)));
  out += fmt::format("{}{} cases: {} passed, {} failed, {} errors. ",
                                results.interrupted ? "**" + results.interruption_note() + "** (the run did not finish). " : "",
                                results.cases.size(), passed, failed, errors);
  out += results.timing_serial() ? "Timing ran serially (one case at a time).\n\n"
                                 : fmt::format("Timing ran with {} cases at once: costs are indicative only.\n\n",
                                               results.run.value("jobs", 0));
  out += "| case | status | impacts | invariants | detect [us] | step [us] | step p99 [us] | budget [% dt] | "
         "step max [us] / error |\n";
  out += "| --- | --- | ---: | --- | ---: | ---: | ---: | ---: | --- |\n";
  for (const CaseRecord* c : failures_first(results)) out += case_row(*c);
  out += "\nCosts are per step: median unless marked; budget is the median step as a share of the case's dt. " +
         impacts_versus_events_note() + "\n";
  if (const std::string measured = measured_summary_markdown(results); !measured.empty()) out += "\n" + measured;
  return out;
}

}  // namespace crashbench
