#include "models/integrators/methods.hpp"

#include <array>

namespace crashbench {

void EulerIntegrator::step(const OdeSystem& f, double t, double dt, StateVector& x) const {
  // f(t + dt) = f(t) + f'(t) dt (seed 004, section 4.3).
  x += dt * f.derivative(t, x);
}

void EulerIntegrator::step_batch(const OdeBatch& f, double t, double dt, StateVector* x) const {
  std::array<StateVector, kOdeBatchSize> slope;
  f.derivatives(t, x, slope.data());
  for (int i = 0; i < f.size(); ++i) x[i] += dt * slope[i];
}

}  // namespace crashbench
