#pragma once
// Rigid-body contact algebra shared by the response models: effective mass, contact-point velocity,
// friction tangent and angle of attack. Everything is in the world frame W unless a name says _B.
// Impulse convention: J acts on body a at the contact point, -J on body b (or on the fixed scene).
#include "core/contact.hpp"
#include "core/vehicle.hpp"

namespace crashbench {

/// Inverse effective mass of one body at arm `rho_W` from its CG [1/kg]:
/// K = I/m + perp(rho) perp(rho)^T / Izz, so that an impulse J at that point changes the
/// point's velocity by K J.
Mat2 inverse_effective_mass(const Body& body, const Vec2& rho_W);

/// K_a + K_b at world point `point_W` (arms measured from each CG); `b` == nullptr is the
/// fixed scene and adds nothing [1/kg]. K J is the change of the relative velocity
/// (a relative to b) when J acts on a and -J on b.
Mat2 inverse_effective_mass(const Body& a, const Body* b, const Vec2& point_W);

/// Velocity of a's material point at `point_W` minus b's (b == nullptr: the scene, at rest) [m/s].
Vec2 relative_point_velocity(const Body& a, const Body* b, const Vec2& point_W);

/// Unit tangent (perpendicular to the unit `normal_W`) pointing against the tangential part of
/// `velocity_W` (the contact point's sliding); the zero vector when the sliding speed is below
/// 1e-12 of |velocity_W| (no sliding, no preferred direction) [-].
Vec2 tangent_opposing_sliding(const Vec2& velocity_W, const Vec2& normal_W);

/// Angle of attack alpha = asin(|x_B . n|) [rad] in [0, pi/2], x_B = (cos heading, sin heading)
/// the body's forward axis in W and n the unit surface normal: the angle between the heading
/// line and the surface. pi/2 is head-on (heading along the normal), 0 is parallel to the wall.
/// It depends on the heading only, not on the direction of travel.
double angle_of_attack(double heading, const Vec2& normal_W);

/// What a response model needs to know about one contact, precomputed once per resolve.
struct ContactKinematics {
  Vec2 normal_W = Vec2::UnitX(); ///< unit, from the obstacle towards body a [-]
  Mat2 K_W = Mat2::Zero();       ///< K_a + K_b at the point [1/kg]
  Vec2 v_rel_W = Vec2::Zero();   ///< contact-point velocity of a relative to b [m/s]
  double v_normal = 0;           ///< n . v_rel [m/s]; < 0 approaching
};

/// Kinematics of contact `c` between `a` and `b` (nullptr: the fixed scene).
ContactKinematics contact_kinematics(const Body& a, const Body* b, const Contact& c);

/// True when every body in the pair has positive, finite mass and yaw inertia.
bool has_valid_inertia(const Body& a, const Body* b);

/// Solves the 2x2 system K x = rhs; false (x untouched) when K is singular or not finite.
bool solve_2x2(const Mat2& K, const Vec2& rhs, Vec2& x);

}  // namespace crashbench
