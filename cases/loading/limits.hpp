#pragma once
// Caps on what one input may ask for, so that a typo (dt 1e-5 for 1e-3, a 1000 x 1000 vary) is refused
// with a clear message before it takes the machine's memory, instead of being silently clamped. Each cap
// has a `crashbench run` flag to raise it; docs/case-files.md gives the defaults and why.
#include <cstddef>

namespace crashbench {

/// The longest name a case, vehicle or matrix may have [bytes of UTF-8]. Names are copied into every
/// expanded case's label, table row and results line: a longer one is refused, never cut (two long
/// names cut alike would become one).
inline constexpr std::size_t kMaxNameBytes = 1024;

struct InputLimits {
  std::size_t max_steps = 10'000'000;   ///< steps per case (duration / dt); --max-steps
  std::size_t max_samples = 2'000'000;  ///< recorded vehicle states per case (vehicles x samples); --max-samples
  std::size_t max_vehicles = 10'000;    ///< vehicles per case; --max-vehicles
  std::size_t max_cases = 100'000;      ///< cases of all inputs after matrix expansion; --max-cases
};

}  // namespace crashbench
