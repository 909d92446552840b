#pragma once
// Force application: a vehicle with several impacts in a step gets one collision force over the next, and
// what that force did beyond J/m and rho x J/Izz (its application error) is charged to those impacts in
// proportion to their |J|. This keeps each vehicle's sum of |J| over one step's events.
#include <cstddef>
#include <vector>

#include "cases/event_log.hpp"

namespace crashbench {

class ImpulseShares {
 public:
  explicit ImpulseShares(std::size_t vehicles) : sum_(vehicles, 0.0) {}

  /// Sums |J| per vehicle over events [first, last) of `events`, one step's: their vehicles' sums of any
  /// earlier step are forgotten first.
  void sum(const EventLog& events, std::size_t first, std::size_t last);
  /// Event `e`'s share of vehicle `v`'s error (`v` one of its vehicles, `e` among the events summed last):
  /// its |J| over the vehicle's sum; 0 for no impulse.
  double share(const ImpactEvent& e, int v) const {
    const double j = e.resolution.impulse.linear_W.norm();
    return j > 0 ? j / sum_[static_cast<std::size_t>(v)] : 0.0;
  }

 private:
  std::vector<double> sum_;  ///< per vehicle
};

}  // namespace crashbench
