// Cost of one ResponseModel::resolve per model and case (Google Benchmark). The state is const,
// so every iteration resolves the same contact; the label is the resolution status. That resolve
// allocates nothing is a unit test (tests/models/response/registry_test.cpp).
// Run: build/release/bench/response_bench --benchmark_format=json > out.json
#include <benchmark/benchmark.h>

#include <string>

#include "core/units.hpp"
#include "models/response/response_model.hpp"

namespace crashbench {
namespace {

Body sedan(double heading, double speed, double yaw_rate, Vec2 position_W) {
  Body b;
  b.mass = 1500.0;
  b.yaw_inertia = 2500.0;
  b.state.position_W = position_W;
  b.state.heading = heading;
  b.state.velocity_W = speed * unit_at(heading);
  b.state.yaw_rate = yaw_rate;
  return b;
}

struct Case {
  Body a;
  Body other;
  bool two_body;
  Contact contact;
};

// 0: right-front corner into a wall at 60 deg, 25 m/s; 1: right-front corner at 10 deg,
// 60 mph (energy target unreachable: fallback); 2: two vehicles, front of a into the side of b.
Case make_case(int which) {
  const double heading = which == 1 ? -10 * kDegToRad : -60 * kDegToRad;
  const double speed = which == 1 ? 60 * kMphToMps : 25.0;
  Case c{sedan(heading, speed, 0.1, {0.0, 2.0}), sedan(1.4, 8.0, -0.05, {4.0, 0.5}), which == 2, {}};
  c.contact.point_W = c.a.state.position_W + rotation(heading) * Vec2(2.3, -0.9);
  c.contact.normal_W = which == 2 ? Vec2(-0.8, 0.6) : Vec2(0.0, 1.0);
  return c;
}

void BM_Resolve(benchmark::State& state, std::string_view model_name, int which) {
  const nlohmann::json params = {{"model", std::string(model_name)}};
  const auto model = make_response_model(JsonReader(params, "bench"));
  const Case c = make_case(which);
  const Body* b = c.two_body ? &c.other : nullptr;
  for (auto _ : state) {
    Resolution r = model->resolve(c.a, b, c.contact);
    benchmark::DoNotOptimize(r);
  }
  state.SetLabel(std::string(to_string(model->resolve(c.a, b, c.contact).status)));
}

BENCHMARK_CAPTURE(BM_Resolve, restitution_wall_corner, "restitution", 0);
BENCHMARK_CAPTURE(BM_Resolve, restitution_wall_10deg_60mph, "restitution", 1);
BENCHMARK_CAPTURE(BM_Resolve, restitution_two_body, "restitution", 2);
BENCHMARK_CAPTURE(BM_Resolve, energy_loss_wall_corner, "energy-loss", 0);
BENCHMARK_CAPTURE(BM_Resolve, energy_loss_wall_10deg_60mph_fallback, "energy-loss", 1);
BENCHMARK_CAPTURE(BM_Resolve, energy_loss_two_body, "energy-loss", 2);

}  // namespace
}  // namespace crashbench
