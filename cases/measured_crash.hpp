#pragma once
// A staged crash test's measurements, carried by the case built from it (`measured`), and the run's
// same quantities beside them: each vehicle's velocity change over the measured window, in its body
// frame at impact, as the accelerometers (nearly) measure it; the report's "measured crashes" section
// and `crashbench crash-test --score` both read the comparison (docs/validation.md).
#include <optional>
#include <string>
#include <vector>

#include "core/json_reader.hpp"
#include "core/math.hpp"
#include "core/vehicle.hpp"

namespace crashbench {

/// One vehicle's measured change over the window.
struct MeasuredVehicle {
  Vec2 delta_v_B = Vec2::Zero();          ///< body frame at impact (x forward, y left) [m/s]
  double uncertainty = 0;                 ///< the measurement's own spread of |delta_v_B| [m/s]
  std::optional<double> yaw_rate_change;  ///< [rad/s]
  bool yaw_is_estimate = false;           ///< derived (two sills), not a yaw-rate sensor
};

struct MeasuredCrash {
  std::string source;                     ///< the test and how its values were obtained
  double window = 0;                      ///< [s] the changes are over [0, window] of the case
  std::vector<MeasuredVehicle> vehicles;  ///< in the case's vehicle order; fewer than the case's is allowed
};

/// A vehicle's simulated change beside the measured one.
struct VehicleComparison {
  Vec2 simulated_B = Vec2::Zero();  ///< [m/s], body frame at the first state
  double magnitude_error = 0;       ///< |simulated| - |measured| [m/s]
  double direction_error = 0;       ///< signed angle from measured to simulated [rad], counter-clockwise
  std::optional<double> yaw_rate_change, yaw_rate_error;  ///< [rad/s], where a yaw rate was measured
};

/// Compares `track` (recorded states at `times`) with `measured` over [times.front(), window]: the last
/// recorded state at or before the window's end (within half a sample of rounding) against the first.
/// Returns nullopt when fewer than two states lie in the window.
std::optional<VehicleComparison> compare_with_measured(const MeasuredVehicle& measured, const std::vector<PlanarState>& states,
                                                       const std::vector<double>& times, double window);

}  // namespace crashbench
