#pragma once
// summary.md: one Markdown table row per case for CI logs and pull requests, failures first.
#include <string>
#include <vector>

#include "reports/results/results_reader.hpp"

namespace crashbench {

/// The cases in report order: failed and error cases first, then the passed ones, each group in run order.
std::vector<const CaseRecord*> failures_first(const ResultsFile& results);

/// "6/6" when every checked invariant held, else "5/6: name residual > tolerance, ..." (and an
/// unmet impact expectation).
std::string invariant_verdicts(const CaseRecord& c);

/// The whole summary.md text.
std::string summary_markdown(const ResultsFile& results);

}  // namespace crashbench
