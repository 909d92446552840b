#pragma once
// The curves of Knight's thesis chapter 4 that the report plots, computed from the same algebra the
// energy-loss model uses (docs/wall-response-models.md section 4), not read off a figure.
#include <vector>

#include "core/vehicle.hpp"
#include "models/response/response_model.hpp"

namespace crashbench {

/// Thesis Figure 4-5 for one angle of attack: force magnitude against the fraction of kinetic energy
/// kept, both roots of the energy-loss quadratic. NaN where the target is unreachable (no real root).
struct EnergyLossCurve {
  double alpha_deg = 0;              ///< angle of attack [deg]
  std::vector<double> energy_kept;   ///< P = E2/E1 [-], 0..1
  std::vector<double> force_larger;  ///< |F0| of the larger root [N], J0 = F0 dt
  std::vector<double> force_smaller; ///< |F0| of the smaller root [N]
};

/// A front-centre hit on a wall (Knight's Figure 4-5 setting): `vehicle` (mass, inertia; its state is
/// ignored) moving at `speed` [m/s] along its heading, which makes angle `alpha_deg` with the wall; the
/// contact point is `cg_to_front` [m] ahead of the CG; the force direction is unit(n + mu t) with
/// mu = friction(alpha) and t opposing the contact point's sliding; F0 = J0 / dt [N].
EnergyLossCurve energy_loss_curve(const Body& vehicle, double cg_to_front, double speed, double alpha_deg,
                                  const AngleLaw& friction, double dt, int points = 101);

}  // namespace crashbench
