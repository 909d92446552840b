#pragma once
// The stop on a non-finite value: a NaN or infinity in a state, or in an impulse or invariant residual,
// ends the run with a message that names it, instead of spreading through the rest of the run.
#include <span>
#include <string>

#include "cases/event_log.hpp"
#include "models/dynamics/vehicle_dynamics.hpp"

namespace crashbench {

class FiniteGuard {
 public:
  /// What became non-finite ("vehicle 2 velocity x became NaN", "impulse of vehicle 0's event against the
  /// scene became infinite"), or empty. Looks at every state of `x` and at the events with their verdicts
  /// not looked at before, up to `checked_upto`; an offending event and those after it are dropped.
  std::string first_non_finite(std::span<const StateVector> x, EventLog& events, std::size_t checked_upto);

 private:
  std::size_t finite_upto_ = 0;  ///< events before this index were found finite
};

}  // namespace crashbench
