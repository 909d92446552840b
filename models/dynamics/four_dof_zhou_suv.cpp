#include "models/dynamics/four_dof_zhou_suv.hpp"

#include "models/dynamics/four_dof_dynamics.hpp"

namespace crashbench {

VehicleParams zhou_2008_suv() {
  VehicleParams p;
  p.mass = 2450;
  p.yaw_inertia = 4946;
  p.body = {2.005, 2.58, 1.90};
  p.cg_height = 0.66;
  FourDofParameters q;
  q.tyres = {1.105, 1.745, 145750, 104830, 0.70};
  q.roll.sprung_mass = 2210;
  q.roll.roll_arm = 0.40;
  q.roll.roll_inertia = 1597;
  q.roll.product_xz = 40;
  q.roll.roll_stiffness = 94000;
  q.roll.roll_damping = 8000;
  q.roll.roll_axis_height = 0.21;
  p.model.emplace(q);
  return p;
}

}  // namespace crashbench
