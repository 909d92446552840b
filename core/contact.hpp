#pragma once
// What a detector reports and what a response model produces, in the world frame.
#include "core/math.hpp"

namespace crashbench {

/// `Contact::other` for the static scene (walls, barriers).
inline constexpr int kStaticScene = -1;

/// One contact between a vehicle and an obstacle, at CG height.
/// The three indices first, where the 16-byte aligned vectors would otherwise leave padding (64 bytes, not 80).
struct Contact {
  int vehicle = 0;               ///< index into the run's vehicles
  int other = kStaticScene;      ///< other vehicle, or kStaticScene
  int feature = -1;              ///< which wall / triangle / edge of the obstacle, detector-specific
  Vec2 point_W = Vec2::Zero();   ///< midpoint of the interference line [m]
  Vec2 normal_W = Vec2::UnitX(); ///< unit, from the obstacle towards `vehicle`
  double depth = 0;              ///< penetration along the normal [m], >= 0
  double toi = 1;                ///< fraction of the step at first contact, [0, 1] (detectors/swept.hpp)
};

/// An impulse on a body at a contact point, world frame.
struct Impulse {
  Vec2 linear_W = Vec2::Zero();  ///< integral of F dt [N s]
  Vec2 point_W = Vec2::Zero();   ///< where it acts [m]

  /// z component of rho x J about a body's CG at `cg_W` [N m s].
};

}  // namespace crashbench
