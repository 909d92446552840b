#include "reports/results/phase_stats.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace crashbench {

PhaseStats phase_stats(const PhaseSamples& samples) {
  PhaseStats s;
  if (samples.ns.empty()) return s;
  std::vector<float> sorted = samples.ns;
  std::sort(sorted.begin(), sorted.end());
  const auto at_quantile = [&](double q) {
    const auto index = static_cast<std::size_t>(std::ceil(q * static_cast<double>(sorted.size()))) - 1;
    return static_cast<double>(sorted[std::min(index, sorted.size() - 1)]);
  };
  s.samples = static_cast<int>(sorted.size());
  s.mean_ns = std::accumulate(sorted.begin(), sorted.end(), 0.0) / static_cast<double>(sorted.size());
  s.median_ns = at_quantile(0.5);
  s.p99_ns = at_quantile(0.99);
  s.max_ns = sorted.back();
  return s;
}

std::vector<int> log_histogram(const PhaseSamples& samples) {
  std::vector<int> counts(kHistogramBins, 0);
  for (const float ns : samples.ns) {
    const double bin = std::floor(std::log10(std::max(static_cast<double>(ns), 1e-3) / kHistogramFirstEdgeNs) *
                                  kHistogramBinsPerDecade);
    ++counts[static_cast<std::size_t>(std::clamp(bin, 0.0, static_cast<double>(kHistogramBins - 1)))];
  }
  return counts;
}

}  // namespace crashbench
