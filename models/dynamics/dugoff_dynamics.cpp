#include "models/dynamics/dugoff_dynamics.hpp"

#include <algorithm>
#include <cmath>

#include "core/units.hpp"
#include "models/dynamics/rigid_body.hpp"

namespace crashbench {

DugoffAxleForces dugoff_axle_forces(double mass, const TyreParams& t, const DugoffVehicleExtras& extras,
                                    const PlanarState& s, const SteerAngle& steer, double speed_floor) {
  return dugoff_axle_forces(mass, t, extras, s, sin_cos(s.heading), steer, speed_floor);
}

DugoffAxleForces dugoff_axle_forces(double mass, const TyreParams& t, const DugoffVehicleExtras& extras,
                                    const PlanarState& s, const SinCos& heading, const SteerAngle& steer,
                                    double speed_floor) {
  const Vec2 v_B = s.velocity_B(heading);
  // The front axle's velocity turned into the steered wheel's frame (a rotation by -steer).
  const Vec2 front_B{v_B.x(), v_B.y() + t.cg_to_front_axle * s.yaw_rate};
  const double c = steer.unit().x(), sn = steer.unit().y();
  const Vec2 front_wheel{c * front_B.x() + sn * front_B.y(), -sn * front_B.x() + c * front_B.y()};
  const Vec2 rear_B{v_B.x(), v_B.y() - t.cg_to_rear_axle * s.yaw_rate};
  const AxleLoads loads = static_axle_loads(mass, t);
  const double speed = v_B.norm();
  DugoffParams tyre{0.5 * t.cornering_stiffness_front, 0.0, t.road_mu, extras.speed_reduction};
  const double front =
      2 * dugoff_tyre(tyre, 0.5 * loads.front, regularised_slip_angle(front_wheel, speed_floor), 0.0, speed).lateral;
  tyre.cornering_stiffness = 0.5 * t.cornering_stiffness_rear;
  const double rear =
      2 * dugoff_tyre(tyre, 0.5 * loads.rear, regularised_slip_angle(rear_B, speed_floor), 0.0, speed).lateral;
  return {front, rear};
}

StateVector DugoffDynamics::derivative(const VehicleParams& p, const StateVector& x, const VehicleInput& u) const {
  const DugoffModelParameters& q = own(p);
  const PlanarState s = to_planar_state(x);
  // One sine and cosine of the heading for every frame change (inverse_rotation: the bits of rotation(-h)).
  const SinCos heading = sin_cos(s.heading);
  const DugoffAxleForces f = dugoff_axle_forces(p.mass, q.tyres, extras_, s, heading, u.steer, speed_floor_);
  const Vec2 front_B = f.front * perp(u.steer.unit());
  // Rolling resistance against the forward speed, regularised through zero like the slip angles.
  const double forward = s.velocity_B(heading).x();
  const double rolling = -q.resistance.rolling * p.mass * kGravity * forward /
                         std::max(std::abs(forward), speed_floor_);
  const Vec2 force_B{u.drive_force + rolling + front_B.x(), front_B.y() + f.rear};
  const double moment = q.tyres.cg_to_front_axle * front_B.y() - q.tyres.cg_to_rear_axle * f.rear;
  const Vec2 force_W = rotation(heading) * force_B + aero_drag_W(q.resistance.aero, heading, s.velocity_W) +
                       u.collision_force_W;
  return rigid_body_derivative(p, x, force_W, moment + u.collision_moment);
}

nlohmann::json DugoffDynamics::parameters() const {
  return {{"model", name()}, {"speed_reduction", extras_.speed_reduction}, {"slip_speed_floor", speed_floor_}};
}

std::unique_ptr<VehicleDynamics> make_dugoff(const JsonReader& dynamics) {
  dynamics.only_keys({"model", "speed_reduction", "slip_speed_floor"});
  DugoffVehicleExtras extras;
  if (const auto a = dynamics.find("speed_reduction")) extras.speed_reduction = a->number_in(0.0, 1.0);
  return std::make_unique<DugoffDynamics>(extras, read_slip_speed_floor(dynamics));
}

void DugoffDynamics::validate(const VehicleParams& p) const {
  require_single_track(p, speed_floor_);
  require_positive(extras_.speed_reduction, "speed_reduction", true);
  const ResistanceParams& r = own(p).resistance;
  require_positive(r.rolling, "resistance.rolling", true);
  require_positive(r.aero.drag_coefficient, "resistance.drag_coefficient", true);
  require_positive(r.aero.frontal_area, "resistance.frontal_area", true);
  require_positive(r.aero.side_area, "resistance.side_area", true);
  require_positive(r.aero.air_density, "resistance.air_density", true);
}

void DugoffDynamics::read_vehicle_parameters(const JsonReader& params, bool complete, VehicleParams& p) const {
  read_own(params, complete, p, [&](DugoffModelParameters& q) {
    if (const auto r = params.find("resistance")) q.resistance = read_resistance(*r);
  });
}

nlohmann::json DugoffDynamics::vehicle_parameters(const VehicleParams& p) const {
  nlohmann::json out = tyre_json(own(p).tyres);
  out["resistance"] = resistance_json(own(p).resistance);
  return out;
}

}  // namespace crashbench
