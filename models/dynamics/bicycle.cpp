#include "models/dynamics/bicycle.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include "core/units.hpp"
#include "core/vector_width.hpp"
#include "models/dynamics/bicycle_avx2.hpp"
#include "models/dynamics/bicycle_avx512.hpp"
#include "models/dynamics/bicycle_lanes.hpp"
#include "models/dynamics/rigid_body.hpp"

namespace crashbench {

AxleLoads static_axle_loads(double mass, const TyreParams& t) {
  const double a = t.cg_to_front_axle, b = t.cg_to_rear_axle;
  const double weight_per_wheelbase = mass * kGravity / (a + b);
  return {weight_per_wheelbase * b, weight_per_wheelbase * a};
}

namespace {

/// The tyre side of a vehicle of mass `mass` [kg] on tyres `t`, steered by (cos, sin); the rest zero.
bicycle_lanes::Vehicle<double> on_tyres(double mass, const TyreParams& t, double cos_steer, double sin_steer) {
  // Static axle loads m g b / L and m g a / L, capped by road_mu.
  const double weight_per_wheelbase = mass * kGravity / (t.cg_to_front_axle + t.cg_to_rear_axle);
  bicycle_lanes::Vehicle<double> car{};
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

/// Axle forces from the body-frame CG velocity `v_B` [m/s], yaw rate `r` [rad/s] and the steer angle
/// given by its cosine and sine: the lane form's (bicycle_lanes::axles) for one vehicle.
AxleForces axle_forces(double mass, const TyreParams& t, const Vec2& v_B, double r, double cos_steer,
                       double sin_steer, double speed_floor) {
  return bicycle_lanes::axles(on_tyres(mass, t, cos_steer, sin_steer), v_B.x(), v_B.y(), r,
                              speed_floor);
}

}  // namespace

AxleForces bicycle_axle_forces(double mass, const TyreParams& t, const PlanarState& s, const SteerAngle& steer,
                               double speed_floor) {
  return bicycle_axle_forces(mass, t, s, sin_cos(s.heading), steer, speed_floor);
}

AxleForces bicycle_axle_forces(double mass, const TyreParams& t, const PlanarState& s, const SinCos& heading,
                               const SteerAngle& steer, double speed_floor) {
  const Vec2& wheel = steer.unit();
  return axle_forces(mass, t, s.velocity_B(heading), s.yaw_rate, wheel.x(), wheel.y(), speed_floor);
}

double bicycle_low_speed_rate(const VehicleParams& p, const TyreParams& t, double speed_floor) {
  const double a = t.cg_to_front_axle, b = t.cg_to_rear_axle;
  const double cf = t.cornering_stiffness_front, cr = t.cornering_stiffness_rear;
  // d(v, r)/dt = -A (v, r) with the tyres as dampers C / floor; A has real, positive eigenvalues.
  const double a11 = (cf + cr) / (p.mass * speed_floor);
  const double a12 = (a * cf - b * cr) / (p.mass * speed_floor);
  const double a21 = (a * cf - b * cr) / (p.yaw_inertia * speed_floor);
  const double a22 = (a * a * cf + b * b * cr) / (p.yaw_inertia * speed_floor);
  const double half_trace = 0.5 * (a11 + a22);
  const double det = a11 * a22 - a12 * a21;
  return half_trace + std::sqrt(std::max(half_trace * half_trace - det, 0.0));
}

namespace {

/// Vehicle `p` with input `u` as bicycle_lanes reads it.
bicycle_lanes::Vehicle<double> lane_vehicle(const TyreParams& t, const VehicleParams& p, const VehicleInput& u) {
  const Vec2& steer = u.steer.unit();
  bicycle_lanes::Vehicle<double> car = on_tyres(p.mass, t, steer.x(), steer.y());
  car.yaw_inertia = p.yaw_inertia;
  car.drive_force = u.drive_force;
  car.collision_x_W = u.collision_force_W.x();
  car.collision_y_W = u.collision_force_W.y();
  car.collision_moment = u.collision_moment;
  return car;
}

/// The state derivative: (vX, vY, r) from `x`, the accelerations from the model, no roll.
StateVector slope(const StateVector& x, double ax_W, double ay_W, double yaw_acceleration) {
  StateVector dx;
  dx << x[3], x[4], x[5], ax_W, ay_W, yaw_acceleration, 0.0, 0.0;
  return dx;
}

}  // namespace

StateVector BicycleDynamics::derivative(const VehicleParams& p, const StateVector& x, const VehicleInput& u) const {
  const auto a = bicycle_lanes::accelerations(lane_vehicle(own(p).tyres, p, u), {x[2], x[3], x[4], x[5]},
                                              speed_floor_);
  return slope(x, a.x_W, a.y_W, a.yaw);
}

void BicycleDynamics::prepare(const VehicleBatch& batch, BatchScratch& scratch) const {
  static_assert(std::tuple_size_v<bicycle_lanes::Column> == kOdeBatchSize);
  auto& cars = scratch.emplace<bicycle_lanes::Vehicle<bicycle_lanes::Column>>();
  for (int i = 0; i < batch.size; ++i) {
    const VehicleParams& p = *batch.params[i];
    set_row(cars, i, lane_vehicle(own(p).tyres, p, *batch.input[i]));
  }
}

void BicycleDynamics::derivatives(const VehicleBatch& batch, const BatchScratch& scratch, const StateVector* x,
                                  StateVector* dx) const {
  const auto& cars = scratch.get<bicycle_lanes::Vehicle<bicycle_lanes::Column>>();
  constexpr int kStateSize = StateVector::RowsAtCompileTime;
  static_assert(sizeof(StateVector) == kStateSize * sizeof(double), "a batch's states are one array of doubles");
  const bicycle_lanes::StateRows states{x[0].data(), kStateSize};
  // Eight vehicles to an AVX-512 register, four to an AVX one, two to an SSE2 one, then one, as wide as the
  // CPU allows (core/vector_width.hpp): the same bits in each (bicycle_lanes.hpp).
  bicycle_lanes::Accelerations<bicycle_lanes::Column> a;
  const int width = vector_width();
  int done = width == 8 ? bicycle_avx512::accelerate_rows(cars, states, batch.size, speed_floor_, a) : 0;
  if (width >= 4) done = bicycle_avx2::accelerate_rows(cars, states, done, batch.size, speed_floor_, a);
  done = bicycle_lanes::accelerate_rows<Lanes>(cars, states, done, batch.size, speed_floor_, a);
  bicycle_lanes::accelerate_rows<double>(cars, states, done, batch.size, speed_floor_, a);
  for (int i = 0; i < batch.size; ++i) dx[i] = slope(x[i], a.x_W[i], a.y_W[i], a.yaw[i]);
}

bool BicycleDynamics::rk4_step(const VehicleBatch& batch, const BatchScratch& scratch, double dt,
                               StateVector* x) const {
  static_assert(sizeof(StateVector) == bicycle_lanes::kStateComponents * sizeof(double), "states side by side");
  const auto& cars = scratch.get<bicycle_lanes::Vehicle<bicycle_lanes::Column>>();
  double* states = x[0].data();
  // As wide as derivatives() goes, the same bits at every width.
  const int width = vector_width();
  int done = width == 8 ? bicycle_avx512::rk4_rows(cars, states, batch.size, dt, speed_floor_) : 0;
  if (width >= 4) done = bicycle_avx2::rk4_rows(cars, states, done, batch.size, dt, speed_floor_);
  done = bicycle_lanes::rk4_rows<Lanes>(cars, states, done, batch.size, dt, speed_floor_);
  bicycle_lanes::rk4_rows<double>(cars, states, done, batch.size, dt, speed_floor_);
  return true;
}

double read_slip_speed_floor(const JsonReader& dynamics) {
  const auto floor = dynamics.find("slip_speed_floor");
  return floor ? floor->positive_number() : kSlipSpeedFloor;
}

nlohmann::json BicycleDynamics::parameters() const {
  return {{"model", name()}, {"slip_speed_floor", speed_floor_}};
}

std::unique_ptr<VehicleDynamics> make_bicycle(const JsonReader& dynamics) {
  dynamics.only_keys({"model", "slip_speed_floor"});
  return std::make_unique<BicycleDynamics>(read_slip_speed_floor(dynamics));
}

void BicycleDynamics::validate(const VehicleParams& p) const { require_single_track(p, speed_floor_); }

void BicycleDynamics::read_vehicle_parameters(const JsonReader& params, bool complete, VehicleParams& p) const {
  read_own(params, complete, p, [](BicycleParameters&) {});
}

}  // namespace crashbench
