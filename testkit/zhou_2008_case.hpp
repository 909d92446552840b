#pragma once
// The angled rear-end collision of Zhou, Peng & Lu (2008), Figure 6, with the one geometry both
// models use (docs/zhou-2008-assumptions.md). Vehicle a is the target, b the bullet.
#include <cmath>

#include "core/contact.hpp"
#include "core/units.hpp"
#include "core/vehicle.hpp"
#include "models/dynamics/four_dof_zhou_suv.hpp"

namespace crashbench::testing {

struct Zhou2008Case {
  VehicleParams suv = zhou_2008_suv();
  Body target, bullet;
  Contact contact;
};

/// Target at the origin heading east at 29 m/s; bullet at 25 deg, 33.5 m/s, its front-bumper centre
/// on the target's rear bumper 0.1 m left of centre; crush-plane normal along the bullet's axis.
inline Zhou2008Case zhou_2008_case(double incidence_deg = 25.0, double offset_left = 0.1) {
  Zhou2008Case z;
  const double theta = incidence_deg * kDegToRad;
  const Vec2 axis = unit_at(theta);
  z.target = {z.suv.mass, z.suv.yaw_inertia, {}};
  z.target.state.velocity_W = {29.0, 0.0};
  z.contact.vehicle = 0;
  z.contact.other = 1;
  z.contact.point_W = {-z.suv.body.cg_to_rear, offset_left};
  z.contact.normal_W = axis;
  z.bullet = {z.suv.mass, z.suv.yaw_inertia, {}};
  z.bullet.state.position_W = z.contact.point_W - z.suv.body.cg_to_front * axis;
  z.bullet.state.heading = theta;
  z.bullet.state.velocity_W = 33.5 * axis;
  return z;
}

}  // namespace crashbench::testing
