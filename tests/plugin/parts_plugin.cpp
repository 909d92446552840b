// A plugin with a scene, an integrator and a dynamics model, for the command-line tests: `plugin-box`,
// four walls 40 m apart with nothing but walls (the analytic detector's geometry), `plugin-heun`, Heun's
// method (explicit trapezoidal rule, second order, two derivative evaluations per step), and
// `plugin-brake`, a body braked at a constant deceleration that is its own vehicle parameter
// ("brake_decel"): a model with parameters of its own, added without touching crashbench.
#include <algorithm>
#include <array>
#include <memory>

#include "cases/plugin.hpp"
#include "core/bounded_field.hpp"
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

/// plugin-brake's own vehicle parameters.
struct BrakeParameters {
  double brake_decel = 0;  ///< [m/s^2]
};

/// A planar body slowed at brake_decel against its velocity (regularised below 0.1 m/s, so it comes to
/// rest instead of chattering); the collision force and moment act as on a free body.
class BrakeDynamics final : public crashbench::VehicleDynamics {
 public:
  std::string_view name() const override { return "plugin-brake"; }
  nlohmann::json parameters() const override { return {{"model", name()}}; }
  StateVector derivative(const crashbench::VehicleParams& p, const StateVector& x,
                         const crashbench::VehicleInput& u) const override {
    const crashbench::Vec2 v(x[3], x[4]);
    const double decel = p.model.get<BrakeParameters>().brake_decel / std::max(v.norm(), 0.1);
    StateVector dx = StateVector::Zero();
    dx.head<3>() = x.segment<3>(3);
    dx.segment<2>(3) = -decel * v + u.collision_force_W / p.mass;
    dx[5] = u.collision_moment / p.yaw_inertia;
    return dx;
  }
  void validate(const crashbench::VehicleParams& p) const override {
    crashbench::require_own_parameters<BrakeParameters>(p, name());
  }
  bool steers() const override { return false; }
  crashbench::GroundForceBound ground_force_bound(const crashbench::VehicleParams& p, double dt) const override {
    return {p.model.get<BrakeParameters>().brake_decel * dt, 0.0};
  }
  std::vector<std::string> vehicle_keys() const override { return {"brake_decel"}; }
  void read_vehicle_parameters(const crashbench::JsonReader& params, bool complete,
                               crashbench::VehicleParams& p) const override {
    BrakeParameters q = crashbench::held_or_default<BrakeParameters>(p);
    const auto field = complete ? std::optional(params.at("brake_decel")) : params.find("brake_decel");
    if (field) q.brake_decel = crashbench::bounded(*field, 100.0, "m/s^2", true);
    p.model.emplace(q);
  }
  nlohmann::json vehicle_parameters(const crashbench::VehicleParams& p) const override {
    return {{"brake_decel", p.model.get<BrakeParameters>().brake_decel}};
  }
};

std::unique_ptr<crashbench::VehicleDynamics> make_brake(const crashbench::JsonReader& dynamics) {
  dynamics.only_keys({"model"});
  return std::make_unique<BrakeDynamics>();
}

crashbench::Scene make_box() { return crashbench::scene_from_walls("", kBox); }

std::unique_ptr<crashbench::Integrator> make_heun() { return std::make_unique<HeunIntegrator>(); }

void register_parts(crashbench::PluginHost& host) {
  host.add_integrator({"plugin-heun", "test plugin: Heun's method, 2nd order, 2 evaluations", &make_heun});
  host.add_scene({"plugin-box", "test plugin: four walls 40 m apart, walls only", &make_box});
  host.add_dynamics({"plugin-brake", "test plugin: a body braked at its own brake_decel parameter", &make_brake});
}

}  // namespace

CRASHBENCH_PLUGIN(register_parts)
