#include "detectors/scenes/opendrive/clothoid.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace crashbench::odr {
namespace {

// 10-point Gauss-Legendre nodes on [-1, 1] (the positive half) and their weights.
constexpr std::array<double, 5> kNodes{0.1488743389816312108848260, 0.4333953941292471907992659,
                                       0.6794095682990244062343274, 0.8650633666889845107320967,
                                       0.9739065285171717200779640};
constexpr std::array<double, 5> kWeights{0.2955242247147528701738930, 0.2692667193099963550912269,
                                         0.2190863625159820439955349, 0.1494513491505805931457763,
                                         0.0666713443086881375935688};
constexpr double kMostTurnPerPiece = 0.25;  // [rad], see the header
constexpr std::size_t kMostPieces = 1 << 16;  // 16,000 turns; beyond, the bound is lost (no road turns so)

}  // namespace

Clothoid::Clothoid(const Vec2& start_W, double heading, double k0, double rate, double length)
    : start_W_(start_W), heading_(heading), k0_(k0), rate_(rate), length_(std::max(length, 0.0)) {
  const double most_curvature = std::max(std::abs(k0), std::abs(k0 + rate * length_));
  const double by_curvature = length_ * most_curvature / kMostTurnPerPiece;
  const double by_rate = length_ * std::sqrt(std::abs(rate) / kMostTurnPerPiece);
  const double pieces = std::clamp(std::ceil(std::max({by_curvature, by_rate, 1.0})), 1.0, double(kMostPieces));
  piece_ = length_ > 0 ? length_ / pieces : 1.0;
  piece_starts_.reserve(static_cast<std::size_t>(pieces) + 1);
  Vec2 p = start_W_;
  piece_starts_.push_back(p);
  for (std::size_t i = 0; i < static_cast<std::size_t>(pieces); ++i) {
    p += integral(double(i) * piece_, double(i + 1) * piece_);
    piece_starts_.push_back(p);
  }
}

Vec2 Clothoid::integral(double a, double b) const {
  const double mid = 0.5 * (a + b), half = 0.5 * (b - a);
  Vec2 sum = Vec2::Zero();
  for (std::size_t i = 0; i < kNodes.size(); ++i)
    for (const double side : {-1.0, 1.0}) {
      const double theta = heading(mid + side * half * kNodes[i]);
      sum += kWeights[i] * Vec2(std::cos(theta), std::sin(theta));
    }
  return half * sum;
}

Vec2 Clothoid::position(double s) const {
  // Outside [0, length] the nearest end's piece is extended: the bound above holds within about one piece.
  const double k = std::floor(s / piece_);
  const std::size_t last = piece_starts_.size() - 1;
  const std::size_t i = k <= 0 ? 0 : std::min(static_cast<std::size_t>(k), last == 0 ? 0 : last - 1);
  const double from = double(i) * piece_;
  // Past the end, further pieces: each step keeps the quadrature within its bound.
  Vec2 p = piece_starts_[i];
  double at = from;
  while (s - at > piece_) p += integral(at, at + piece_), at += piece_;
  while (at - s > piece_) p -= integral(at - piece_, at), at -= piece_;
  return p + integral(at, s);
}

}  // namespace crashbench::odr
