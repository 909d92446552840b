#pragma once
// A clothoid (Euler spiral): curvature linear in arc length, kappa(s) = k0 + c s, so that the heading is
// theta(s) = theta0 + k0 s + c s^2 / 2 and the position the integral of (cos theta, sin theta) ds, a
// generalised Fresnel integral with no closed form. Evaluated by 10-point Gauss-Legendre quadrature on
// pieces short enough that the heading turns at most 0.25 rad across one from its linear part
// (h max|kappa| <= 0.25) and 0.25 rad from its quadratic part (h^2 |c| <= 0.25): the rule's error on such a
// piece, bounded through Cauchy's estimate of the 20th derivative on a circle of radius 4 pieces, is below
// 1e-20 of the piece's length, so rounding (about 1e-16 of the distance from the start) is all that is left.
#include <vector>

#include "core/math.hpp"

namespace crashbench::odr {

class Clothoid {
 public:
  /// Starts at `start_W` [m] with heading `heading` [rad, CCW from X], curvature `k0` [1/m] changing by
  /// `rate` [1/m^2] per metre, `length` [m] long (>= 0).
  Clothoid(const Vec2& start_W, double heading, double k0, double rate, double length);

  /// Position at arc length `s` from the start [m], world frame; s may lie past the ends (extrapolated).
  Vec2 position(double s) const;
  /// Heading at `s` [rad].
  double heading(double s) const { return heading_ + s * (k0_ + 0.5 * rate_ * s); }

  /// The integral of (cos theta, sin theta) from `a` to `b` [m] (b - a short: within one piece).
  Vec2 integral(double a, double b) const;

 private:
  Vec2 start_W_;
  double heading_, k0_, rate_, length_;
  double piece_ = 1;               ///< [m]
  std::vector<Vec2> piece_starts_; ///< position at the start of each piece
};

}  // namespace crashbench::odr
