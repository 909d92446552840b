#pragma once
// Fixed-step explicit integrators (Deak, section 4.3) over a fixed-size state: no allocation.
#include <Eigen/Core>
#include <memory>
#include <span>
#include <string_view>

#include "core/registry.hpp"

namespace crashbench {

/// X, Y [m], heading [rad], vX, vY [m/s], yaw rate [rad/s], roll [rad], roll rate [rad/s]; world frame.
using StateVector = Eigen::Matrix<double, 8, 1>;

/// dx/dt = f(t, x).
class OdeSystem {
 public:
  virtual ~OdeSystem() = default;
  virtual StateVector derivative(double t, const StateVector& x) const = 0;
};

class Integrator {
 public:
  virtual ~Integrator() = default;
  virtual std::string_view name() const = 0;
  /// Order of the global error (halving dt divides it by 2^order); the tests measure it.
  virtual int order() const = 0;
  /// Derivative evaluations per step.
  virtual int evaluations() const = 0;
  /// Advances `x` from t to t + dt in place.
  virtual void step(const OdeSystem& f, double t, double dt, StateVector& x) const = 0;
  /// Advances two independent systems from t to t + dt: the same arithmetic as step() on each, so the
  /// same bits. A method with several stages may interleave the two systems' stages, so that the CPU
  /// overlaps one system's evaluation with the other's instead of waiting on one chain of stages.
  virtual void step_pair(const OdeSystem& f0, StateVector& x0, const OdeSystem& f1, StateVector& x1, double t,
                         double dt) const {
    step(f0, t, dt, x0);
    step(f1, t, dt, x1);
  }
  /// The method's documented error on a stiff contact: the factor |R(i omega dt)|^2 by which one step
  /// multiplies the energy of an undamped oscillator x'' = -omega^2 x, R the stability function
  /// (docs/penalty.md section 4). 1 when a method documents none.
  virtual double oscillator_energy_factor(double omega_dt) const {
    (void)omega_dt;
    return 1.0;
  }
};

using IntegratorFactory = std::unique_ptr<Integrator> (*)();
/// The integrators, built-ins first; plugins add theirs here (docs/plugins.md).
Registry<RegistryEntry<IntegratorFactory>>& integrator_registry();
/// All registered integrators: euler, midpoint, rk4, ...
std::span<const RegistryEntry<IntegratorFactory>> integrators();

}  // namespace crashbench
