// Cost of one integration step for every integrator x dynamics pair, through the VehicleOde seam (one
// vehicle alone: its stages wait on each other) and through a full VehicleOdeBatch as the runner steps
// traffic (`batch/...`, time per vehicle: the counter `per_vehicle`), and of one derivative evaluation
// per dynamics model. Time per iteration = one step.
#include <benchmark/benchmark.h>

#include <array>
#include <cmath>
#include <string>

#include "cases/loading/vehicle_presets.hpp"
#include "models/dynamics/vehicle_dynamics.hpp"
#include "models/dynamics/vehicle_ode.hpp"
#include "models/integrators/integrator.hpp"

namespace crashbench {
namespace {

constexpr double kDt = 0.005;      // [s]
constexpr int kStepsPerRun = 1000;  // state restored after this many steps (5 s of driving)

/// The shipped sedan, as `model` reads it: the car every wall case drives.
VehicleParams bench_car(const VehicleDynamics& model) { return preset_vehicle("sedan", model); }

/// 20 m/s in a gentle left turn with a little drive force: tyres in their linear range.
VehicleInput bench_input() {
  VehicleInput u;
  u.steer = 0.03;
  u.drive_force = 300.0;
  return u;
}

StateVector bench_state() {
  StateVector x = StateVector::Zero();
  x << 10.0, -4.0, 0.3, 20.0 * std::cos(0.3), 20.0 * std::sin(0.3), 0.0, 0.0, 0.0;
  return x;
}

void step_benchmark(benchmark::State& state, const RegistryEntry<IntegratorFactory>* method,
                    const RegistryEntry<DynamicsFactory>* model) {
  const auto integrator = method->make();
  const auto dynamics = make_dynamics(model->name);
  const VehicleParams p = bench_car(*dynamics);
  const VehicleOde ode(*dynamics, p, bench_input());
  const StateVector start = bench_state();
  StateVector x = start;
  int i = 0;
  for (auto _ : state) {
    integrator->step(ode, i * kDt, kDt, x);
    benchmark::DoNotOptimize(x.data());
    if (++i == kStepsPerRun) {
      i = 0;
      x = start;
    }
  }
  state.SetItemsProcessed(state.iterations());
}

/// kOdeBatchSize sedans, each its own state (heading and speed apart), stepped together; one iteration
/// steps them all.
void batch_benchmark(benchmark::State& state, const RegistryEntry<IntegratorFactory>* method,
                     const RegistryEntry<DynamicsFactory>* model) {
  const auto integrator = method->make();
  const auto dynamics = make_dynamics(model->name);
  const VehicleParams p = bench_car(*dynamics);
  const VehicleInput u = bench_input();
  std::array<StateVector, kOdeBatchSize> start, x;
  VehicleOdeBatch batch(*dynamics);
  for (int v = 0; v < kOdeBatchSize; ++v) {
    start[v] = bench_state();
    start[v][2] += 0.7 * v;
    start[v].segment<2>(3) = (20.0 + v) * Vec2(std::cos(start[v][2]), std::sin(start[v][2]));
    batch.add(p, u);
  }
  x = start;
  int i = 0;
  for (auto _ : state) {
    integrator->step_batch(batch, i * kDt, kDt, x.data());
    benchmark::DoNotOptimize(x.data());
    if (++i == kStepsPerRun) {
      i = 0;
      x = start;
    }
  }
  state.counters["per_vehicle"] = benchmark::Counter(kOdeBatchSize, benchmark::Counter::kIsIterationInvariantRate |
                                                                        benchmark::Counter::kInvert);
}

void derivative_benchmark(benchmark::State& state, const RegistryEntry<DynamicsFactory>* model) {
  const auto dynamics = make_dynamics(model->name);
  const VehicleParams p = bench_car(*dynamics);
  const VehicleInput u = bench_input();
  StateVector x = bench_state();
  for (auto _ : state) {
    benchmark::DoNotOptimize(x.data());
    StateVector dx = dynamics->derivative(p, x, u);
    benchmark::DoNotOptimize(dx.data());
  }
}

/// One benchmark per registry entry, so new integrators and models are measured without edits here.
bool register_all() {
  for (const auto& model : dynamics_models()) {
    benchmark::RegisterBenchmark(("derivative/" + std::string(model.name)).c_str(), derivative_benchmark, &model);
    for (const auto& method : integrators()) {
      const std::string name = "step/" + std::string(method.name) + "/" + std::string(model.name);
      benchmark::RegisterBenchmark(name.c_str(), step_benchmark, &method, &model);
      benchmark::RegisterBenchmark(("batch/" + name.substr(5)).c_str(), batch_benchmark, &method, &model);
    }
  }
  return true;
}

const bool kRegistered = register_all();

}  // namespace
}  // namespace crashbench
