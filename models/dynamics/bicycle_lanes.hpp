#pragma once
// The bicycle model's derivative on a lane type T (core/lanes.hpp): BicycleDynamics::derivative() is
// its T = double instance, derivatives() takes two vehicles at a time with T = Lanes. The operations are
// those of the model's equations in docs/dynamics.md, in the order its Eigen form took them, so a vehicle
// gets the same bits alone or beside another. What does not change within a step (the vehicle's
// parameters, its input, the axles' friction limits) is taken once per step (Vehicle), the state at
// every stage (State).
#include "core/lanes.hpp"
#include "core/portable_trig.hpp"
#include "core/units.hpp"
#include "models/dynamics/tyre_params.hpp"

namespace crashbench::bicycle_lanes {

/// A vehicle and its input over one step: axle distances [m], cornering stiffnesses [N/rad], the axles'
/// lateral force limits road_mu m g b / L and road_mu m g a / L [N], 1 / mass [1/kg], yaw inertia
/// [kg m^2]; the steer's cos and sin, the drive force along body x [N], the collision force [N] (world
/// frame) and moment [N m].
template <class T>
struct Vehicle {
  T cg_to_front, cg_to_rear, stiffness_front, stiffness_rear, front_limit, rear_limit, inverse_mass, yaw_inertia;
  T cos_steer, sin_steer, drive_force, collision_x_W, collision_y_W, collision_moment;
};

/// The state at one stage: heading [rad], world velocity [m/s], yaw rate [rad/s].
template <class T>
struct State {
  T heading, vx_W, vy_W, yaw_rate;
};

/// What it gives: d(vX, vY)/dt [m/s^2], world frame, and d(yaw rate)/dt [rad/s^2].
template <class T>
struct Accelerations {
  T x_W, y_W, yaw;
};

/// The tyre side of a vehicle of mass `mass` [kg] on tyres `t`, steered by (cos, sin); the rest zero.
inline Vehicle<double> on_tyres(double mass, const TyreParams& t, double cos_steer, double sin_steer) {
  // Static axle loads m g b / L and m g a / L, capped by road_mu.
  const double weight_per_wheelbase = mass * kGravity / (t.cg_to_front_axle + t.cg_to_rear_axle);
  Vehicle<double> car{};
  car.cg_to_front = t.cg_to_front_axle;
  car.cg_to_rear = t.cg_to_rear_axle;
  car.stiffness_front = t.cornering_stiffness_front;
  car.stiffness_rear = t.cornering_stiffness_rear;
  car.front_limit = t.road_mu * (weight_per_wheelbase * t.cg_to_rear_axle);
  car.rear_limit = t.road_mu * (weight_per_wheelbase * t.cg_to_front_axle);
  car.inverse_mass = 1.0 / mass;
  car.cos_steer = cos_steer;
  car.sin_steer = sin_steer;
  return car;
}

/// Two vehicles side by side.
inline Vehicle<Lanes> side_by_side(const Vehicle<double>& a, const Vehicle<double>& b) {
  const auto zip = [](double first, double second) { return Lanes{first, second}; };
  return {zip(a.cg_to_front, b.cg_to_front),         zip(a.cg_to_rear, b.cg_to_rear),
          zip(a.stiffness_front, b.stiffness_front), zip(a.stiffness_rear, b.stiffness_rear),
          zip(a.front_limit, b.front_limit),         zip(a.rear_limit, b.rear_limit),
          zip(a.inverse_mass, b.inverse_mass),       zip(a.yaw_inertia, b.yaw_inertia),
          zip(a.cos_steer, b.cos_steer),             zip(a.sin_steer, b.sin_steer),
          zip(a.drive_force, b.drive_force),         zip(a.collision_x_W, b.collision_x_W),
          zip(a.collision_y_W, b.collision_y_W),     zip(a.collision_moment, b.collision_moment)};
}

/// Slip angle of a tyre moving at (longitudinal, lateral) in its own frame [m/s]: atan(lateral /
/// max(|longitudinal|, floor)) [rad] (regularised_slip_angle in bicycle.hpp).
template <class T>
[[gnu::always_inline]] inline T slip_angle(T longitudinal, T lateral, double speed_floor) {
  return arctan(lateral / max_of(abs_of(longitudinal), splat<T>(speed_floor)));
}

/// The linear tyre clamped at the friction limit, clamp(-stiffness * slip, -limit, limit) [N]
/// (saturated_lateral_force in bicycle.hpp).
template <class T>
[[gnu::always_inline]] inline T saturated_force(T stiffness, T slip, T limit) {
  return clamp_of(-stiffness * slip, -limit, limit);
}

/// What the two axles do for one state and steer angle.
template <class T>
struct Axles {
  T slip_front{};     ///< front slip angle, front-wheel frame [rad]
  T slip_rear{};      ///< rear slip angle, body frame [rad]
  T lateral_front{};  ///< front axle force along the steered wheel's y axis [N]
  T lateral_rear{};   ///< rear axle force along body y [N]
};

/// Axles of `car` moving at (u, v) [m/s] in its body frame with yaw rate `yaw_rate` [rad/s].
template <class T>
[[gnu::always_inline]] inline Axles<T> axles(const Vehicle<T>& car, T u, T v, T yaw_rate, double speed_floor) {
  // The axles' velocities v + r x rho, rho = (a, 0) and (-b, 0); the front one in the steered wheel's frame.
  const T front_lateral_B = v + car.cg_to_front * yaw_rate;
  const T front_wheel_x = car.cos_steer * u + car.sin_steer * front_lateral_B;
  const T front_wheel_y = -car.sin_steer * u + car.cos_steer * front_lateral_B;
  const T rear_lateral_B = v - car.cg_to_rear * yaw_rate;
  Axles<T> out;
  out.slip_front = slip_angle(front_wheel_x, front_wheel_y, speed_floor);
  out.slip_rear = slip_angle(u, rear_lateral_B, speed_floor);
  out.lateral_front = saturated_force(car.stiffness_front, out.slip_front, car.front_limit);
  out.lateral_rear = saturated_force(car.stiffness_rear, out.slip_rear, car.rear_limit);
  return out;
}

/// The model's accelerations of `car` in state `s`; `speed_floor` [m/s] regularises the slip angles.
template <class T>
[[gnu::always_inline]] inline Accelerations<T> accelerations(const Vehicle<T>& car, const State<T>& s,
                                                             double speed_floor) {
  const SinCosOf<T> h = sin_cos(s.heading);
  // The CG velocity in the body frame.
  const T u = h.cos * s.vx_W + h.sin * s.vy_W;
  const T v = -h.sin * s.vx_W + h.cos * s.vy_W;
  const Axles<T> f = axles(car, u, v, s.yaw_rate, speed_floor);
  const T lateral_front = f.lateral_front, lateral_rear = f.lateral_rear;
  // Body-frame resultant: drive along x at the rear axle, the front force along the steered wheel's y axis.
  const T front_x_B = lateral_front * -car.sin_steer, front_y_B = lateral_front * car.cos_steer;
  const T force_x_B = car.drive_force + front_x_B, force_y_B = front_y_B + lateral_rear;
  const T moment = car.cg_to_front * front_y_B - car.cg_to_rear * lateral_rear;
  const T force_x_W = (h.cos * force_x_B + -h.sin * force_y_B) + car.collision_x_W;
  const T force_y_W = (h.sin * force_x_B + h.cos * force_y_B) + car.collision_y_W;
  return {force_x_W * car.inverse_mass, force_y_W * car.inverse_mass,
          (moment + car.collision_moment) / car.yaw_inertia};
}

}  // namespace crashbench::bicycle_lanes
