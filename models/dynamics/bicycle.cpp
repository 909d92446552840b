#include "models/dynamics/bicycle.hpp"

#include <algorithm>
#include <cmath>

#include "core/units.hpp"
#include "models/dynamics/rigid_body.hpp"

namespace crashbench {

AxleLoads static_axle_loads(double mass, const TyreParams& t) {
  const double a = t.cg_to_front_axle, b = t.cg_to_rear_axle;
  const double weight_per_wheelbase = mass * kGravity / (a + b);
  return {weight_per_wheelbase * b, weight_per_wheelbase * a};
}

namespace {

/// Axle forces from the body-frame CG velocity `v_B` [m/s], yaw rate `r` [rad/s] and the steer angle
/// given by its cosine and sine (computed once per derivative).
AxleForces axle_forces(double mass, const TyreParams& t, const Vec2& v_B, double r, double cos_steer,
                       double sin_steer, double speed_floor) {
  // Axle velocities v + r x rho with rho = (a, 0) and (-b, 0); the front one seen by the steered wheel.
  const double front_lateral_B = v_B.y() + t.cg_to_front_axle * r;
  const Vec2 front_wheel{cos_steer * v_B.x() + sin_steer * front_lateral_B,
                         -sin_steer * v_B.x() + cos_steer * front_lateral_B};
  const Vec2 rear_B{v_B.x(), v_B.y() - t.cg_to_rear_axle * r};
  const AxleLoads loads = static_axle_loads(mass, t);
  AxleForces f;
  f.slip_front = regularised_slip_angle(front_wheel, speed_floor);
  f.slip_rear = regularised_slip_angle(rear_B, speed_floor);
  f.lateral_front = saturated_lateral_force(t.cornering_stiffness_front, f.slip_front, t.road_mu * loads.front);
  f.lateral_rear = saturated_lateral_force(t.cornering_stiffness_rear, f.slip_rear, t.road_mu * loads.rear);
  return f;
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

StateVector BicycleDynamics::derivative(const VehicleParams& p, const StateVector& x, const VehicleInput& u) const {
  const Mat2 body_to_world = rotation(x[2]);
  const Vec2 v_B = body_to_world.transpose() * Vec2(x[3], x[4]);
  const Vec2& steer = u.steer.unit();
  const double cos_steer = steer.x(), sin_steer = steer.y();
  const TyreParams& t = own(p).tyres;
  const AxleForces f = axle_forces(p.mass, t, v_B, x[5], cos_steer, sin_steer, speed_floor_);
  // Body-frame resultant: drive along x at the rear axle, front force along the steered wheel's y axis.
  const Vec2 front_B = f.lateral_front * Vec2(-sin_steer, cos_steer);
  const Vec2 force_B{u.drive_force + front_B.x(), front_B.y() + f.lateral_rear};
  const double moment = t.cg_to_front_axle * front_B.y() - t.cg_to_rear_axle * f.lateral_rear;
  const Vec2 force_W = body_to_world * force_B + u.collision_force_W;
  return rigid_body_derivative(p, x, force_W, moment + u.collision_moment);
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
