#pragma once
// A car into a rigid barrier by Brach's planar impact model (models/response/brach_planar.hpp), from the
// parameters an IIHS table row gives, under each way of reading its unconfirmed columns; and the backward
// fit from measured delta-V and yaw rate to e and the impulse ratio.
#include <string>
#include <vector>

#include "core/contact.hpp"
#include "core/math.hpp"
#include "validation/iihs_table.hpp"

namespace crashbench {

/// How the unconfirmed columns are read. Body frame x forward, y left; the car moves along +x.
struct WallReading {
  double phi_side = 1;         ///< +1: impact centre at d (cos phi, +sin phi) (phi counter-clockwise); -1: clockwise
  bool gamma_is_normal = false;  ///< false: Gamma is the crush surface's angle from x; true: its normal's
  double gamma_side = 1;       ///< +1: Gamma counter-clockwise from x; -1: clockwise
  bool mu_of_critical = true;  ///< true: mu% of the critical impulse ratio; false: mu%/100 is a friction cap
  std::string name() const;
};

/// All 16 readings.
std::vector<WallReading> all_readings();

/// The impact's outcome in the body frame at impact.
struct WallOutcome {
  Vec2 delta_v_B = Vec2::Zero();  ///< [m/s]
  double yaw_rate = 0;            ///< after the impact [rad/s], counter-clockwise
  double critical_ratio = 0;      ///< |tangential / normal| impulse that ends the sliding [-]
  bool ok = false;                ///< false: the model found no impact (separating or singular)
};

/// The row's impact centre and the barrier's normal (from the barrier towards the car) read as `reading`,
/// in the body frame at impact: the car at the origin, moving along +x.
Contact wall_contact(const IihsRow& row, const WallReading& reading);

/// Brach's wall impact for `row` read as `reading`, with `e` and `mu_percent` (the row's own when given
/// those), for a car of `mass` [kg] and `yaw_inertia` [kg m^2].
WallOutcome wall_impact(const IihsRow& row, const WallReading& reading, double mass, double yaw_inertia, double e,
                        double mu_percent);

/// Relative error of an outcome against the row's measured magnitudes in the kinetic-energy metric:
/// sqrt((ddvx^2 + ddvy^2 + k2 dr^2) / (dvx^2 + dvy^2 + k2 r^2)), k2 = yaw inertia / mass [m^2] [-].
double wall_error(const WallOutcome& o, const IihsRow& row, double k2);

/// e in [0, 1] and mu% in [0, 100] that minimise wall_error (a grid, then finer grids about the best).
struct WallFit {
  double e = 0, mu_percent = 0, error = 0;
};
WallFit fit_wall(const IihsRow& row, const WallReading& reading, double mass, double yaw_inertia);

}  // namespace crashbench
