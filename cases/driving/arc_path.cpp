#include "cases/driving/arc_path.hpp"

#include <cmath>

namespace crashbench {
namespace {

/// sin(x) / x, exact at and near zero where the quotient loses its digits.
double sinc(double x) { return std::abs(x) < 1e-8 ? 1.0 - x * x / 6.0 : std::sin(x) / x; }

}  // namespace

ArcPath::ArcPath(const PlanarState& start, double curvature)
    : start_W_(start.position_W),
      start_heading_(start.heading),
      curvature_(curvature),
      speed_(start.velocity_W.norm()) {}

PlanarState ArcPath::at(double arc_length) const {
  // The chord of an arc of length s and turn kappa s has length s sinc(kappa s / 2) and points half-way
  // between the start and end headings; at kappa = 0 it is the straight line.
  const double half_turn = 0.5 * curvature_ * arc_length;
  PlanarState s;
  s.heading = start_heading_ + 2.0 * half_turn;
  s.position_W = start_W_ + arc_length * sinc(half_turn) * unit_at(start_heading_ + half_turn);
  s.velocity_W = speed_ * unit_at(s.heading);
  s.yaw_rate = speed_ * curvature_;
  return s;
}

}  // namespace crashbench
