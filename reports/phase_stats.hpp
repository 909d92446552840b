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

}  // namespace crashbench
