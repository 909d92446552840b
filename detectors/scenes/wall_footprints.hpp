#pragma once
// Wall footprints from collision triangles, for the analytic detector on a scene read from a file: each
// vertical triangle seen from above is a segment; segments on one line that overlap or touch are merged.
#include <span>
#include <vector>

#include "detectors/scenes/scene.hpp"
#include "detectors/scenes/triangle_extraction.hpp"

namespace crashbench {

/// Lines closer than these are one line: the direction [rad] and the offset from the origin [m]. Tight,
/// so that a curve's panels never merge into a chord: float noise leaves duplicates, which are harmless.
inline constexpr double kFootprintAngleTolerance = 1e-6;
inline constexpr double kFootprintOffsetTolerance = 1e-4;

/// The footprints (world frame, XY [m]) of the triangles of `triangles` that are vertical within
/// `tolerance_deg`, merged where collinear and overlapping or touching. Sorted by direction, offset and
/// position along the line, so the result does not depend on the triangles' order. Whatever height a
/// face spans, it is a wall; each keeps the span of its faces' heights (`bottom_z`, `top_z`) for the height
/// band. Faces in one plane at different heights, such as a gantry's legs and its beam over the road, must
/// not become one wall reaching from the ground across the road: a face joins a wall only where their
/// height ranges overlap and the wall's faces' bottoms stay within `bottom_jump` [m] (the band's top) of
/// each other; otherwise it starts a new wall.
std::vector<WallSegment> wall_footprints(std::span<const Triangle> triangles,
                                         double tolerance_deg = kVerticalToleranceDeg,
                                         double bottom_jump = kNoHeightBand);

}  // namespace crashbench
