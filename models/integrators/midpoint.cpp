#include "models/integrators/methods.hpp"

namespace crashbench {

void MidpointIntegrator::step(const OdeSystem& f, double t, double dt, StateVector& x) const {
  // Half an Euler step, then the whole step with the slope found at that midpoint.
  const double half = 0.5 * dt;
  const StateVector mid = x + half * f.derivative(t, x);
  x += dt * f.derivative(t + half, mid);
}

}  // namespace crashbench
