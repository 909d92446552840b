// Deak's spring (docs/penalty.md section 4): on x'' = -omega^2 x each step multiplies the energy
// v^2 + omega^2 x^2 by |R(i omega h)|^2, whatever the phase. For an explicit Runge-Kutta method with as
// many stages as its order p <= 4, R is exp's Taylor polynomial of degree p: Euler 1 + z, midpoint
// 1 + z + z^2/2, RK4 up to z^4/24 (z = i omega h). Checked against one step of every registered
// integrator, and against the factor each one documents for the contact checks.
#include <gtest/gtest.h>

#include <cmath>

#include "models/integrators/integrator.hpp"
#include "tests/support/stability_factor.hpp"

namespace crashbench {
namespace {

/// x'' = -omega^2 x as (x0, x1) = (x, v).
class Spring final : public OdeSystem {
 public:
  explicit Spring(double omega) : omega_(omega) {}
  StateVector derivative(double, const StateVector& x) const override {
    StateVector d = StateVector::Zero();
    d[0] = x[1];
    d[1] = -omega_ * omega_ * x[0];
    return d;
  }

 private:
  double omega_;
};

using testing::taylor_energy_factor;

TEST(OscillatorEnergy, EachStepMultipliesTheEnergyByTheStabilityFactor) {
  const double omega = 25.8;  // sqrt(1e6 N/m / 1500 kg): the penalty spring on the sedan [rad/s]
  int checked = 0;
  for (const auto& entry : integrators()) {
    const auto integrator = entry.make();
    // The closed form holds for explicit RK with stages = order <= 4 (Butcher's order conditions).
    if (integrator->evaluations() != integrator->order() || integrator->order() > 4) continue;
    for (const double h : {0.001, 0.005, 0.02}) {
      const double w = omega * h, expected = taylor_energy_factor(integrator->order(), w);
      for (const double phase : {0.0, 0.7, 2.0, 4.4}) {
        StateVector x = StateVector::Zero();
        x[0] = std::cos(phase) / omega;
        x[1] = std::sin(phase);
        const double before = x[1] * x[1] + omega * omega * x[0] * x[0];
        integrator->step(Spring(omega), 0.0, h, x);
        const double after = x[1] * x[1] + omega * omega * x[0] * x[0];
        EXPECT_NEAR(after / before, expected, 1e-13) << entry.name << " h = " << h << " phase = " << phase;
      }
      EXPECT_NEAR(integrator->oscillator_energy_factor(w), expected, 1e-13) << entry.name << " h = " << h;
    }
    ++checked;
  }
  EXPECT_GE(checked, 3);  // euler, midpoint and rk4 at least
}

TEST(OscillatorEnergy, TheSeriesGivesTheDocumentedPolynomials) {
  // docs/penalty.md section 4: Euler 1 + w^2, midpoint 1 + w^4/4, RK4 1 - w^6/72 + w^8/576.
  for (const double w : {0.05, 0.129, 0.5}) {
    EXPECT_NEAR(taylor_energy_factor(1, w), 1 + w * w, 1e-14);
    EXPECT_NEAR(taylor_energy_factor(2, w), 1 + std::pow(w, 4) / 4, 1e-14);
    EXPECT_NEAR(taylor_energy_factor(4, w), 1 - std::pow(w, 6) / 72 + std::pow(w, 8) / 576, 1e-14);
  }
}

}  // namespace
}  // namespace crashbench
