#include "models/dynamics/dugoff_tyre.hpp"

#include <algorithm>
#include <cmath>

namespace crashbench {

double dugoff_friction(const DugoffParams& p, double speed) {
  return std::max(0.0, p.nominal_mu * (1.0 - p.speed_reduction * std::abs(speed)));
}

DugoffForce dugoff_tyre(const DugoffParams& p, double normal_load, double slip_angle, double slip, double speed) {
  const double s = std::clamp(slip, 0.0, 1.0);
  const double fs = p.longitudinal_stiffness * s, fa = p.cornering_stiffness * std::tan(slip_angle);
  const double d = std::hypot(fs, fa);
  if (!(d > 0) || !std::isfinite(d)) return {};
  const double limit = dugoff_friction(p, speed) * std::max(normal_load, 0.0);
  const double lambda = limit * (1.0 - s) / (2.0 * d);
  // Scale of the linear forces (C_s s, C_a tan a): f(lambda) / (1 - s), written without 1/(1 - s)
  // when lambda < 1 so that a locked wheel stays finite.
  const double scale = lambda < 1.0 ? limit * (2.0 - lambda) / (2.0 * d) : 1.0 / (1.0 - s);
  return {-scale * fs, -scale * fa};
}

}  // namespace crashbench
