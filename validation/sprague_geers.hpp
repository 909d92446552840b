#pragma once
// Sprague & Geers' comparison of a computed time history c(t) with a measured one m(t) (Sprague & Geers,
// "A spectral-element method for modelling cavitation in transient fluid-structure interaction", Int. J.
// Numer. Meth. Eng. 60, 2004; as reviewed by Schwer, "Validation metrics for response histories", 2007):
//   I_mm = integral m^2, I_cc = integral c^2, I_mc = integral m c
//   M = sqrt(I_cc / I_mm) - 1            (magnitude error; 0 for equal magnitudes)
//   P = acos(I_mc / sqrt(I_mm I_cc)) / pi (phase error, 0 to 1; 0 for histories in phase)
//   C = sqrt(M^2 + P^2)                  (comprehensive error)
#include <span>

namespace crashbench {

struct SpragueGeers {
  double magnitude = 0;      ///< M [-]
  double phase = 0;          ///< P [-]
  double comprehensive = 0;  ///< C [-]
  bool valid = false;        ///< false when either history is all zero or the lengths differ
};

/// M, P and C of `computed` against `measured`, both sampled at the same uniform times (the integrals'
/// common sample interval cancels from every ratio).
SpragueGeers sprague_geers(std::span<const double> measured, std::span<const double> computed);

}  // namespace crashbench
