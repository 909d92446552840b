#include "detectors/scenes/registry/track_layout.hpp"

#include <algorithm>
#include <array>
#include <Eigen/LU>
#include <numbers>

#include "core/units.hpp"

namespace crashbench {
namespace {

/// A straight (turn = 0) of `length`, or an arc of `radius` turning by `turn` (left positive).
struct Piece {
  double length = 0;  ///< straights [m]
  double radius = 0;  ///< arcs [m]
  double turn = 0;    ///< arcs [rad]
  double arc_length() const { return turn == 0 ? length : radius * std::abs(turn); }
};

constexpr double kDeg = kDegToRad;
// Before closure and scaling. Pieces 0 and 4 are stretched so the loop closes; the turns sum to 360 deg.
constexpr std::array<Piece, 15> kPieces{{
    {800, 0, 0},           // main straight (closing)
    {0, 350, 35 * kDeg},   // fast sweeper
    {350, 0, 0},
    {0, 220, 55 * kDeg},
    {300, 0, 0},           // (closing)
    {0, 18, 95 * kDeg},    // the tight corner
    {450, 0, 0},
    {0, 180, -35 * kDeg},  // esses: right
    {0, 180, 35 * kDeg},   //        left
    {600, 0, 0},           // back straight
    {0, 140, 85 * kDeg},
    {250, 0, 0},
    {0, 300, 60 * kDeg},
    {200, 0, 0},
    {0, 400, 30 * kDeg},   // fast final sweeper
}};

/// Displacement of `piece` entered at `heading` [m].
Vec2 displacement(const Piece& piece, double heading) {
  if (piece.turn == 0) return unit_at(heading) * piece.length;
  const double t = std::abs(piece.turn), side = piece.turn > 0 ? 1.0 : -1.0;
  const Vec2 local(piece.radius * std::sin(t), side * piece.radius * (1 - std::cos(t)));
  return rotation(heading) * local;
}

/// The pieces with straights 0 and 4 adjusted to close the loop, then scaled to the lap length.
std::array<Piece, 15> closed_pieces() {
  std::array<Piece, 15> pieces = kPieces;
  Vec2 end = Vec2::Zero();
  std::array<double, 15> headings{};
  double heading = 0;
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    headings[i] = heading;
    end += displacement(pieces[i], heading);
    heading += pieces[i].turn;
  }
  Mat2 m;
  m.col(0) = unit_at(headings[0]);
  m.col(1) = unit_at(headings[4]);
  const Vec2 stretch = m.inverse() * (-end);
  pieces[0].length += stretch.x();
  pieces[4].length += stretch.y();
  double lap = 0;
  for (const Piece& p : pieces) lap += p.arc_length();
  const double k = kTrackLapLength / lap;
  for (Piece& p : pieces) {
    p.length *= k;
    p.radius *= k;
  }
  return pieces;
}

/// Samples per piece: proportional to length / 40 m + turn / 3 deg, at least one, summing to `total`.
std::array<int, 15> apportion(const std::array<Piece, 15>& pieces, int total) {
  std::array<double, 15> weight{};
  double sum = 0;
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    weight[i] = pieces[i].arc_length() / 40.0 + std::abs(pieces[i].turn) / (3 * kDeg);
    sum += weight[i];
  }
  std::array<int, 15> count{};
  int used = 0;
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    count[i] = std::max(1, static_cast<int>(std::floor(total * weight[i] / sum)));
    used += count[i];
  }
  // Hand out the rest (or take back the excess) one at a time, longest pieces first: deterministic.
  for (std::size_t k = 0; used != total; k = (k + 1) % pieces.size()) {
    const int step = used < total ? 1 : -1;
    if (count[k] + step < 1) continue;
    count[k] += step;
    used += step;
  }
  return count;
}

double elevation(double s) {
  const double u = 2 * std::numbers::pi * s / kTrackLapLength;
  return 4.0 * std::sin(u) + 1.5 * std::sin(3 * u + 0.7);
}

}  // namespace

std::vector<TrackSample> track_centerline(int segments) {
  const std::array<Piece, 15> pieces = closed_pieces();
  const std::array<int, 15> count = apportion(pieces, segments);
  std::vector<TrackSample> out;
  out.reserve(static_cast<std::size_t>(segments));
  Vec2 start = Vec2::Zero();
  double heading = 0, s0 = 0;
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    const Piece& p = pieces[i];
    for (int j = 0; j < count[i]; ++j) {
      const double f = static_cast<double>(j) / count[i];
      Piece part = p;
      part.length *= f;
      part.turn *= f;
      TrackSample sample;
      sample.p_W = start + displacement(part, heading);
      sample.tangent_W = unit_at(heading + part.turn);
      sample.s = s0 + p.arc_length() * f;
      sample.z = elevation(sample.s);
      out.push_back(sample);
    }
    start += displacement(p, heading);
    heading += p.turn;
    s0 += p.arc_length();
  }
  return out;
}

}  // namespace crashbench
