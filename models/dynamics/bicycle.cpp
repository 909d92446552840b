#include "models/dynamics/bicycle.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include "core/units.hpp"
#include "models/dynamics/bicycle_lanes.hpp"
#include "models/dynamics/rigid_body.hpp"

namespace crashbench {

AxleLoads static_axle_loads(double mass, const TyreParams& t) {
  const double a = t.cg_to_front_axle, b = t.cg_to_rear_axle;
  const double weight_per_wheelbase = mass * kGravity / (a + b);
  return {weight_per_wheelbase * b, weight_per_wheelbase * a};
}

namespace {

/// Axle forces from the body-frame CG velocity `v_B` [m/s], yaw rate `r` [rad/s] and the steer angle
/// given by its cosine and sine: the lane form's (bicycle_lanes::axles) for one vehicle.
AxleForces axle_forces(double mass, const TyreParams& t, const Vec2& v_B, double r, double cos_steer,
                       double sin_steer, double speed_floor) {
  return bicycle_lanes::axles(bicycle_lanes::on_tyres(mass, t, cos_steer, sin_steer), v_B.x(), v_B.y(), r,
                              speed_floor);
}

}  // namespace

AxleForces bicycle_axle_forces(double mass, const TyreParams& t, const PlanarState& s, const SteerAngle& steer,
                               double speed_floor) {
  const Vec2& wheel = steer.unit();
  return axle_forces(mass, t, s.velocity_B(), s.yaw_rate, wheel.x(), wheel.y(), speed_floor);
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
  bicycle_lanes::Vehicle<double> car = bicycle_lanes::on_tyres(p.mass, t, steer.x(), steer.y());
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

/// A batch's vehicles two by two, as BicycleDynamics::prepare leaves them.
struct VehiclePairs {
  std::array<bicycle_lanes::Vehicle<Lanes>, kOdeBatchSize / 2> pairs;
};

}  // namespace

StateVector BicycleDynamics::derivative(const VehicleParams& p, const StateVector& x, const VehicleInput& u) const {
  const auto a = bicycle_lanes::accelerations(lane_vehicle(own(p).tyres, p, u), {x[2], x[3], x[4], x[5]},
                                              speed_floor_);
  return slope(x, a.x_W, a.y_W, a.yaw);
}

void BicycleDynamics::prepare(const VehicleBatch& batch, BatchScratch& scratch) const {
  auto& prepared = scratch.emplace<VehiclePairs>();
  for (int i = 0; i + 1 < batch.size; i += 2) {
    const VehicleParams &first = *batch.params[i], &second = *batch.params[i + 1];
    prepared.pairs[i / 2] = bicycle_lanes::side_by_side(lane_vehicle(own(first).tyres, first, *batch.input[i]),
                                                        lane_vehicle(own(second).tyres, second, *batch.input[i + 1]));
  }
}

void BicycleDynamics::derivatives(const VehicleBatch& batch, const BatchScratch& scratch, const StateVector* x,
                                  StateVector* dx) const {
  // Two vehicles to an SSE2 register, with the bits each gets alone (bicycle_lanes.hpp), and two pairs at
  // a time: each pair's evaluation is one long chain (sine, divisions, atan), and two independent chains
  // in one block let the CPU overlap them.
  const auto& prepared = scratch.get<VehiclePairs>();
  const auto pair_state = [&](int i) {
    const StateVector &p = x[i], &q = x[i + 1];
    return bicycle_lanes::State<Lanes>{{p[2], q[2]}, {p[3], q[3]}, {p[4], q[4]}, {p[5], q[5]}};
  };
  const auto store = [&](int i, const bicycle_lanes::Accelerations<Lanes>& a) {
    dx[i] = slope(x[i], a.x_W[0], a.y_W[0], a.yaw[0]);
    dx[i + 1] = slope(x[i + 1], a.x_W[1], a.y_W[1], a.yaw[1]);
  };
  int i = 0;
  for (; i + 3 < batch.size; i += 4) {
    const auto a = bicycle_lanes::accelerations(prepared.pairs[i / 2], pair_state(i), speed_floor_);
    const auto b = bicycle_lanes::accelerations(prepared.pairs[i / 2 + 1], pair_state(i + 2), speed_floor_);
    store(i, a);
    store(i + 2, b);
  }
  if (i + 1 < batch.size) {
    store(i, bicycle_lanes::accelerations(prepared.pairs[i / 2], pair_state(i), speed_floor_));
    i += 2;
  }
  if (i < batch.size) dx[i] = derivative(*batch.params[i], x[i], *batch.input[i]);
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
