#pragma once
// The three explicit fixed-step methods of Deak (seed 004, section 4.3). Each stage is a fixed-size
// StateVector on the stack: a step allocates nothing. step_batch takes each stage for the whole batch,
// with step()'s expressions on each system. Global error orders: Euler 1, midpoint 2, RK4 4.
#include "models/integrators/integrator.hpp"

namespace crashbench {

/// Forward Euler: x += dt f(t, x). One derivative evaluation per step.
class EulerIntegrator final : public Integrator {
 public:
  std::string_view name() const override { return "euler"; }
  int order() const override { return 1; }
  int evaluations() const override { return 1; }
  void step(const OdeSystem& f, double t, double dt, StateVector& x) const override;
  void step_batch(const OdeBatch& f, double t, double dt, StateVector* x) const override;
  /// |1 + i w|^2 = 1 + w^2: Euler always gains energy on an undamped spring (Deak, section 4.3).
  double oscillator_energy_factor(double w) const override { return 1.0 + w * w; }
};

/// Explicit midpoint: x += dt f(t + dt/2, x + dt/2 f(t, x)). Two evaluations per step; exact for
/// constant acceleration.
class MidpointIntegrator final : public Integrator {
 public:
  std::string_view name() const override { return "midpoint"; }
  int order() const override { return 2; }
  int evaluations() const override { return 2; }
  void step(const OdeSystem& f, double t, double dt, StateVector& x) const override;
  void step_batch(const OdeBatch& f, double t, double dt, StateVector* x) const override;
  /// |1 + i w - w^2/2|^2 = 1 + w^4/4.
  double oscillator_energy_factor(double w) const override { return 1.0 + w * w * w * w / 4.0; }
};

/// Classical fourth-order Runge-Kutta. Four evaluations per step.
class Rk4Integrator final : public Integrator {
 public:
  std::string_view name() const override { return "rk4"; }
  int order() const override { return 4; }
  int evaluations() const override { return 4; }
  void step(const OdeSystem& f, double t, double dt, StateVector& x) const override;
  void step_batch(const OdeBatch& f, double t, double dt, StateVector* x) const override;
  /// |1 + i w - w^2/2 - i w^3/6 + w^4/24|^2 = 1 - w^6/72 + w^8/576.
  double oscillator_energy_factor(double w) const override {
    const double w6 = w * w * w * w * w * w;
    return 1.0 - w6 / 72.0 + w6 * w * w / 576.0;
  }
};

}  // namespace crashbench
