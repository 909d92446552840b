#include "models/integrators/methods.hpp"

#include <array>

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

void Rk4Integrator::step_batch(const OdeBatch& f, double t, double dt, StateVector* x) const {
  if (f.rk4_step(t, dt, x)) return;
  const double half = 0.5 * dt;
  const int n = f.size();
  std::array<StateVector, kOdeBatchSize> k1, k2, k3, k4, stage;
  f.derivatives(t, x, k1.data());
  for (int i = 0; i < n; ++i) stage[i] = x[i] + half * k1[i];
  f.derivatives(t + half, stage.data(), k2.data());
  for (int i = 0; i < n; ++i) stage[i] = x[i] + half * k2[i];
  f.derivatives(t + half, stage.data(), k3.data());
  for (int i = 0; i < n; ++i) stage[i] = x[i] + dt * k3[i];
  f.derivatives(t + dt, stage.data(), k4.data());
  for (int i = 0; i < n; ++i) x[i] += (dt / 6.0) * (k1[i] + 2.0 * k2[i] + 2.0 * k3[i] + k4[i]);
}

}  // namespace crashbench
