#pragma once
// `crashbench compare A.json B.json`: two results side by side, case by case, in the spirit of Google
// Benchmark's compare.py: costs with ratios, post-impact states with differences, verdict changes.
#include <string>
#include <vector>

#include "reports/results/results_reader.hpp"

namespace crashbench {

struct Comparison {
  std::string text;      ///< the table and the verdict changes, for a terminal
  int regressions = 0;   ///< cases passed in A and failed or errored in B, and invariants that newly fail
  int improvements = 0;  ///< the reverse
  int physics_changed = 0;    ///< paired cases whose physics hashes differ (cases/checks/physics_hash.hpp)
  int physics_identical = 0;  ///< paired cases with equal hashes; cases without a hash in A or B count in neither
};

/// The phases compared when none are asked for.
inline const std::vector<std::string> kDefaultComparedPhases = {"step", "detect"};

/// Matches cases by name; cases only in one file are listed as such, and a case whose physics hash
/// differs is listed with both hashes (a change of numbers, not a verdict: it counts as neither). `phases`: the timed phases whose
/// medians and ratios the table shows (names as in results.json: dynamics, detect, resolve, apply,
/// check, step); an unknown name is an Error listing the known ones.
Comparison compare_results(const ResultsFile& a, const ResultsFile& b,
                           const std::vector<std::string>& phases = kDefaultComparedPhases);

}  // namespace crashbench
