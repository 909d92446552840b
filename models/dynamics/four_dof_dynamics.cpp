#include "models/dynamics/four_dof_dynamics.hpp"

#include <Eigen/Cholesky>
#include <Eigen/LU>
#include <algorithm>
#include <cmath>

#include "core/units.hpp"
#include "models/dynamics/rigid_body.hpp"

namespace crashbench {
namespace {

// Generalised inertia of (lateral acceleration, yaw, roll): eqs. 11-13's left-hand sides.
Eigen::Matrix3d inertia_matrix(const VehicleParams& p, const RollParams& q) {
  const double mh = q.sprung_mass * q.roll_arm;
  Eigen::Matrix3d m;
  m << p.mass, 0, -mh, 0, p.yaw_inertia, q.product_xz, -mh, q.product_xz, q.roll_inertia;
  return m;
}

}  // namespace

FourDofAccelerations four_dof_accelerations(const VehicleParams& p, const RollParams& q, const Vec2& force_B,
                                            double yaw_moment, double roll_moment, double roll, double roll_rate) {
  FourDofAccelerations acc;
  acc.longitudinal = force_B.x() / p.mass;
  if (q.roll_inertia <= 0) {
    acc.lateral = force_B.y() / p.mass;
    acc.yaw = yaw_moment / p.yaw_inertia;
    return acc;
  }
  // M a_y - m_R h p' = F_y;  Izz r' + Ixz p' = M_z;
  // Ixxs p' + Ixz r' - m_R h a_y = M_x + (m_R g h - K_s) phi - D_s p.
  const double spring = q.sprung_mass * kGravity * q.roll_arm - q.roll_stiffness;
  const Eigen::Vector3d rhs(force_B.y(), yaw_moment, roll_moment + spring * roll - q.roll_damping * roll_rate);
  const Eigen::Vector3d a = inertia_matrix(p, q).ldlt().solve(rhs);
  acc.lateral = a[0], acc.yaw = a[1], acc.roll = a[2];
  return acc;
}

StateVector FourDofDynamics::derivative(const VehicleParams& p, const StateVector& x, const VehicleInput& u) const {
  const FourDofParameters& q = own(p);
  const PlanarState s = to_planar_state(x);
  // One sine and cosine of the heading for both frames (inverse_rotation: the same bits as rotation(-h)).
  const SinCos heading = sin_cos(s.heading);
  const AxleForces f = bicycle_axle_forces(p.mass, q.tyres, s, heading, u.steer, speed_floor_);
  const Vec2 front_B = f.lateral_front * perp(u.steer.unit());
  const Vec2 collision_B = inverse_rotation(heading) * u.collision_force_W;
  const Vec2 force_B{u.drive_force + front_B.x() + collision_B.x(), front_B.y() + f.lateral_rear + collision_B.y()};
  const double yaw_moment = q.tyres.cg_to_front_axle * front_B.y() - q.tyres.cg_to_rear_axle * f.lateral_rear +
                            u.collision_moment;
  // A leftward force z above the roll axis rolls the body left side down: -z F_y.
  const double roll_moment = -(p.cg_height - q.roll.roll_axis_height) * collision_B.y();
  const FourDofAccelerations a = four_dof_accelerations(p, q.roll, force_B, yaw_moment, roll_moment, x[6], x[7]);
  const Vec2 acc_W = rotation(heading) * Vec2{a.longitudinal, a.lateral};
  StateVector dx;
  dx << x[3], x[4], x[5], acc_W.x(), acc_W.y(), a.yaw, x[7], a.roll;
  return dx;
}

GroundForceBound FourDofDynamics::ground_force_bound(const VehicleParams& p, double dt) const {
  const FourDofParameters& q = own(p);
  if (q.roll.roll_inertia <= 0) return tyre_friction_bound(p, q.tyres, dt);
  // The tyres give at most F = road_mu m g in all (F_x, F_y) and a yaw moment |M_z| <= F max(a, b); the
  // accelerations are (F_x / M, c F_y + d M_z) and e F_y + f M_z, (c d; e f) the top-left of the inverse
  // inertia matrix. With c >= 1/M (M positive definite), |a| <= F (c + |d| max(a, b)).
  const Eigen::Matrix3d inverse = inertia_matrix(p, q.roll).inverse();
  const double force = q.tyres.road_mu * p.mass * kGravity;
  const double arm = std::max(q.tyres.cg_to_front_axle, q.tyres.cg_to_rear_axle);
  return {force * (inverse(0, 0) + std::abs(inverse(0, 1)) * arm) * dt,
          force * (std::abs(inverse(1, 0)) + std::abs(inverse(1, 1)) * arm) * dt};
}

nlohmann::json FourDofDynamics::vehicle_parameters(const VehicleParams& p) const {
  nlohmann::json out = tyre_json(own(p).tyres);
  out["roll"] = roll_json(own(p).roll);
  return out;
}

void FourDofDynamics::read_vehicle_parameters(const JsonReader& params, bool complete, VehicleParams& p) const {
  read_own(params, complete, p, [&](FourDofParameters& q) { read_roll(params, q.roll); });
}

nlohmann::json FourDofDynamics::parameters() const {
  return {{"model", name()}, {"slip_speed_floor", speed_floor_}};
}

std::unique_ptr<VehicleDynamics> make_four_dof(const JsonReader& dynamics) {
  dynamics.only_keys({"model", "slip_speed_floor"});
  return std::make_unique<FourDofDynamics>(read_slip_speed_floor(dynamics));
}

void FourDofDynamics::validate(const VehicleParams& p) const {
  require_single_track(p, speed_floor_);
  const RollParams& q = own(p).roll;
  require_positive(q.sprung_mass, "roll.sprung_mass", true);
  require_positive(q.roll_arm, "roll.roll_arm", true);
  require_positive(q.roll_inertia, "roll.roll_inertia", true);
  require_positive(q.roll_stiffness, "roll.roll_stiffness", true);
  require_positive(q.roll_damping, "roll.roll_damping", true);
  if (!std::isfinite(q.product_xz)) throw Error("", "roll.product_xz", "expected a finite value");
  if (q.roll_inertia > 0 && inertia_matrix(p, q).llt().info() != Eigen::Success)
    throw Error("", "roll", "the inertia matrix (M, Izz, I_xxs, m_R h, I_xz) must be positive definite");
}

}  // namespace crashbench
