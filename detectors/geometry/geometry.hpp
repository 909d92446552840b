#pragma once
// The geometry every room of detectors/ speaks, on the floor below them all: the broad-phase toolkit, the
// scene types and the detector seam include it, and it includes nothing of theirs. Plain values in the
// world frame W (X east, Y north, Z up) [m].
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

#include "core/math.hpp"
#include "core/vehicle.hpp"

namespace crashbench {

/// Footprint of a vertical wall as a 2D segment, world frame [m]. Vehicles may touch either face.
struct WallSegment {
  Vec2 a_W = Vec2::Zero();
  Vec2 b_W = Vec2::Zero();
  /// Lowest and highest points of the faces it stands for [m, world Z], for the height band; a
  /// generator's walls (infinite) reach every height.
  double bottom_z = -std::numeric_limits<double>::infinity();
  double top_z = std::numeric_limits<double>::infinity();
};

/// One collision triangle, world frame, Z up [m]. Winding carries no meaning.
struct Triangle {
  Vec3 a_W = Vec3::Zero();
  Vec3 b_W = Vec3::Zero();
  Vec3 c_W = Vec3::Zero();
};

/// An axis-aligned box [m, world frame].
struct Box2 {
  Vec2 lo = Vec2::Zero(), hi = Vec2::Zero();
};

/// A rectangle of half extents (`half_x`, `half_y`) about `centre_W`, its x axis along `axis_W` (unit).
struct OrientedRectangle {
  Vec2 centre_W = Vec2::Zero(), axis_W = Vec2::UnitX();
  double half_x = 0, half_y = 0;
};

/// Where a vehicle's bounding rectangle is this step.
struct VehiclePose {
  Vec2 position_W = Vec2::Zero();  ///< CG [m]
  double heading = 0;              ///< [rad]
  double cg_height = 0;            ///< rectangle height above ground [m]
  RectangleSize size;
  /// Height of the drivable surface under the CG [m, world Z], set by the runner each step from the
  /// scene's SurfaceQuery; NaN: the detector takes the highest surface under the CG.
  double ground_z = std::numeric_limits<double>::quiet_NaN();
  /// unit_at(kept_forward_of): set_heading() keeps the heading's unit vector, which every query of the
  /// pose reads (a sine and a cosine each time otherwise).
  Vec2 kept_forward_W = Vec2::UnitX();
  double kept_forward_of = 0;

  /// The unit vector along the heading: the kept one while `heading` is, bit for bit, the angle it was
  /// kept for, so a write to `heading` alone is never read stale; the same bits either way.
  Vec2 forward_W() const { return keeps_forward_of(heading) ? kept_forward_W : unit_at(heading); }
  /// Sets the heading [rad] and keeps its unit vector (computed only if another angle's is kept).
  void set_heading(double angle) {
    heading = angle;
    if (keeps_forward_of(angle)) return;
    kept_forward_W = unit_at(angle);
    kept_forward_of = angle;
  }
  bool keeps_forward_of(double angle) const {
    return std::bit_cast<std::uint64_t>(angle) == std::bit_cast<std::uint64_t>(kept_forward_of);
  }
};

/// Where two roads cross at one height outside a junction (a bridge drawn flat): the crossing of their
/// reference lines, and how far from it the two roads' surfaces still overlap, plus half a long vehicle [m].
struct FlatCrossingZone {
  Vec2 at_W = Vec2::Zero();
  double reach = 0;
};

/// Two directions cross, rather than run along one road, when more than 20 deg apart either way round:
/// sin(20 deg).
inline constexpr double kLeastCrossingSine = 0.3420201433256687;

/// How far apart two rectangles' planes (road height + CG height) may lie and still be one level [m]: more
/// than the 2 m by which two cars touching nose to tail on a 40 % grade differ, less than a car on a road
/// bridge and one under it differ by (a clearance of 4.5 m or more, less the difference of their CG
/// heights), or cars on two floors of a car park (about 3 m).
inline constexpr double kLevelSeparation = 2.5;

/// True unless both poses stand on a road (ground_z known) and their rectangles' planes lie more than
/// kLevelSeparation apart: a car on a bridge and one passing under it never meet, though their footprints do.
inline bool on_one_level(const VehiclePose& a, const VehiclePose& b) {
  return !(std::abs((a.ground_z + a.cg_height) - (b.ground_z + b.cg_height)) > kLevelSeparation);
}

/// Work a query did, like b2TreeStats. Summed over a run, so 64 bits: 100,000 cars pass 2^31 tested
/// triangles after about 70 s of simulated time.
struct DetectorStats {
  long long nodes_visited = 0;
  long long primitives_tested = 0;

  DetectorStats& operator+=(const DetectorStats& more) {
    nodes_visited += more.nodes_visited;
    primitives_tested += more.primitives_tested;
    return *this;
  }
};

}  // namespace crashbench
