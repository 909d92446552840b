#pragma once
// Caps on what one input may ask for, so that a typo (dt 1e-5 for 1e-3, a 1000 x 1000 vary) is refused
// with a clear message before it takes the machine's memory, instead of being silently clamped. Each cap
// has a `crashbench run` flag to raise it; docs/case-files.md gives the defaults and why.
#include <cstddef>

namespace crashbench {

struct InputLimits {
  std::size_t max_steps = 10'000'000;   ///< steps per case (duration / dt); --max-steps
  std::size_t max_samples = 2'000'000;  ///< recorded vehicle states per case (vehicles x samples); --max-samples
  std::size_t max_vehicles = 10'000;    ///< vehicles per case; --max-vehicles
  std::size_t max_cases = 100'000;      ///< cases of all inputs after matrix expansion; --max-cases
};

}  // namespace crashbench
