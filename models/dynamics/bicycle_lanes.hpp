#pragma once
// The bicycle model's derivative on a lane type T (core/lanes.hpp): BicycleDynamics::derivative() is its
// T = double instance, derivatives() takes eight vehicles at a time with T = Lanes8 where the CPU has
// AVX-512 (bicycle_avx512.cpp), four with T = Lanes4 where it has AVX2 (bicycle_avx2.cpp), else two with
// T = Lanes. The operations are those of the model's equations in
// docs/dynamics.md, in the order its Eigen form took them, so a vehicle gets the same bits alone or beside
// another. What does not change within a step (the vehicle's parameters, its input, the axles' friction
// limits) is taken once per step (Vehicle), the state at every stage (State).
#include <array>
#include <cstddef>
#include <cstring>
#include <utility>

#include "core/lanes.hpp"
#include "core/portable_trig.hpp"

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

/// f(a.field, b.field) for each field of two Vehicles or Accelerations, in turn.
template <class A, class B, class F>
[[gnu::always_inline]] inline void for_each_field(Vehicle<A>& a, const Vehicle<B>& b, F f) {
  f(a.cg_to_front, b.cg_to_front), f(a.cg_to_rear, b.cg_to_rear), f(a.stiffness_front, b.stiffness_front);
  f(a.stiffness_rear, b.stiffness_rear), f(a.front_limit, b.front_limit), f(a.rear_limit, b.rear_limit);
  f(a.inverse_mass, b.inverse_mass), f(a.yaw_inertia, b.yaw_inertia), f(a.cos_steer, b.cos_steer);
  f(a.sin_steer, b.sin_steer), f(a.drive_force, b.drive_force), f(a.collision_x_W, b.collision_x_W);
  f(a.collision_y_W, b.collision_y_W), f(a.collision_moment, b.collision_moment);
}
template <class A, class B, class F>
[[gnu::always_inline]] inline void for_each_field(Accelerations<A>& a, const Accelerations<B>& b, F f) {
  f(a.x_W, b.x_W), f(a.y_W, b.y_W), f(a.yaw, b.yaw);
}

/// A batch's vehicles as columns (a column per field, a row per vehicle): a lane type T of two, four or
/// eight neighbouring rows loads as one register.
using Column = std::array<double, 8>;  // kOdeBatchSize (models/integrators/integrator.hpp)

/// Row `row` of `columns` set to `value` (a Vehicle or Accelerations of doubles).
template <template <class> class Record>
[[gnu::always_inline]] inline void set_row(Record<Column>& columns, int row, const Record<double>& value) {
  for_each_field(columns, value, [row](Column& column, double v) __attribute__((always_inline)) { column[row] = v; });
}
/// Rows first ... first + kLanesOf<T> - 1 of `columns` as one Record<T>.
template <class T, template <class> class Record>
[[gnu::always_inline]] inline Record<T> rows_at(const Record<Column>& columns, int first) {
  Record<T> out;
  for_each_field(out, columns, [first](T& lanes, const Column& column) __attribute__((always_inline)) {
    std::memcpy(&lanes, column.data() + first, sizeof(T));
  });
  return out;
}
/// Rows first ... of `columns` set to the lanes of `value`.
template <class T, template <class> class Record>
[[gnu::always_inline]] inline void set_rows(Record<Column>& columns, int first, const Record<T>& value) {
  for_each_field(columns, value, [first](Column& column, const T& lanes) __attribute__((always_inline)) {
    std::memcpy(column.data() + first, &lanes, sizeof(T));
  });
}

/// A batch's states as the integrator holds them: vehicle i's at x + i * stride, its heading, world
/// velocity and yaw rate at 2, 3, 4, 5 (StateVector, models/dynamics/vehicle_dynamics.hpp). Read straight
/// into lanes: written to columns first, a lane's load would wait for the stores to drain.
struct StateRows {
  const double* x;
  int stride;
};
template <class T, std::size_t... Lane>
[[gnu::always_inline]] inline T lanes_of(const StateRows& s, int first, int component, std::index_sequence<Lane...>) {
  return T{s.x[(first + static_cast<int>(Lane)) * s.stride + component]...};
}
/// Component `component` of rows first ... first + kLanesOf<T> - 1.
template <class T>
[[gnu::always_inline]] inline T component_at(const StateRows& s, int first, int component) {
#ifdef __AVX512F__
  if constexpr (kLanesOf<T> == 8) {  // one gather: built from eight loads, it takes fifteen instructions
    const __m256i rows = _mm256_mullo_epi32(_mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7), _mm256_set1_epi32(s.stride));
    const double* at = s.x + static_cast<std::ptrdiff_t>(first) * s.stride + component;
    return (T)_mm512_mask_i32gather_pd(_mm512_setzero_pd(), 0xff, rows, at, sizeof(double));
  }
#endif
  return lanes_of<T>(s, first, component, std::make_index_sequence<kLanesOf<T>>());
}
/// The states of rows first ... first + kLanesOf<T> - 1.
template <class T>
[[gnu::always_inline]] inline State<T> states_at(const StateRows& s, int first) {
  return {component_at<T>(s, first, 2), component_at<T>(s, first, 3), component_at<T>(s, first, 4),
          component_at<T>(s, first, 5)};
}

/// The accelerations of rows [first, count) of `cars` in `states` into `out`, kLanesOf<T> rows to a register
/// and two registers at a time (each register's evaluation is one long chain, sine, divisions, atan, and two
/// independent chains in one block let the CPU overlap them); returns the first row not taken (fewer than
/// kLanesOf<T> rows are left).
template <class T>
[[gnu::always_inline]] inline int accelerate_rows(const Vehicle<Column>& cars, const StateRows& states, int first,
                                                  int count, double speed_floor, Accelerations<Column>& out) {
  constexpr int kRows = kLanesOf<T>;
  const auto take = [&](int row) __attribute__((always_inline)) {
    return accelerations(rows_at<T>(cars, row), states_at<T>(states, row), speed_floor);
  };
  const auto put = [&](int row, const Accelerations<T>& a) __attribute__((always_inline)) { set_rows(out, row, a); };
  int row = first;
  for (; row + 2 * kRows <= count; row += 2 * kRows) {
    const Accelerations<T> a = take(row), b = take(row + kRows);
    put(row, a);
    put(row + kRows, b);
  }
  if (row + kRows <= count) put(row, take(row)), row += kRows;
  return row;
}

/// A vehicle's state: StateVector's eight components, each vehicle's one after another in a batch.
inline constexpr int kStateComponents = 8;
/// A whole state of kLanesOf<T> vehicles, a register per component.
template <class T>
using Components = std::array<T, kStateComponents>;

/// One classical RK4 step of `dt` [s] of the vehicles `cars` (whose input holds over the step) from `x`,
/// in place: Rk4Integrator::step's operations on each lane in its order, the slope being
/// BicycleDynamics::derivative's (vX, vY, r, the accelerations, no roll), so a vehicle gets the bits the
/// integrator gives it alone. kGroups independent sets of lanes, stage by stage: their chains overlap.
template <class T, int kGroups>
[[gnu::always_inline]] inline void rk4_step(const std::array<Vehicle<T>, kGroups>& cars,
                                            std::array<Components<T>, kGroups>& x, double dt, double speed_floor) {
  using Groups = std::array<Components<T>, kGroups>;  // a state or a slope of each group
  const auto slopes = [&](const Groups& at) __attribute__((always_inline)) {
    Groups k;
    for (int g = 0; g < kGroups; ++g) {
      const Components<T>& s = at[g];
      const Accelerations<T> a = accelerations(cars[g], State<T>{s[2], s[3], s[4], s[5]}, speed_floor);
      k[g] = {s[3], s[4], s[5], a.x_W, a.y_W, a.yaw, splat<T>(0.0), splat<T>(0.0)};
    }
    return k;
  };
  const auto along = [&](const Groups& k, double h) __attribute__((always_inline)) {
    Groups at;
    for (int g = 0; g < kGroups; ++g)
      for (int c = 0; c < kStateComponents; ++c) at[g][c] = x[g][c] + h * k[g][c];
    return at;
  };
  const double half = 0.5 * dt;
  const Groups k1 = slopes(x);
  const Groups k2 = slopes(along(k1, half));
  const Groups k3 = slopes(along(k2, half));
  const Groups k4 = slopes(along(k3, dt));
  for (int g = 0; g < kGroups; ++g)
    for (int c = 0; c < kStateComponents; ++c)
      x[g][c] = x[g][c] + (dt / 6.0) * (((k1[g][c] + 2.0 * k2[g][c]) + 2.0 * k3[g][c]) + k4[g][c]);
}

/// rk4_step() on rows [first, count) of the integrator's states `states` (vehicle i's at states +
/// kStateComponents i, written back in place), kLanesOf<T> rows to a register and two registers at a time;
/// returns the first row not taken (fewer than kLanesOf<T> rows are left).
template <class T>
[[gnu::always_inline]] inline int rk4_rows(const Vehicle<Column>& cars, double* states, int first, int count,
                                           double dt, double speed_floor) {
  constexpr int kRows = kLanesOf<T>;
  const StateRows rows{states, kStateComponents};
  const auto load = [&](int row) __attribute__((always_inline)) {
    Components<T> x;
    for (int c = 0; c < kStateComponents; ++c) x[c] = component_at<T>(rows, row, c);
    return x;
  };
  const auto store = [&](int row, const Components<T>& x) __attribute__((always_inline)) {
    for (int lane = 0; lane < kRows; ++lane)
      for (int c = 0; c < kStateComponents; ++c) states[(row + lane) * kStateComponents + c] = lane_of(x[c], lane);
  };
  int row = first;
  for (; row + 2 * kRows <= count; row += 2 * kRows) {
    std::array<Components<T>, 2> x{load(row), load(row + kRows)};
    rk4_step<T, 2>({rows_at<T>(cars, row), rows_at<T>(cars, row + kRows)}, x, dt, speed_floor);
    store(row, x[0]), store(row + kRows, x[1]);
  }
  if (row + kRows <= count) {
    std::array<Components<T>, 1> x{load(row)};
    rk4_step<T, 1>({rows_at<T>(cars, row)}, x, dt, speed_floor);
    store(row, x[0]);
    row += kRows;
  }
  return row;
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
