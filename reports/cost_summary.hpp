#pragma once
// The step cost of a group of cases (one scene, detector and response model), as Table 6-1 and the
// verdict per scene show it: robust to the odd slow step, and worst-case where a budget is at stake.
#include <string>
#include <vector>

#include "reports/results/results_reader.hpp"

namespace crashbench {

/// One phase's cost over several cases.
struct GroupCost {
  std::vector<double> medians_ns;  ///< each case's median [ns]
  double worst_p99_ns = 0;         ///< the largest of the cases' 99th percentiles [ns]
  double mean_of_means_ns = 0;     ///< for detail tables only [ns]
  double smallest_dt = 0;          ///< the tightest budget among the cases: their smallest dt [s]

  /// Adds `c`'s cost of `phase` (a case without that phase adds 0s).
  void add(const CaseRecord& c, const std::string& phase);
  int cases() const { return static_cast<int>(medians_ns.size()); }
  /// The median of the cases' medians [ns] (the mean of the middle two for an even count); 0 when empty.
  double median_ns() const;
};

}  // namespace crashbench
