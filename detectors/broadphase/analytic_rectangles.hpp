#pragma once
// Exact planar geometry of the analytic detector: vehicle rectangles at CG height against wall segments
// (Knight ch. 3: contact point = midpoint of the interference line, normal = wall normal) and against
// each other (Tongue & Moon: rectangles whose areas intersect). Plain functions, no allocation.
#include <array>

#include "core/contact.hpp"
#include "detectors/geometry/geometry.hpp"

namespace crashbench {

/// A vehicle's bounding rectangle placed in the world frame for one step.
struct PlacedRectangle {
  Vec2 cg_W = Vec2::Zero();       ///< CG position [m]
  Vec2 forward_W = Vec2::UnitX(); ///< body x axis, unit, world frame
  Vec2 left_W = Vec2::UnitY();    ///< body y axis, unit, world frame
  double x_min_B = 0;             ///< -cg_to_rear, body frame [m]
  double x_max_B = 0;             ///< cg_to_front, body frame [m]
  double half_width = 0;          ///< body y spans [-half_width, half_width] [m]
  /// Corners counter-clockwise from rear-right: rear-right, front-right, front-left, rear-left [m, W].
  std::array<Vec2, 4> corners_W;
  Vec2 box_min_W = Vec2::Zero();  ///< axis-aligned bounds, lower corner [m, W]
  Vec2 box_max_W = Vec2::Zero();  ///< axis-aligned bounds, upper corner [m, W]

  /// A world point in the body frame (origin at the CG) [m].
  Vec2 to_body(const Vec2& p_W) const { return {(p_W - cg_W).dot(forward_W), (p_W - cg_W).dot(left_W)}; }
  /// A world direction in the body frame.
  Vec2 direction_to_body(const Vec2& d_W) const { return {d_W.dot(forward_W), d_W.dot(left_W)}; }
  /// Geometric centre of the rectangle (not the CG unless the overhangs are equal) [m, W].
  Vec2 center_W() const { return cg_W + 0.5 * (x_min_B + x_max_B) * forward_W; }
  /// True if the world point lies in the closed rectangle.
  bool contains(const Vec2& p_W) const;
};

/// The rectangle of `pose` in the world frame.
PlacedRectangle place_rectangle(const VehiclePose& pose);

/// The least distance between rectangles `a` and `b` [m]; 0 where they overlap or touch. Two convex
/// polygons apart are nearest at a corner of one of them, so it is the least distance from a corner of
/// either to the other.
double rectangle_gap(const PlacedRectangle& a, const PlacedRectangle& b);

/// Axis-aligned bounds that contain place_rectangle(pose)'s box (1 um wider, so rounding never makes
/// them smaller), from the rectangle's centre and half extents without placing its corners [m, W].
void rectangle_bounds(const VehiclePose& pose, Vec2& lo_W, Vec2& hi_W);

/// A wall segment with what every query needs, computed once in `prepare`.
struct PreparedWall {
  Vec2 a_W = Vec2::Zero();            ///< first end [m]
  Vec2 b_W = Vec2::Zero();            ///< second end [m]
  Vec2 left_normal_W = Vec2::UnitY(); ///< unit, perp(b - a) / |b - a|
  Vec2 box_min_W = Vec2::Zero();      ///< axis-aligned bounds [m]
  Vec2 box_max_W = Vec2::Zero();
};

/// Precomputes `wall`; throws crashbench::Error (naming wall `index`) if it has no length.
PreparedWall prepare_wall(const WallSegment& wall, int index);

/// True if the closed axis-aligned boxes [a_min, a_max] and [b_min, b_max] overlap.
inline bool boxes_overlap(const Vec2& a_min, const Vec2& a_max, const Vec2& b_min, const Vec2& b_max) {
  return a_min.x() <= b_max.x() && b_min.x() <= a_max.x() && a_min.y() <= b_max.y() && b_min.y() <= a_max.y();
}

/// Rectangle against wall. If the wall meets the closed rectangle, sets `c.point_W` (midpoint of the wall's
/// part inside the rectangle), `c.normal_W` (the wall's unit normal on the CG's side) and `c.depth` (how far
/// the rectangle reaches past the wall line against the normal, >= 0) and returns true. Other fields untouched.
bool wall_contact(const PreparedWall& wall, const PlacedRectangle& r, Contact& c);

/// Rectangle `a` against rectangle `b`. If the closed rectangles overlap, sets `c.normal_W` (the axis of least
/// penetration, unit, from b towards a), `c.depth` (that penetration, >= 0), `c.point_W` (the mean of the points
/// where the boundaries cross: the midpoint of the interference line when there are two) and `c.feature`
/// (the axis: 0, 1 = a's x, y; 2, 3 = b's x, y) and returns true. Other fields untouched.
bool rectangle_contact(const PlacedRectangle& a, const PlacedRectangle& b, Contact& c);

}  // namespace crashbench
