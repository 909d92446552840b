#include "models/integrators/methods.hpp"

namespace crashbench {

void EulerIntegrator::step(const OdeSystem& f, double t, double dt, StateVector& x) const {
  // f(t + dt) = f(t) + f'(t) dt (seed 004, section 4.3).
  x += dt * f.derivative(t, x);
}

}  // namespace crashbench
