#pragma once
// What the runner needs to act at a contact's time of impact (docs/swept-detection.md): the state part of
// the way through a step, and whether a contact is closing at that time.
#include "core/contact.hpp"
#include "core/vehicle.hpp"
#include "models/dynamics/vehicle_dynamics.hpp"

namespace crashbench {

/// The state a fraction `f` in [0, 1] of the way from `before` to `after` (every entry linear: exact for a
/// free body, and the pose the swept detector tested). With `pose_only`, velocities stay `after`'s.
StateVector state_at(const StateVector& before, const StateVector& after, double f, bool pose_only);

/// Contact points closing slower than this are at rest against each other, not impacting [m/s]: it keeps
/// rounding-level approach (1e-13 m/s after an impulse that stopped it) from making impacts of its own.
inline constexpr double kClosingSpeed = 1e-6;

/// True if the contact points of `a` and `b` (null: the static scene) close along `c.normal_W` faster than
/// kClosingSpeed.
bool approaching(const Body& a, const Body* b, const Contact& c);

}  // namespace crashbench
