#include "detectors/scenes/torcs/torcs_track_geometry.hpp"

#include <algorithm>
#include <cmath>

namespace crashbench {
namespace {

// The plane geometry, as TORCS's track loader builds it (heading a counter-clockwise from +X, left
// normal n(a) = (-sin a, cos a)):
//   straight of length L:  p' = p + L (cos a, sin a)
//   curve step of radius r turning phi, s = +1 left, -1 right: its centre c = p + s r n(a);
//     a' = a + s phi,  p' = c - s r n(a')
//   a spiral (radius r0 at its start, r1 at its end, arc A) in n steps: radii r_k = r0 + k (r1 - r0) / (n - 1),
//     one length l per step with the angles adding up to A: sum_k l / r_k = A, so l = A / sum_k (1 / r_k),
//     and step k turns l / r_k (the spiral is n l long). TORCS turns a one-step spiral by
//     (r0 + r1) A / (2 r0), not A: we do the same, since its .ac was built so.

Vec2 left_normal(double heading) { return {-std::sin(heading), std::cos(heading)}; }

/// One constant-radius piece of the laid-out centre line (radius 0: straight).
struct LaidPiece {
  double length = 0;       ///< along the centre line [m]
  double radius = 0;       ///< [m], 0 for a straight
  double turn = 0;         ///< signed angle turned, + left [rad]
  double outer_right = 0;  ///< outermost edge of road, border and side from the centre, at the piece [m]
  double outer_left = 0;
};

/// The pieces of one segment, each with the outermost extent of the road, its borders and sides.
std::vector<LaidPiece> pieces_of(const TorcsSegment& s, double half_width) {
  const int n = s.type == TorcsSegment::Type::kStraight ? 1 : s.steps;
  std::vector<double> radii(n, s.radius), turns(n, s.arc / n);
  if (s.type != TorcsSegment::Type::kStraight && s.end_radius != s.radius) {
    if (n == 1) {
      turns[0] = s.length / s.radius;
    } else {
      double inverse_sum = 0;
      for (int k = 0; k < n; ++k) inverse_sum += 1 / (radii[k] = s.radius + k * (s.end_radius - s.radius) / (n - 1));
      for (int k = 0; k < n; ++k) turns[k] = s.arc / inverse_sum / radii[k];
    }
  }
  const double sign = s.type == TorcsSegment::Type::kRight ? -1.0 : 1.0;
  std::vector<LaidPiece> out;
  for (int k = 0; k < n; ++k) {
    LaidPiece p;
    p.radius = s.type == TorcsSegment::Type::kStraight ? 0.0 : radii[k];
    p.turn = sign * (p.radius > 0 ? turns[k] : 0.0);
    p.length = p.radius > 0 ? radii[k] * turns[k] : s.length;
    // The side's width runs linearly over the steps; TORCS bounds a curve step by its wider end and a
    // straight by its end.
    const auto side = [&](int i, double t) { return s.side_start[i] + (s.side_end[i] - s.side_start[i]) * t; };
    const auto widest = [&](int i) {
      return p.radius > 0 ? std::max(side(i, double(k) / n), side(i, double(k + 1) / n)) : side(i, double(k + 1) / n);
    };
    p.outer_right = half_width + s.border[0] + widest(0);
    p.outer_left = half_width + s.border[1] + widest(1);
    out.push_back(p);
  }
  return out;
}

/// Lays the pieces out from the start line; calls `visit(point, heading, piece)` at each straight's end and
/// at 36 equal angles along each curve step (where TORCS tests its bounds), and appends to `samples` (if
/// given) the centre line at most `spacing` metres apart.
template <class Visit>
void lay_out(const TorcsTrack& track, double spacing, Visit&& visit, std::vector<Vec2>* samples) {
  Vec2 p(0.0, 0.5 * track.width);
  double heading = 0;
  if (samples) samples->push_back(p);
  for (const TorcsSegment& s : track.segments) {
    for (const LaidPiece& piece : pieces_of(s, 0.5 * track.width)) {
      const Vec2 start = p;
      const double start_heading = heading;
      const double side = piece.turn >= 0 ? 1.0 : -1.0;
      const Vec2 centre = start + side * piece.radius * left_normal(start_heading);
      const auto at = [&](double fraction, double& a) {
        if (piece.radius == 0) {
          a = start_heading;
          return Vec2(start + fraction * piece.length * Vec2(std::cos(a), std::sin(a)));
        }
        a = start_heading + fraction * piece.turn;
        return Vec2(centre - side * piece.radius * left_normal(a));
      };
      const int bounds = piece.radius == 0 ? 1 : 36;
      for (int j = 1; j <= bounds; ++j) {
        double a = 0;
        const Vec2 q = at(double(j) / bounds, a);
        visit(q, a, piece);
      }
      const int n = std::max(1, static_cast<int>(std::ceil(piece.length / spacing)));
      for (int j = 1; samples && j <= n; ++j) {
        double a = 0;
        samples->push_back(at(double(j) / n, a));
      }
      p = at(1.0, heading);
    }
  }
}

}  // namespace

Vec2 torcs_layout_shift(const TorcsTrack& track) {
  // TORCS starts its bounds at the origin (the start line's right end) and widens them by every
  // edge point it visits.
  Vec2 low = Vec2::Zero();
  const double half = 0.5 * track.width;
  lay_out(track, 1.0, [&](const Vec2& q, double a, const LaidPiece& piece) {
    const Vec2 n = left_normal(a);
    for (const double d : {half, piece.outer_left, -half, -piece.outer_right}) low = low.cwiseMin(q + d * n);
  }, nullptr);
  return -low;
}

Centreline torcs_centreline(const TorcsTrack& track, double spacing) {
  Centreline line;
  lay_out(track, spacing, [](const Vec2&, double, const LaidPiece&) {}, &line.points_W);
  const Vec2 shift = torcs_layout_shift(track);
  for (Vec2& p : line.points_W) p += shift;
  constexpr double kClosing = 0.5;  // [m], as the strips' join tolerance
  line.closed = line.points_W.size() > 2 && (line.points_W.back() - line.points_W.front()).norm() <= kClosing;
  if (line.closed) line.points_W.back() = line.points_W.front();
  line.half_widths.assign(line.points_W.size(), 0.5 * track.width);
  line.strips = static_cast<int>(track.segments.size());
  return line;
}

}  // namespace crashbench
