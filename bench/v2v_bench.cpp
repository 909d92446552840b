// Per-call cost of the vehicle-to-vehicle response models on the Zhou, Peng & Lu (2008) rear-end case.
#include <benchmark/benchmark.h>

#include "models/response/brach_planar.hpp"
#include "models/response/four_dof_impact.hpp"
#include "testkit/zhou_2008_case.hpp"

namespace crashbench {
namespace {

void BM_BrachPlanarResolve(benchmark::State& state) {
  const auto z = testing::zhou_2008_case();
  const BrachPlanarModel model(0.2, 0.3);
  for (auto _ : state) benchmark::DoNotOptimize(model.resolve(z.target, &z.bullet, z.contact));
}
BENCHMARK(BM_BrachPlanarResolve);

void BM_BrachForward(benchmark::State& state) {
  const auto z = testing::zhou_2008_case();
  for (auto _ : state) benchmark::DoNotOptimize(brach_forward(z.target, z.bullet, z.contact, 0.2, 0.3));
}
BENCHMARK(BM_BrachForward);

void BM_BrachBackward(benchmark::State& state) {
  const auto z = testing::zhou_2008_case();
  const BodyPairStates post = brach_forward(z.target, z.bullet, z.contact, 0.2, 0.0);
  Body a = z.target, b = z.bullet;
  a.state = post.a;
  b.state = post.b;
  for (auto _ : state) benchmark::DoNotOptimize(brach_backward(a, b, z.contact, 0.2, 0.0));
}
BENCHMARK(BM_BrachBackward);

void BM_FourDofImpact(benchmark::State& state) {
  const auto z = testing::zhou_2008_case();
  const FourDofBody t{&z.suv, z.target.state, {}, 0.0}, b{&z.suv, z.bullet.state, {}, 0.0};
  int iterations = 0;
  for (auto _ : state) {
    const FourDofImpactResult r = four_dof_impact(t, &b, z.contact, {});
    iterations = r.iterations;
    benchmark::DoNotOptimize(r);
  }
  state.counters["newton_iterations"] = iterations;
}
BENCHMARK(BM_FourDofImpact);

void BM_FourDofResolve(benchmark::State& state) {
  const auto z = testing::zhou_2008_case();
  const FourDofImpactModel model({});
  for (auto _ : state) benchmark::DoNotOptimize(model.resolve(z.target, &z.bullet, z.contact));
}
BENCHMARK(BM_FourDofResolve);

}  // namespace
}  // namespace crashbench
