#pragma once
// "free-body": a planar rigid body with no tyres. Only VehicleInput's collision force and moment act,
// so impact tests see pure impulse-momentum. Steer and drive force are ignored.
#include "models/dynamics/vehicle_dynamics.hpp"

namespace crashbench {

class FreeBodyDynamics final : public VehicleDynamics {
 public:
  std::string_view name() const override { return "free-body"; }
  /// {"model": "free-body"}: it has no options.
  nlohmann::json parameters() const override { return {{"model", name()}}; }
  /// m dv_W/dt = collision_force_W, Izz dr/dt = collision_moment; roll entries constant.
  StateVector derivative(const VehicleParams& p, const StateVector& x, const VehicleInput& u) const override;
  /// Needs mass > 0 and yaw_inertia > 0.
  void validate(const VehicleParams& p) const override;
  bool steers() const override { return false; }
  GroundForceBound ground_force_bound(const VehicleParams&, double) const override { return {}; }
};

/// The free body from its `dynamics` object, which has no options (models/dynamics/free-body.schema.json).
std::unique_ptr<VehicleDynamics> make_free_body(const JsonReader& dynamics);

}  // namespace crashbench
