#include "cases/runner/integration.hpp"

#include <algorithm>
#include <array>
#include <cassert>

#include "core/json_reader.hpp"
#include "core/units.hpp"
#include "models/dynamics/vehicle_ode.hpp"

namespace crashbench {
namespace {

/// Asks for every cache line `*p` lies on, ahead of reading it (kWrite 0) or writing it (1).
template <int kWrite = 0, class T>
void prefetch_lines(const T* p) {
  constexpr std::size_t kLine = 64;
  const auto* bytes = reinterpret_cast<const char*>(p);
  for (std::size_t at = 0; at < sizeof(T); at += kLine) __builtin_prefetch(bytes + at, kWrite);
  __builtin_prefetch(bytes + sizeof(T) - 1, kWrite);
}

}  // namespace

Integration::Integration(const Case& c)
    : integrator_(find_entry(integrators(), c.integrator, "integrator").make()),
      dynamics_(make_dynamics(JsonReader(c.dynamics_params, c.source_file, "/dynamics"))) {
  for (const VehicleSetup& v : c.vehicles) dynamics_->validate(v.params);
}

void Integration::step(Fleet& fleet, Control& control, const ContinuingContacts& springs, StepThreads& threads,
                       double t0, double dt) const {
  // Each vehicle's step is its own, in any batch (a lane gives the bits of a lone vehicle): chunks of whole
  // batches, a thread taking what is left of another's range once done with its own.
  constexpr std::size_t kChunk = 32 * kOdeBatchSize;
  for_chunks(&threads, fleet.size(), kChunk, [&](int, std::size_t begin, std::size_t end) {
    VehicleOdeBatch batch(*dynamics_);
    std::array<std::size_t, kOdeBatchSize> members;
    std::array<StateVector, kOdeBatchSize> x;
    // Members next to each other (the rule) are stepped in place; a kinematic vehicle between them makes
    // the batch's states copied in and out.
    const auto step_batch = [&] {
      const auto size = static_cast<std::size_t>(batch.size());
      if (members[size - 1] - members[0] == size - 1) {
        integrator_->step_batch(batch, t0, dt, &fleet.x[members[0]]);
      } else {
        for (std::size_t i = 0; i < size; ++i) x[i] = fleet.x[members[i]];
        integrator_->step_batch(batch, t0, dt, x.data());
        for (std::size_t i = 0; i < size; ++i) fleet.x[members[i]] = x[i];
      }
      batch.clear();
    };
    for (std::size_t v = begin; v < end; ++v) {
      // The model's prepare() reads each member's parameters first (a 184-byte VehicleParams, apart from
      // the states): those of the batch after this one, asked for now, have arrived by then.
      if (v + kOdeBatchSize < end) {
        prefetch_lines(&fleet.params[v + kOdeBatchSize]);
        // The copies below write lines that are not cached: asked for ahead, their stores do not fill the
        // store buffer waiting on each line (71 % of this loop's own samples were one such store).
        prefetch_lines<1>(&fleet.x_before[v + kOdeBatchSize]);
        prefetch_lines<1>(&fleet.applied_input[v + kOdeBatchSize]);
      }
      fleet.input[v].springs = springs.springs(static_cast<int>(v));
      fleet.x_before[v] = fleet.x[v];
      fleet.applied_input[v] = fleet.input[v];
      if (control.move_kinematic(v, t0 + dt, fleet.x[v])) continue;
      members[batch.size()] = v;
      batch.add(fleet.params[v], fleet.input[v]);
      if (batch.full()) step_batch();
    }
    if (batch.size() > 0) step_batch();
  });
}

void Integration::integrate(const Fleet& fleet, std::size_t v, const VehicleInput& input, StateVector& x, double t0,
                            double h) const {
  integrator_->step(VehicleOde(*dynamics_, fleet.params[v], input), t0, h, x);
}

Eigen::Vector3d Integration::collision_dv(const Fleet& fleet, std::size_t v, double t0, double dt,
                                          Eigen::Vector3d& held) const {
  Eigen::Vector3d dv;
  collision_dvs(fleet, std::span(&v, 1), t0, dt, &dv, &held);  // a batch of one steps as step() does
  return dv;
}

void Integration::collision_dvs(const Fleet& fleet, std::span<const std::size_t> vehicles, double t0, double dt,
                                Eigen::Vector3d* dv, Eigen::Vector3d* held) const {
  assert(vehicles.size() <= kOdeBatchSize);
  std::array<VehicleInput, kOdeBatchSize> without;  // each vehicle's input less its collision load
  std::array<StateVector, kOdeBatchSize> shadow;
  VehicleOdeBatch batch(*dynamics_);
  for (std::size_t k = 0; k < vehicles.size(); ++k) {
    const std::size_t v = vehicles[k];
    without[k] = fleet.applied_input[v];
    without[k].collision_force_W.setZero();
    without[k].collision_moment = 0;
    without[k].springs = {};
    shadow[k] = fleet.x_before[v];
    batch.add(fleet.params[v], without[k]);
  }
  integrator_->step_batch(batch, t0, dt, shadow.data());
  for (std::size_t k = 0; k < vehicles.size(); ++k) {
    const std::size_t v = vehicles[k];
    const VehicleInput& used = fleet.applied_input[v];
    const VehicleParams& p = fleet.params[v];
    held[k] = {used.collision_force_W.x() * dt / p.mass, used.collision_force_W.y() * dt / p.mass,
               used.collision_moment * dt / p.yaw_inertia};  // J/m and rho x J / Izz
    dv[k] = velocities(fleet.x[v]) - velocities(shadow[k]);
  }
}

/// Within one step the ground forces change a body's velocity and yaw rate by at most the dynamics
/// model's bound with and without the collision force alike, so the two steps differ by at most twice it.
std::vector<Eigen::Vector2d> Integration::tyre_allowance(const Fleet& fleet, double dt) const {
  std::vector<Eigen::Vector2d> out(fleet.size(), Eigen::Vector2d::Zero());
  for (std::size_t v = 0; v < fleet.size(); ++v) {
    const GroundForceBound bound = dynamics_->ground_force_bound(fleet.params[v], dt);
    out[v] = {2.0 * bound.velocity, 2.0 * bound.yaw_rate};
  }
  return out;
}

}  // namespace crashbench
