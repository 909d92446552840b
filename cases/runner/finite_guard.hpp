#pragma once
// The stop on a non-finite value: a NaN or infinity in a state, or in an impulse or invariant residual,
// ends the run with a message that names it, instead of spreading through the rest of the run.
#include <span>
#include <string>
#include <vector>

#include "cases/event_log.hpp"
#include "core/per_thread.hpp"
#include "core/vehicle_ranges.hpp"
#include "models/dynamics/vehicle_dynamics.hpp"

namespace crashbench {

class FiniteGuard {
 public:
  /// For first_non_finite() split over at most `threads` threads.
  explicit FiniteGuard(int threads = 1) : first_bad_(static_cast<std::size_t>(threads)) {}
  /// What became non-finite ("vehicle 2 velocity x became NaN", "impulse of vehicle 0's event against the
  /// scene became infinite"), or empty. Looks at every state of `x` and at the events with their verdicts
  /// not looked at before, up to `checked_upto`; an offending event and those after it are dropped. The
  /// states are scanned over `threads` if given, no more than the constructor's (a serial pass of 10,000
  /// cars costs 1 % of a step).
  std::string first_non_finite(std::span<const StateVector> x, EventLog& events, std::size_t checked_upto,
                               VehicleRanges* threads = nullptr);

 private:
  /// The first vehicle with a non-finite state, or x.size().
  std::size_t first_non_finite_state(std::span<const StateVector> x, VehicleRanges* threads);
  std::size_t finite_upto_ = 0;          ///< events before this index were found finite
  PerThread<std::size_t> first_bad_;   ///< per thread: the first non-finite state it saw, or x.size()
};

}  // namespace crashbench
