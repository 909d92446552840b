#pragma once
// The no-pull spring-damper m x'' = -max(0, k x + c x') integrated here with a tiny semi-implicit Euler
// step: a calculation independent of the penalty model's closed forms and of the runner.
#include <algorithm>

namespace crashbench::testing {

struct Bounce {
  double restitution = 0;  ///< exit speed / entry speed [-]
  double duration = 0;     ///< [s]
  double peak_force = 0;   ///< [N]
};

/// From depth x0 >= 0 and approach speed v0 > 0 until the force would pull or the depth is gone.
inline Bounce bounce(double k, double c, double m, double v0, double x0 = 0.0) {
  const double h = 1e-7;
  double x = x0, v = v0, t = 0, peak = 0;
  while (t < 10.0) {
    const double f = std::max(0.0, k * x + c * v);
    if (t > 0 && (x <= 0 || f <= 0)) break;
    peak = std::max(peak, f);
    v -= f / m * h;
    x += v * h;
    t += h;
  }
  return {-v / v0, t, peak};
}

}  // namespace crashbench::testing
