#include "cases/measured_crash.hpp"

#include <cmath>

#include "core/units.hpp"

namespace crashbench {

std::optional<VehicleComparison> compare_with_measured(const MeasuredVehicle& measured, const std::vector<PlanarState>& states,
                                                       const std::vector<double>& times, double window) {
  if (states.size() < 2 || times.size() != states.size()) return std::nullopt;
  // The samples' times are sums of steps: allow half of the smallest sample interval of rounding.
  const double slack = 0.5 * (times[1] - times[0]);
  std::size_t last = 0;
  while (last + 1 < times.size() && times[last + 1] <= times.front() + window + slack) ++last;
  if (last == 0) return std::nullopt;
  const PlanarState& a = states.front();
  const PlanarState& b = states[last];
  VehicleComparison c;
  c.simulated_B = rotation(-a.heading) * (b.velocity_W - a.velocity_W);
  c.magnitude_error = c.simulated_B.norm() - measured.delta_v_B.norm();
  c.direction_error = std::atan2(cross(measured.delta_v_B, c.simulated_B), measured.delta_v_B.dot(c.simulated_B));
  if (measured.yaw_rate_change) {
    c.yaw_rate_change = b.yaw_rate - a.yaw_rate;
    c.yaw_rate_error = *c.yaw_rate_change - *measured.yaw_rate_change;
  }
  return c;
}

}  // namespace crashbench
