#pragma once
// Order statistics of per-step phase timings.
#include "cases/run_result.hpp"

namespace crashbench {

struct PhaseStats {
  double mean_ns = 0;
  double median_ns = 0;
  double p99_ns = 0;
  double max_ns = 0;
  int samples = 0;
};

PhaseStats phase_stats(const PhaseSamples& samples);

/// Per-step cost histogram on log-spaced bins: bin k holds samples in
/// [kHistogramFirstEdgeNs 10^(k/kHistogramBinsPerDecade), the next edge); the first and last bins also
/// take what falls below or above the range. Fixed edges, so histograms of several runs add up.
inline constexpr double kHistogramFirstEdgeNs = 10.0;   ///< [ns]
inline constexpr int kHistogramBinsPerDecade = 10;
inline constexpr int kHistogramBins = 60;               ///< 10 ns to 10 ms
std::vector<int> log_histogram(const PhaseSamples& samples);

}  // namespace crashbench
