#pragma once
// A road's surface in 3D: the reference line (reference_line.hpp) with the lane offset, lane borders from
// widths or borders, lane heights, elevation, superelevation and lateral shapes (OpenDRIVE 1.6, 8.4 and 9).
// At a given s the cross-section is tilted by the superelevation (positive: the road falls to the right):
// the point at lateral offset t lies t cos(phi) to the left of the reference line and t sin(phi) above its
// elevation, so lane widths are measured along the tilted surface. A lane's height raises it linearly from
// its inner to its outer border, and the road's lateral profile (1.6's shapes: a crown, a gutter; 1.4's
// crossfall) by its height at (s, t), straight up: the cross-section is straight within a lane unless the
// road has a lateral profile.
#include <vector>

#include "core/math.hpp"
#include "detectors/scenes/opendrive/odr_model.hpp"
#include "detectors/scenes/opendrive/reference_line.hpp"

namespace crashbench::odr {

/// The value at `s` of the record starting last at or before s (the first for s before all), 0 if none.
double evaluate(const std::vector<Cubic>& records, double s);

/// Farther than this from its reference line no lane border is taken for a road [m]: the widest roads
/// reach tens of metres (a motorway's lanes, verges and sidewalks). A width or border polynomial that
/// grows to kilometres (the fuzzer's 3.5 + 6 ds^3 m) is refused where a border first lies beyond it,
/// rather than built into faces kilometres long that every wall probe and surface cell then meets.
inline constexpr double kFarthestLaneBorder = 1000.0;

/// One lane across the road at some s: its inner and outer border's t [m] and how far its surface is
/// raised there [m] (lane `height`).
struct LaneSpan {
  const Lane* lane = nullptr;
  double t_inner = 0, t_outer = 0;
  double dz_inner = 0, dz_outer = 0;
};

class RoadSurface {
 public:
  explicit RoadSurface(const Road& road);

  const Road& road() const { return road_; }
  const ReferenceLine& reference_line() const { return line_; }
  /// Lane section `k`'s range along the road [m].
  double section_start(std::size_t k) const { return road_.sections[k].s; }
  double section_end(std::size_t k) const;
  /// The lane section in force at `s`: the last that starts at or before it (the first, before them all).
  std::size_t section_at(double s) const;

  /// The lanes of section `k` at `s`, leftmost (outermost left) first, rightmost last. Throws Error (naming
  /// the road, the lane and s) where a border lies kFarthestLaneBorder or more from the reference line.
  void spans(std::size_t k, double s, std::vector<LaneSpan>& out) const;
  /// The surface point at (s, t) raised by `dz`, world frame [m].
  Vec3 point(double s, double t, double dz = 0) const;
  /// How far the road's lateral profile (shapes and crossfall) raises the surface at (s, t) [m]: 0 without one.
  double lateral_height(double s, double t) const;
  /// The t where the lateral profile may kink or step [m]: each shape record's start, and the reference line
  /// under a crossfall; sorted, each once.
  const std::vector<double>& lateral_bends() const { return bends_; }
  /// Whether shapes or crossfall bend the cross-section.
  bool shaped() const { return !road_.shapes.empty() || !road_.crossfalls.empty(); }
  /// Where the polynomials of section `k` and of the road start or end inside it: the s values at which
  /// the surface may bend or jump, sorted, with the section's ends [m].
  std::vector<double> breaks(std::size_t k) const;

 private:
  /// The height of the shape profile starting at road_.shapes[profiles_[p]] at t [m].
  double profile_height(std::size_t p, double t) const;
  double shape_height(double s, double t) const;
  double crossfall_height(double s, double t) const;

  const Road& road_;
  ReferenceLine line_;
  std::vector<std::size_t> profiles_;  ///< where each run of shapes of one s starts in road_.shapes
  std::vector<double> bends_;          ///< lateral_bends()
};

}  // namespace crashbench::odr
