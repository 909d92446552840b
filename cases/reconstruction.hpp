#pragma once
// Accident reconstruction (Brach 1991 as used by Zhou, Peng & Lu 2008): from the post-impact states of
// two vehicles and the collision geometry, the pre-impact states, by solving Brach's impulse-momentum
// system backwards (models/response/brach_planar.hpp). The case's vehicles carry the post-impact states
// (positions and headings at impact, velocities and yaw rates just after it), its `contact` block the
// crush plane, its `response` the restitution and friction. The result is checked by running it
// forward through the same response model.
#include "cases/case.hpp"

namespace crashbench {

struct Reconstruction {
  PlanarState pre_a, pre_b;    ///< recovered pre-impact states of contact.vehicle and contact.other, world frame
  PlanarState post_a, post_b;  ///< the given post-impact states
  double restitution = 0;      ///< e the model imposed at the contact point [-]
  double tangential_ratio = 0; ///< t.J / n.J that acted (signed, t = perp(n)) [-]
  int iterations = 0;          ///< fixed-point passes until the tangential ratio settled
  /// Forward check: largest difference between the model's post-impact velocities from the recovered
  /// pre-impact states and the given ones, relative to the largest given speed (yaw rate x the vehicle's
  /// half-length counts as a speed) [-].
  double forward_residual = 0;
};

/// Reconstructs `c` (two vehicles, a `contact` block, a response model that imposes a restitution > 0).
/// Throws Error naming the field when the case cannot be reconstructed.
Reconstruction reconstruct(const Case& c);

}  // namespace crashbench
