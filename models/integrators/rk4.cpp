#include "models/integrators/methods.hpp"

namespace crashbench {

void Rk4Integrator::step(const OdeSystem& f, double t, double dt, StateVector& x) const {
  // Classical weights 1/6, 1/3, 1/3, 1/6 on slopes at the start, twice at the midpoint, and at the end.
  const double half = 0.5 * dt;
  const StateVector k1 = f.derivative(t, x);
  const StateVector k2 = f.derivative(t + half, x + half * k1);
  const StateVector k3 = f.derivative(t + half, x + half * k2);
  const StateVector k4 = f.derivative(t + dt, x + dt * k3);
  x += (dt / 6.0) * (k1 + 2.0 * k2 + 2.0 * k3 + k4);
}

}  // namespace crashbench
