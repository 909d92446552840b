#include "models/dynamics/free_body.hpp"

#include "models/dynamics/rigid_body.hpp"

namespace crashbench {

StateVector FreeBodyDynamics::derivative(const VehicleParams& p, const StateVector& x,
                                         const VehicleInput& u) const {
  return rigid_body_derivative(p, x, u.collision_force_W, u.collision_moment);
}

void FreeBodyDynamics::validate(const VehicleParams& p) const { require_rigid_body(p); }

std::unique_ptr<VehicleDynamics> make_free_body(const JsonReader& dynamics) {
  dynamics.only_keys({"model"});
  return std::make_unique<FreeBodyDynamics>();
}

}  // namespace crashbench
