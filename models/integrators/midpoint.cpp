#include "models/integrators/methods.hpp"

#include <array>

namespace crashbench {

void MidpointIntegrator::step(const OdeSystem& f, double t, double dt, StateVector& x) const {
  // Half an Euler step, then the whole step with the slope found at that midpoint.
  const double half = 0.5 * dt;
  const StateVector mid = x + half * f.derivative(t, x);
  x += dt * f.derivative(t + half, mid);
}

void MidpointIntegrator::step_batch(const OdeBatch& f, double t, double dt, StateVector* x) const {
  const double half = 0.5 * dt;
  std::array<StateVector, kOdeBatchSize> slope, mid;
  f.derivatives(t, x, slope.data());
  for (int i = 0; i < f.size(); ++i) mid[i] = x[i] + half * slope[i];
  f.derivatives(t + half, mid.data(), slope.data());
  for (int i = 0; i < f.size(); ++i) x[i] += dt * slope[i];
}

}  // namespace crashbench
