// A plugin with a scene and an integrator, for the command-line tests: `plugin-box`, four walls 40 m
// apart with nothing but walls (the analytic detector's geometry), and `plugin-heun`, Heun's method
// (explicit trapezoidal rule, second order, two derivative evaluations per step).
#include <array>
#include <memory>

#include "cases/plugin.hpp"
#include "detectors/scenes/registry/builtin_walls.hpp"

namespace {

using crashbench::StateVector;

class HeunIntegrator final : public crashbench::Integrator {
 public:
  std::string_view name() const override { return "plugin-heun"; }
  int order() const override { return 2; }
  int evaluations() const override { return 2; }
  void step(const crashbench::OdeSystem& f, double t, double dt, StateVector& x) const override {
    const StateVector k1 = f.derivative(t, x);
    const StateVector k2 = f.derivative(t + dt, x + dt * k1);
    x += 0.5 * dt * (k1 + k2);
  }
};

/// A square of walls around the origin, 40 m a side [m].
constexpr std::array<crashbench::WallFootprint, 4> kBox{{
    {-20, -20, 20, -20}, {20, -20, 20, 20}, {20, 20, -20, 20}, {-20, 20, -20, -20}}};

crashbench::Scene make_box() { return crashbench::scene_from_walls("", kBox); }

std::unique_ptr<crashbench::Integrator> make_heun() { return std::make_unique<HeunIntegrator>(); }

void register_parts(crashbench::PluginHost& host) {
  host.add_integrator({"plugin-heun", "test plugin: Heun's method, 2nd order, 2 evaluations", &make_heun});
  host.add_scene({"plugin-box", "test plugin: four walls 40 m apart, walls only", &make_box});
}

}  // namespace

CRASHBENCH_PLUGIN(register_parts)
