#pragma once
// A corpus of one-step motions for checking a continuous collision answer, with a reference answer worked
// out independently of the detectors: rectangles of 0.2-5 times a sedan's size moving over one step (CG
// and heading linear in time, as the sweep models a step), each against a one-sided wall segment or
// against another rectangle; corner-first, edge-first and wall-end hits, near misses and grazes, turns
// past a quarter turn per step. The reference works in long double on the exact separating-axis
// separation of the two convex shapes: conservative advancement for the first time of contact (never
// steps over one) and a dense scan with local refinement for the deepest overlap. Shared by the test
// (tests/detectors/toi_corpus_test.cpp) and the head-to-head bench (bench/toi_peers_bench.cpp).
#include <array>
#include <cstdint>
#include <vector>

#include "core/math.hpp"
#include "core/vehicle.hpp"

namespace crashbench::toi {

/// The wall every wall motion meets: Y = 0 from X = kWallX0 to kWallX1, facing +Y [m].
inline constexpr double kWallX0 = 0, kWallX1 = 60;  // longer than any corpus car: a wall that fits inside a car is no wall
/// Pair motions happen around this point, far from the wall [m].
inline const Vec2 kPairOrigin_W{1000, 1000};

/// A rectangle's pose at the start and at the end of the step [m, rad; world frame].
struct Sweep {
  Vec2 cg0_W = Vec2::Zero(), cg1_W = Vec2::Zero();
  double heading0 = 0, heading1 = 0;
  RectangleSize size;
};

/// What the reference says of one motion.
struct Reference {
  double toi = -1;          ///< first contact [fraction of the step], < 0 if none
  /// First moment the shapes overlap kRegionDepth deep [fraction of the step], < 0 if never: a touch
  /// shallower than that before it is a graze, which a detector may report or not.
  double toi_deep = -1;
  double min_distance = 0;  ///< least separation over the step [m]; < 0: deepest overlap
  Vec2 point_W = Vec2::Zero();  ///< where the shapes first meet: the middle of their common part [m]
  /// Their common part at toi_deep: the wall's piece inside the rectangle, or the
  /// rectangles' common polygon [m]. At a face-to-face first touch every point of it is a first contact.
  std::vector<Vec2> region_W;
};

/// How deep the shapes are when Reference::region_W is taken [m].
inline constexpr double kRegionDepth = 1e-6;

/// Distance from `p_W` to the convex region `region_W` (a point, a segment or a polygon), 0 inside [m].
double distance_to_region(const Vec2& p_W, const std::vector<Vec2>& region_W);

struct Motion {
  bool pair = false;  ///< a second rectangle instead of the wall
  Sweep a, b;         ///< b only for a pair
  Reference reference;
};

/// `count` motions drawn from `seed`, every one separated at the start of the step; one in three a pair.
std::vector<Motion> make_corpus(int count, std::uint64_t seed);

/// Corners of the rectangle at fraction f of the step: front-left, rear-left, rear-right, front-right [m].
std::array<Vec2, 4> corners(const Sweep& s, double f);

/// The reference answer for `m` (make_corpus fills it; here for tests that build their own motions).
Reference solve(const Motion& m);

}  // namespace crashbench::toi
