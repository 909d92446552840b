#include "models/dynamics/four_dof_tyres.hpp"

#include <algorithm>
#include <cmath>

#include "models/dynamics/bicycle.hpp"

namespace crashbench {
namespace {

LinearAxleForce saturate(double stiffness_per_speed, double linear_force, double limit) {
  if (std::abs(linear_force) < limit) return {linear_force, stiffness_per_speed, false};
  return {std::copysign(limit, linear_force), 0.0, true};
}

}  // namespace

LinearAxleForces linear_axle_forces(double mass, const TyreParams& t, double u, double v, double r, double steer) {
  const double speed = std::max(std::abs(u), kSlipSpeedFloor);
  const AxleLoads loads = static_axle_loads(mass, t);
  const double cf = t.cornering_stiffness_front, cr = t.cornering_stiffness_rear;
  return {saturate(cf / speed, cf * (steer - (v + t.cg_to_front_axle * r) / speed), t.road_mu * loads.front),
          saturate(cr / speed, cr * (t.cg_to_rear_axle * r - v) / speed, t.road_mu * loads.rear)};
}

}  // namespace crashbench
