#pragma once
// The bicycle model's derivative on a lane type T (core/lanes.hpp): BicycleDynamics::derivative() is
// its T = double instance, derivatives() takes two vehicles at a time with T = Lanes. The operations are
// those of the model's equations in docs/dynamics.md, in the order its Eigen form took them, so a vehicle
// gets the same bits alone or beside another.
#include "core/lanes.hpp"
#include "core/portable_trig.hpp"
#include "core/units.hpp"

namespace crashbench::bicycle_lanes {

/// What one evaluation reads: the state's heading [rad], world velocity [m/s] and yaw rate [rad/s]; the
/// vehicle's mass [kg], yaw inertia [kg m^2] and tyres; the input's steer (cos, sin), drive force along
/// body x [N], and collision force [N] (world frame) and moment [N m].
template <class T>
struct Inputs {
  T heading, vx_W, vy_W, yaw_rate;
  T mass, yaw_inertia, cg_to_front, cg_to_rear, stiffness_front, stiffness_rear, road_mu;
  T cos_steer, sin_steer, drive_force, collision_x_W, collision_y_W, collision_moment;
};

/// The accelerations it gives: d(vX, vY)/dt [m/s^2], world frame, and d(yaw rate)/dt [rad/s^2].
template <class T>
struct Accelerations {
  T x_W, y_W, yaw;
};

/// Two vehicles' inputs side by side.
inline Inputs<Lanes> side_by_side(const Inputs<double>& a, const Inputs<double>& b) {
  const auto zip = [](double first, double second) { return Lanes{first, second}; };
  return {zip(a.heading, b.heading),
          zip(a.vx_W, b.vx_W),
          zip(a.vy_W, b.vy_W),
          zip(a.yaw_rate, b.yaw_rate),
          zip(a.mass, b.mass),
          zip(a.yaw_inertia, b.yaw_inertia),
          zip(a.cg_to_front, b.cg_to_front),
          zip(a.cg_to_rear, b.cg_to_rear),
          zip(a.stiffness_front, b.stiffness_front),
          zip(a.stiffness_rear, b.stiffness_rear),
          zip(a.road_mu, b.road_mu),
          zip(a.cos_steer, b.cos_steer),
          zip(a.sin_steer, b.sin_steer),
          zip(a.drive_force, b.drive_force),
          zip(a.collision_x_W, b.collision_x_W),
          zip(a.collision_y_W, b.collision_y_W),
          zip(a.collision_moment, b.collision_moment)};
}

/// Slip angle atan(lateral / max(|longitudinal|, floor)) and the linear tyre's force clamped to +-limit
/// (regularised_slip_angle and saturated_lateral_force in bicycle.hpp).
template <class T>
T lateral_force(T longitudinal, T lateral, T stiffness, T limit, double speed_floor) {
  const T slip = arctan(lateral / max_of(abs_of(longitudinal), splat<T>(speed_floor)));
  return clamp_of(-stiffness * slip, -limit, limit);
}

template <class T>
Accelerations<T> accelerations(const Inputs<T>& in, double speed_floor) {
  const SinCosOf<T> h = sin_cos(in.heading);
  // The CG velocity in the body frame, and the axles' velocities v + r x rho, rho = (a, 0) and (-b, 0);
  // the front one in the steered wheel's frame.
  const T u = h.cos * in.vx_W + h.sin * in.vy_W;
  const T v = -h.sin * in.vx_W + h.cos * in.vy_W;
  const T front_lateral_B = v + in.cg_to_front * in.yaw_rate;
  const T front_wheel_x = in.cos_steer * u + in.sin_steer * front_lateral_B;
  const T front_wheel_y = -in.sin_steer * u + in.cos_steer * front_lateral_B;
  const T rear_lateral_B = v - in.cg_to_rear * in.yaw_rate;
  // Static axle loads m g b / L and m g a / L, capped by road_mu.
  const T weight_per_wheelbase = in.mass * kGravity / (in.cg_to_front + in.cg_to_rear);
  const T front_limit = in.road_mu * (weight_per_wheelbase * in.cg_to_rear);
  const T rear_limit = in.road_mu * (weight_per_wheelbase * in.cg_to_front);
  const T lateral_front = lateral_force(front_wheel_x, front_wheel_y, in.stiffness_front, front_limit, speed_floor);
  const T lateral_rear = lateral_force(u, rear_lateral_B, in.stiffness_rear, rear_limit, speed_floor);
  // Body-frame resultant: drive along x at the rear axle, the front force along the steered wheel's y axis.
  const T front_x_B = lateral_front * -in.sin_steer, front_y_B = lateral_front * in.cos_steer;
  const T force_x_B = in.drive_force + front_x_B, force_y_B = front_y_B + lateral_rear;
  const T moment = in.cg_to_front * front_y_B - in.cg_to_rear * lateral_rear;
  const T force_x_W = (h.cos * force_x_B + -h.sin * force_y_B) + in.collision_x_W;
  const T force_y_W = (h.sin * force_x_B + h.cos * force_y_B) + in.collision_y_W;
  const T inverse_mass = 1.0 / in.mass;
  return {force_x_W * inverse_mass, force_y_W * inverse_mass, (moment + in.collision_moment) / in.yaw_inertia};
}

}  // namespace crashbench::bicycle_lanes
