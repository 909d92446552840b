#pragma once
// Interference of scene triangles with a vehicle's bounding rectangle at CG height (Knight ch. 3), shared
// by every triangle-based detector so that they agree by construction once they find the same triangles.
//
// A triangle cut by the plane z = ground + cg_height gives a 2D segment (its slice). As in Knight's method,
// where the rectangle is four line segments, only slices that cross the rectangle's boundary count: the
// part inside the rectangle is a piece of interference line. Pieces that run the same way (within
// kMergeAngle) on nearly the same line (each within kMergeOffset of the other's line) are one wall face,
// clustered by single linkage: the panels of a flat wall, the chords of a curved barrier, duplicate
// coincident faces (either winding), the back face of a thin wall. The pieces are sorted first, so neither
// the result nor its bits depend on the order a detector finds the triangles in. The face's extreme
// endpoints a and b form the interference line a-b (thesis Fig. 3-2): where the wall crosses the
// rectangle's edges. The contact point is the midpoint of a-b, the normal is perpendicular to a-b (the
// barrier's surface normal projected on the horizontal plane) turned towards the vehicle's CG, and the
// depth is how far the deepest corner lies beyond that line.
#include <algorithm>
#include <array>
#include <cmath>
#include <utility>
#include <vector>

#include "core/contact.hpp"
#include "detectors/geometry/geometry.hpp"
#include "detectors/scenes/surface_query.hpp"

namespace crashbench {

inline constexpr double kMergeAngle = 0.35;  ///< pieces within this angle may share a face [rad]
inline constexpr double kMergeOffset = 1.0;  ///< and must lie this close to each other's line [m]
inline constexpr int kMaxPieces = 64;        ///< pieces one vehicle can collect in one step

/// The heights one vehicle can reach this step [m, world Z]: from the road under it up to the scene's
/// above_road_max over that road. Geometry wholly outside (a banner over its roof, the road passed over on
/// a bridge with its barriers) does not collide with it. The plane at CG height lies inside the band, so
/// for the triangle detectors it only matters when the top is set below the CG; the analytic walls,
/// which have no height, rely on it.
struct HeightBand {
  double lo = -kNoHeightBand, hi = kNoHeightBand;  ///< no band: every height
  /// Whether geometry spanning [bottom, top] reaches into the band.
  bool reaches(double bottom, double top) const { return bottom <= hi && top >= lo; }
  bool reaches(const Triangle& t) const {
    return reaches(std::min({t.a_W.z(), t.b_W.z(), t.c_W.z()}), std::max({t.a_W.z(), t.b_W.z(), t.c_W.z()}));
  }
};

/// A vehicle's bounding rectangle at CG height, world frame.
struct BoundingRectangle {
  Vec2 cg_W = Vec2::Zero();                   ///< [m]
  Vec2 forward_W = Vec2::UnitX();             ///< body x axis
  double front = 0, rear = 0, half_width = 0; ///< extents from the CG [m]
  double z = 0;                               ///< height of the plane: ground + cg_height [m]
  HeightBand band;                            ///< what this vehicle can reach [m]
  std::array<Vec2, 4> corners_W{};            ///< front-left, rear-left, rear-right, front-right [m]
  Vec2 lo_W = Vec2::Zero(), hi_W = Vec2::Zero();  ///< axis-aligned bounds [m]
};

/// ground_under() of a pose without ground_z.
double ground_found_under(const VehiclePose& pose, const SurfaceQuery* surface);

/// The road under `pose`: `pose.ground_z`, or, without one, the highest surface of `surface` under the CG
/// (or its barrier-bottom fallback); null `surface`: flat z = 0 [m]. Inline: every query of a placed pose
/// (the runner's) reads ground_z alone.
inline double ground_under(const VehiclePose& pose, const SurfaceQuery* surface) {
  return std::isnan(pose.ground_z) ? ground_found_under(pose, surface) : pose.ground_z;
}

/// `pose`'s height band over the road `ground` [m]: [ground, ground + the surface's above_road_max]; every
/// height without a surface or with the band off.
inline HeightBand height_band(double ground, const SurfaceQuery* surface) {
  if (!surface || std::isinf(surface->above_road_max())) return {};
  return {ground, ground + surface->above_road_max()};
}

/// The rectangle of `pose` at ground_under + cg_height, with its height band.
BoundingRectangle bounding_rectangle(const VehiclePose& pose, const SurfaceQuery* surface);

/// Slice of triangle `t` by the plane z = `z`: true and its endpoints if the plane cuts it.
bool slice_triangle(const Triangle& t, double z, Vec2& p_W, Vec2& q_W);

/// Collects pieces of interference line for one vehicle and turns them into contacts. No allocation.
class InterferenceSet {
 public:
  /// Starts a new vehicle.
  void reset(const BoundingRectangle& rect) { rect_ = &rect, count_ = 0, enclosed_ = false, heaped_ = false; }
  /// No piece filed since reset: no triangle interferes.
  bool empty() const { return count_ == 0; }
  /// No triangle given since reset meets the rectangle at all: none crosses its boundary, and none lies
  /// wholly inside it (which does not interfere, but would in a smaller rectangle inside this one).
  bool met_nothing() const { return count_ == 0 && !enclosed_; }
  /// Clips triangle `t` to the rectangle and files the piece; `feature` identifies the triangle.
  /// Returns whether the triangle interferes.
  bool add_triangle(const Triangle& t, int feature);
  /// Appends one contact per face to `out`, ordered by contact point (x, then y).
  void emit(int vehicle, std::vector<Contact>& out);

 private:
  struct Piece {
    Vec2 dir = Vec2::UnitX();                     // unit, along the slice
    Vec2 p_W = Vec2::Zero(), q_W = Vec2::Zero();  // ends inside the rectangle [m]
    int feature = 0;
    int root = 0;                                 // union-find parent
  };
  /// Piece order: by the bits of the piece's ends and direction, then by feature. The faces are built from
  /// the pieces in this order, so a detector's contacts have the same bits whatever order it finds the
  /// triangles in, and two detectors finding the same pieces give the same contacts however they number them.
  static bool piece_before(const Piece& a, const Piece& b);
  /// Puts the pieces in piece order, each its own root.
  void sort_pieces();
  bool same_face(const Piece& a, const Piece& b) const;
  int find(int i);
  Contact face_contact(int root, int vehicle) const;

  const BoundingRectangle* rect_ = nullptr;
  std::array<Piece, kMaxPieces> pieces_{};
  int count_ = 0;
  bool enclosed_ = false;  // a slice lay inside the rectangle without crossing its boundary
  bool heaped_ = false;    // the pieces are a heap in piece order: more came than it keeps
};

}  // namespace crashbench
