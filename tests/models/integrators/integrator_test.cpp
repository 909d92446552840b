// Integrators: order of accuracy on a problem with a closed-form solution, exactness for constant
// slopes, derivative evaluation counts, and the registry.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <memory>
#include <string>

#include "models/integrators/integrator.hpp"
#include "tests/support/registries.hpp"
#include "tests/support/tolerance.hpp"

namespace crashbench {
namespace {

constexpr double kOmega = 1.7;   // oscillator frequency [rad/s]
constexpr double kDecay = 0.45;  // linear decay rate [1/s]

/// x0'' = -w^2 x0 (as x0, x1), x2' = cos t (uses t), x3' = -x3^2 (nonlinear), x4' = -k x4.
class KnownSolution final : public OdeSystem {
 public:
  StateVector derivative(double t, const StateVector& x) const override {
    ++evaluations;
    StateVector d = StateVector::Zero();
    d << x[1], -kOmega * kOmega * x[0], std::cos(t), -x[3] * x[3], -kDecay * x[4], 0, 0, 0;
    return d;
  }
  mutable int evaluations = 0;
};

StateVector initial() {
  StateVector x = StateVector::Zero();
  x << 0.8, -0.6, 0.25, 1.3, 2.1, 0, 0, 0;
  return x;
}

/// Another start for the same equations (x3 > 0 keeps x3' = -x3^2 finite), the second of a pair.
StateVector other_initial() {
  StateVector x = StateVector::Zero();
  x << -0.4, 1.1, -0.7, 0.6, 0.9, 0, 0, 0;
  return x;
}

StateVector exact(double t, const StateVector& x0 = initial()) {
  StateVector x = StateVector::Zero();
  x[0] = x0[0] * std::cos(kOmega * t) + x0[1] / kOmega * std::sin(kOmega * t);
  x[1] = -x0[0] * kOmega * std::sin(kOmega * t) + x0[1] * std::cos(kOmega * t);
  x[2] = x0[2] + std::sin(t);
  x[3] = 1.0 / (1.0 / x0[3] + t);
  x[4] = x0[4] * std::exp(-kDecay * t);
  return x;
}

constexpr double kT0 = 0.3, kTEnd = 2.3;  // a non-zero start time

/// Max-norm error of `x` at kTEnd against the solution from `x0` at kT0.
double error_at_end(const StateVector& x, const StateVector& x0) {
  // The autonomous entries follow exact(t - t0); x2 integrates cos from t0.
  StateVector expected = exact(kTEnd - kT0, x0);
  expected[2] = x0[2] + std::sin(kTEnd) - std::sin(kT0);
  return (x - expected).cwiseAbs().maxCoeff();
}

/// Max-norm global error at kTEnd after `steps` equal steps from kT0.
double global_error(const Integrator& integrator, int steps) {
  const double dt = (kTEnd - kT0) / steps;
  KnownSolution f;
  StateVector x = initial();
  for (int i = 0; i < steps; ++i) integrator.step(f, kT0 + i * dt, dt, x);
  return error_at_end(x, initial());
}

/// `n` systems of KnownSolution's equations as one batch, each counting its evaluations.
class KnownSolutions final : public OdeBatch {
 public:
  explicit KnownSolutions(int n) : n_(n) {}
  int size() const override { return n_; }
  void derivatives(double t, const StateVector* x, StateVector* dx) const override {
    for (int i = 0; i < n_; ++i) dx[i] = derivative(i, t, x[i]);
  }
  StateVector derivative(int i, double t, const StateVector& x) const override { return members[i].derivative(t, x); }
  std::array<KnownSolution, kOdeBatchSize> members;

 private:
  int n_;
};

/// Member i's start: initial() and other_initial() in turn, scaled by 1 + i/8 (x3 stays > 0).
StateVector member_initial(int i) { return (1 + i / 8.0) * (i % 2 ? other_initial() : initial()); }

/// The largest of a batch of three systems' global errors when they are stepped with step_batch.
double batch_global_error(const Integrator& integrator, int steps) {
  const double dt = (kTEnd - kT0) / steps;
  KnownSolutions f(3);
  std::array<StateVector, 3> x = {member_initial(0), member_initial(1), member_initial(2)};
  for (int i = 0; i < steps; ++i) integrator.step_batch(f, kT0 + i * dt, dt, x.data());
  double worst = 0;
  for (int i = 0; i < 3; ++i) worst = std::max(worst, error_at_end(x[i], member_initial(i)));
  return worst;
}

/// Halving dt divides error(integrator, steps) by two to the integrator's stated order.
void expect_stated_order(const Integrator& integrator, double (*error_after)(const Integrator&, int)) {
  double previous = error_after(integrator, 20);
  for (int steps : {40, 80, 160}) {
    const double error = error_after(integrator, steps);
    ASSERT_GT(error, 1e-13) << "error at roundoff: the ratio would be meaningless";
    EXPECT_NEAR(std::log2(previous / error), integrator.order(), 0.15) << steps << " steps";
    previous = error;
  }
}

class IntegratorOrderTest : public ::testing::TestWithParam<std::string> {};

std::unique_ptr<Integrator> make(const std::string& name) { return find_entry(integrators(), name, "integrator").make(); }

TEST_P(IntegratorOrderTest, HalvingDtDividesGlobalErrorByTwoToTheStatedOrder) {
  const auto integrator = make(GetParam());
  expect_stated_order(*integrator, global_error);
}

TEST_P(IntegratorOrderTest, StepBatchConvergesAtTheStatedOrderForEverySystem) {
  // Checked against the exact solutions, not against step(): a batch that mixed its systems' stages would
  // lose the order even where step_batch is step on each.
  const auto integrator = make(GetParam());
  expect_stated_order(*integrator, batch_global_error);
}

TEST_P(IntegratorOrderTest, EvaluatesTheDerivativeTheStatedNumberOfTimes) {
  const auto integrator = make(GetParam());
  KnownSolution f;
  StateVector x = initial();
  integrator->step(f, 0.0, 0.01, x);
  EXPECT_EQ(f.evaluations, integrator->evaluations());
  EXPECT_GE(integrator->evaluations(), 1);
  EXPECT_EQ(integrator->name(), GetParam());
}

TEST_P(IntegratorOrderTest, StepBatchGivesEachSystemTheBitsOfItsOwnStep) {
  // The same equations from different states, several steps, in a full batch and in one of five: any
  // mix-up of the batch's stages (a slope of one state applied to another, a stage skipped or repeated)
  // moves the bits.
  const auto integrator = make(GetParam());
  for (int n : {kOdeBatchSize, 5}) {
    KnownSolutions alone(n), batch(n);
    std::array<StateVector, kOdeBatchSize> x, y;
    for (int i = 0; i < n; ++i) x[i] = y[i] = member_initial(i);
    for (int step = 0; step < 5; ++step) {
      const double t = 0.3 + 0.07 * step;
      for (int i = 0; i < n; ++i) integrator->step(alone.members[i], t, 0.07, x[i]);
      integrator->step_batch(batch, t, 0.07, y.data());
    }
    for (int i = 0; i < n; ++i) {
      EXPECT_EQ(y[i], x[i]) << "system " << i << " of " << n;
      EXPECT_NE(x[i], member_initial(i)) << "it moved";
      EXPECT_EQ(batch.members[i].evaluations, alone.members[i].evaluations);
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Registered, IntegratorOrderTest, ::testing::ValuesIn(testing::integrator_names()),
                         [](const auto& info) { return testing::test_name(info.param); });

/// Constant acceleration g on (x0, x1): x0'' = g.
class ConstantAcceleration final : public OdeSystem {
 public:
  StateVector derivative(double, const StateVector& x) const override {
    StateVector d = StateVector::Zero();
    d[0] = x[1];
    d[1] = -3.7;
    return d;
  }
};

TEST(Integrators, SecondOrderAndAboveAreExactForConstantAccelerationFirstOrderMissesHalfADtSquared) {
  const double dt = 0.04, x0 = 1.9, v0 = 2.6, g = -3.7;
  for (const auto& entry : integrators()) {
    StateVector x = StateVector::Zero();
    x[0] = x0;
    x[1] = v0;
    const auto integrator = entry.make();
    integrator->step(ConstantAcceleration{}, 0.0, dt, x);
    const double exact_position = x0 + v0 * dt + 0.5 * g * dt * dt;
    const double expected = integrator->order() == 1 ? x0 + v0 * dt : exact_position;
    EXPECT_TRUE(testing::near_relative(x[0], expected, 1e-14)) << entry.name;
    EXPECT_TRUE(testing::near_relative(x[1], v0 + g * dt, 1e-14)) << entry.name;
  }
}

TEST(Integrators, RegistryEntriesMakeWhatTheyNameAndUnknownNamesAreRejected) {
  ASSERT_FALSE(integrators().empty());
  for (const auto& entry : integrators()) {
    EXPECT_FALSE(entry.summary.empty());
    EXPECT_EQ(entry.make()->name(), entry.name);
  }
  EXPECT_THROW(find_entry(integrators(), "leapfrog", "integrator"), Error);
}

}  // namespace
}  // namespace crashbench
