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

/// The most systems one OdeBatch holds.
inline constexpr int kOdeBatchSize = 8;

/// Up to kOdeBatchSize independent systems dx_i/dt = f_i(t, x_i) of one form (the vehicles of a step),
/// evaluated together: one call per stage for the whole batch lets the CPU overlap the systems'
/// evaluations, and a model vectorise across them.
class OdeBatch {
 public:
  virtual ~OdeBatch() = default;
  /// Systems in the batch, 1 ... kOdeBatchSize.
  virtual int size() const = 0;
  /// dx[i] = f_i(t, x[i]) for every i < size(): bit for bit what derivative(i, t, x[i]) gives.
  virtual void derivatives(double t, const StateVector* x, StateVector* dx) const = 0;
  /// f_i(t, x) alone.
  virtual StateVector derivative(int i, double t, const StateVector& x) const = 0;
  /// One classical RK4 step of every system from t to t + dt in place, with the bits of
  /// Rk4Integrator::step on each, taken by the batch's own code; false (the default): it has none.
  virtual bool rk4_step(double t, double dt, StateVector* x) const { return (void)t, (void)dt, (void)x, false; }
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
  /// Advances every system of `f` from t to t + dt in place, x[i] for i < f.size(): the same arithmetic
  /// as step() on each, so the same bits. The built-in methods take each stage for the whole batch, so
  /// that the CPU overlaps the systems' evaluations instead of waiting on one chain of stages; the
  /// default steps each system alone.
  virtual void step_batch(const OdeBatch& f, double t, double dt, StateVector* x) const;
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
