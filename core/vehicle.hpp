#pragma once
// Vehicle parameters and the planar rigid-body state every model shares.
#include "core/math.hpp"

namespace crashbench {

/// The bounding rectangle Knight uses for detection, in the body frame (x forward, y left).
struct RectangleSize {
  double cg_to_front = 0;  ///< CG to front bumper [m]
  double cg_to_rear = 0;   ///< CG to rear bumper [m]
  double width = 0;        ///< body width [m]
};

/// Linear tyres that saturate at the road's friction limit (bicycle model axles).
struct TyreParams {
  double cg_to_front_axle = 0;          ///< [m]
  double cg_to_rear_axle = 0;           ///< [m]
  double cornering_stiffness_front = 0; ///< both front tyres together [N/rad]
  double cornering_stiffness_rear = 0;  ///< both rear tyres together [N/rad]
  double road_mu = 0;                   ///< tyre-road adhesion [-]
};

/// Sprung-mass roll on a roll axis parallel to the ground (Segel's model as in Zhou, Peng & Lu 2008).
/// All zero: no roll degree of freedom (the planar models ignore it).
struct RollParams {
  double sprung_mass = 0;       ///< rolling mass m_R [kg]
  double roll_arm = 0;          ///< h: sprung-mass CG above the roll axis [m]
  double roll_inertia = 0;      ///< I_xxs: sprung mass about the roll axis [kg m^2]
  double product_xz = 0;        ///< I_xz: sprung-mass product of inertia, roll and yaw axes [kg m^2]
  double roll_stiffness = 0;    ///< K_s: total suspension roll stiffness [N m/rad]
  double roll_damping = 0;      ///< D_s: total suspension roll damping [N m s/rad]
  double roll_axis_height = 0;  ///< roll axis above the ground [m]; contacts act at cg_height
};

/// Density of air at sea level, 15 C [kg/m^3]. Tongue & Moon's "0.00238 kg/m^3" is slug/ft^3 (1.2266 kg/m^3).
inline constexpr double kAirDensity = 1.225;

/// Aerodynamic drag with an effective area (models/dynamics/aero_drag.hpp). All zero: no drag.
struct AeroParams {
  double drag_coefficient = 0;       ///< C_d [-]
  double frontal_area = 0;           ///< A_f [m^2]
  double side_area = 0;              ///< A_s [m^2]
  double air_density = kAirDensity;  ///< rho [kg/m^3]
};

/// Resistance to travel on a level road (Tongue & Moon 1995, section 2.1): rolling resistance and drag.
/// All zero: none (the default; only dynamics models that say so apply it).
struct ResistanceParams {
  double rolling = 0;  ///< f_r: force f_r m g against the forward speed [-]
  AeroParams aero;     ///< drag F = 1/2 rho C_d A_eff |V| V [-, m^2, kg/m^3]

  /// True when some resistance acts (rolling or drag).
  bool any() const { return rolling > 0 || (aero.drag_coefficient > 0 && (aero.frontal_area > 0 || aero.side_area > 0)); }
};

/// Knight's six parameters (mass, yaw inertia, rectangle, CG height) plus the tyres.
struct VehicleParams {
  double mass = 0;         ///< [kg]
  double yaw_inertia = 0;  ///< about the CG [kg m^2]
  RectangleSize body;      ///< bounding rectangle at CG height
  double cg_height = 0;    ///< [m]
  TyreParams tyres;
  RollParams roll;         ///< roll degree of freedom (4-DOF models only)
  ResistanceParams resistance;  ///< rolling resistance and drag (models with VehicleDynamics::applies_resistance)
};

/// Planar rigid-body state of the CG, world frame.
struct PlanarState {
  Vec2 position_W = Vec2::Zero();  ///< CG position [m]
  double heading = 0;              ///< yaw angle from X, counter-clockwise [rad]
  Vec2 velocity_W = Vec2::Zero();  ///< CG velocity [m/s]
  double yaw_rate = 0;             ///< [rad/s]

  /// Velocity of the material point at arm `rho_W` from the CG: v + r x rho [m/s].
  Vec2 point_velocity_W(const Vec2& rho_W) const { return velocity_W + yaw_rate * perp(rho_W); }
  /// CG velocity in the body frame (u forward, v left) [m/s].
  Vec2 velocity_B() const { return rotation(-heading) * velocity_W; }
};

/// A rigid body as the response models see it: inertia and state.
struct Body {
  double mass = 0;         ///< [kg]
  double yaw_inertia = 0;  ///< [kg m^2]
  PlanarState state;

  /// Planar kinetic energy 1/2 m v.v + 1/2 Izz r^2 [J].
  double kinetic_energy() const {
    return 0.5 * mass * state.velocity_W.squaredNorm() + 0.5 * yaw_inertia * state.yaw_rate * state.yaw_rate;
  }

  /// Instant velocity change from impulse `J_W` [N s] acting at `point_W` [m]:
  /// m dV = J, Izz dr = rho x J with rho from the CG to the point.
  void apply_impulse(const Vec2& J_W, const Vec2& point_W) {
    state.velocity_W += J_W / mass;
    state.yaw_rate += cross(point_W - state.position_W, J_W) / yaw_inertia;
  }
};

}  // namespace crashbench
