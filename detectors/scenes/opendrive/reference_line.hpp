#pragma once
// A road's reference line in the plane: the pose at any s from its plan view's records (line, arc,
// spiral, poly3, paramPoly3), each evaluated from its own formula (OpenDRIVE 1.6, 7.3-7.7), with the
// gaps between consecutive records measured.
#include <memory>
#include <string>
#include <vector>

#include "core/math.hpp"
#include "detectors/scenes/opendrive/odr_model.hpp"

namespace crashbench::odr {

/// A point of the reference line: position (world frame [m]) and heading [rad, CCW from X].
struct Pose {
  Vec2 p_W = Vec2::Zero();
  double hdg = 0;
};

/// A joint between two plan-view records where the heading turns at once (a polyline drawn as lines, as
/// LGSVL's maps are): where the next record starts [m] and its heading less the last one's end heading,
/// wrapped to (-pi, pi] [rad]. Lanes outside the turn open a wedge there, those inside overlap.
struct Kink {
  double s = 0, turn = 0;
};

/// A turn at a joint smaller than this is no kink [rad]: 0.06 deg, a millimetre 1 m aside.
constexpr double kKinkTolerance = 1e-3;

/// One plan-view record, evaluated at ds from its start [m].
class Curve {
 public:
  virtual ~Curve() = default;
  virtual Pose at(double ds) const = 0;
};

/// The curve `g` stands for.
std::unique_ptr<Curve> make_curve(const Geometry& g);

class ReferenceLine {
 public:
  /// The plan view of `road` (records sorted by s, at least one).
  explicit ReferenceLine(const Road& road);

  /// The pose at `s` [m] along the road: the record starting last at or before s (the first record for
  /// s before it), evaluated from its start, so the line may jump where the file's records do not meet.
  Pose at(double s) const;
  /// Where each record starts [m].
  const std::vector<double>& starts() const { return starts_; }

  /// The largest distance between one record's end and the next one's start [m] (0 for one record).
  double largest_gap() const { return largest_gap_; }
  /// How many consecutive records are more than 1 mm apart.
  int gaps() const { return gaps_; }
  /// The joints whose heading turns more than kKinkTolerance, in order of s.
  const std::vector<Kink>& kinks() const { return kinks_; }

 private:
  std::vector<double> starts_;
  std::vector<std::unique_ptr<Curve>> curves_;
  double largest_gap_ = 0;
  int gaps_ = 0;
  std::vector<Kink> kinks_;
};

}  // namespace crashbench::odr
