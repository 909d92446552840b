#include "models/dynamics/four_dof_tyres.hpp"

#include <algorithm>
#include <cmath>

#include "core/units.hpp"

namespace crashbench {
namespace {

AxleForce saturate(double stiffness_per_speed, double linear_force, double limit) {
  if (std::abs(linear_force) < limit) return {linear_force, stiffness_per_speed, false};
  return {std::copysign(limit, linear_force), 0.0, true};
}

}  // namespace

AxleForces axle_lateral_forces(const VehicleParams& p, double u, double v, double r, double steer) {
  const TyreParams& t = p.tyres;
  const double speed = std::max(std::abs(u), kMinSlipSpeed);
  const double wheelbase = t.cg_to_front_axle + t.cg_to_rear_axle;
  const double weight_mu = p.mass * kGravity * t.road_mu;
  const double limit_front = wheelbase > 0 ? weight_mu * t.cg_to_rear_axle / wheelbase : 0.0;
  const double limit_rear = wheelbase > 0 ? weight_mu * t.cg_to_front_axle / wheelbase : 0.0;
  const double cf = t.cornering_stiffness_front, cr = t.cornering_stiffness_rear;
  return {saturate(cf / speed, cf * (steer - (v + t.cg_to_front_axle * r) / speed), limit_front),
          saturate(cr / speed, cr * (t.cg_to_rear_axle * r - v) / speed, limit_rear)};
}

}  // namespace crashbench
