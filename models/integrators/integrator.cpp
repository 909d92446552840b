#include "models/integrators/integrator.hpp"

namespace crashbench {

namespace {

/// System `i` of a batch as an OdeSystem of its own.
class BatchMember final : public OdeSystem {
 public:
  BatchMember(const OdeBatch& batch, int i) : batch_(&batch), i_(i) {}
  StateVector derivative(double t, const StateVector& x) const override { return batch_->derivative(i_, t, x); }

 private:
  const OdeBatch* batch_;
  int i_;
};

}  // namespace

void Integrator::step_batch(const OdeBatch& f, double t, double dt, StateVector* x) const {
  for (int i = 0; i < f.size(); ++i) step(BatchMember(f, i), t, dt, x[i]);
}

}  // namespace crashbench
