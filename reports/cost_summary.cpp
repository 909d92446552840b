#include "reports/cost_summary.hpp"

#include <algorithm>

namespace crashbench {

void GroupCost::add(const CaseRecord& c, const std::string& phase) {
  const auto it = c.timing.find(phase);
  const PhaseCost cost = it == c.timing.end() ? PhaseCost{} : it->second;
  const double n = static_cast<double>(medians_ns.size());
  mean_of_means_ns = (mean_of_means_ns * n + cost.mean_ns) / (n + 1);
  medians_ns.push_back(cost.median_ns);
  worst_p99_ns = std::max(worst_p99_ns, cost.p99_ns);
  smallest_dt = smallest_dt > 0 ? std::min(smallest_dt, c.dt) : c.dt;
}

double GroupCost::median_ns() const {
  if (medians_ns.empty()) return 0;
  std::vector<double> sorted = medians_ns;
  std::sort(sorted.begin(), sorted.end());
  const std::size_t mid = sorted.size() / 2;
  return sorted.size() % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

}  // namespace crashbench
