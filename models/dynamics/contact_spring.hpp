#pragma once
// A continuing contact acting on one vehicle over a step: the spring-damper law a force-answering
// response model gives (Resolution::force), which the vehicle's ODE evaluates at every integrator stage,
// so that Euler, midpoint and RK4 each integrate the contact as they integrate the rest of the motion.
// World frame W unless a name says _B.
#include "core/math.hpp"
#include "models/integrators/integrator.hpp"

namespace crashbench {

/// Normal force F_n = max(0, k d + c d_dot) while the depth d > 0 (never pulling), plus friction
/// F_t = ratio F_n along a tangent held over the step. d is measured along `normal_W` from this vehicle's
/// material point at `arm_B` to the obstacle's point, which starts at `surface_W` and moves at
/// `surface_velocity_W` over the step (the other vehicle's point, or a wall's at rest).
struct ContactSpring {
  Vec2 arm_B = Vec2::Zero();               ///< the contact point on this vehicle, body frame [m]
  Vec2 surface_W = Vec2::Zero();           ///< the obstacle's point at `t0` [m]
  Vec2 surface_velocity_W = Vec2::Zero();  ///< its velocity, held over the step [m/s]
  Vec2 normal_W = Vec2::UnitX();           ///< unit, from the obstacle towards this vehicle [-]
  Vec2 friction_W = Vec2::Zero();          ///< unit tangent the friction acts along; zero: none [-]
  double stiffness = 0;                    ///< k [N/m]
  double damping = 0;                      ///< c [N s/m]
  double friction_ratio = 0;               ///< F_t / F_n [-]
  double t0 = 0;                           ///< start of the step [s]
};

/// What a spring does to its vehicle at one state.
struct SpringLoad {
  Vec2 force_W = Vec2::Zero();  ///< at the contact point [N]
  double moment = 0;            ///< about the CG [N m]
  double depth = 0;             ///< d [m]; <= 0: separated, no force
};

/// The spring's load on a vehicle in state `x` at time `t` [s]. Allocates nothing.
SpringLoad spring_load(const ContactSpring& s, const StateVector& x, double t);

}  // namespace crashbench
