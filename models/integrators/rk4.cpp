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

void Rk4Integrator::step_pair(const OdeSystem& f0, StateVector& x0, const OdeSystem& f1, StateVector& x1,
                              double t, double dt) const {
  // step()'s expressions, each system's evaluation beside the other's: one chain of four dependent
  // evaluations per system, and the two chains independent.
  const double half = 0.5 * dt;
  const StateVector a1 = f0.derivative(t, x0), b1 = f1.derivative(t, x1);
  const StateVector a2 = f0.derivative(t + half, x0 + half * a1), b2 = f1.derivative(t + half, x1 + half * b1);
  const StateVector a3 = f0.derivative(t + half, x0 + half * a2), b3 = f1.derivative(t + half, x1 + half * b2);
  const StateVector a4 = f0.derivative(t + dt, x0 + dt * a3), b4 = f1.derivative(t + dt, x1 + dt * b3);
  x0 += (dt / 6.0) * (a1 + 2.0 * a2 + 2.0 * a3 + a4);
  x1 += (dt / 6.0) * (b1 + 2.0 * b2 + 2.0 * b3 + b4);
}

}  // namespace crashbench
