// Clear boxes: the tree detector's memory, per slot of the poses it is given, of a box around the last
// rectangle there that no triangle of the plane's heights meets. A car on open road stays inside its box
// for several steps and its query then costs a containment test instead of cell lists that, on a large
// scene, are cache misses. The box states a fact about the scene, not about the car: any rectangle inside
// it at a height in its band meets no triangle, so the skipped query would have found nothing, whichever
// vehicle holds the slot.
#include <algorithm>
#include <cmath>

#include "detectors/footprint_overlap.hpp"
#include "detectors/tree_detector.hpp"

namespace crashbench {
namespace {

// Margins of a box around the rectangle [m]: at 20 m/s a car moves 0.1 m a step, so 1.5 m ahead and
// behind lasts 15 steps, while 0.5 m to the sides still fits between a lane and its barrier (the tiled
// track's cars run 2.1 m from it); a heading change of 0.19 rad turns a sedan's corner by 0.5 m.
constexpr double kMarginAlong = 1.5;
constexpr double kMarginAcross = 0.5;
constexpr double kMarginHeight = 0.25;  // the plane may rise or fall this much inside the box [m]
constexpr int kMaxBoxCells = 64;         // cells a box may cover; more (fine cells) and none is made
constexpr int kRetrySteps = 8;          // queries a slot waits after a box met a triangle

}  // namespace

bool TreeDetector::inside_clear_box(const ClearBox& box, const BoundingRectangle& rect) const {
  if (!(rect.z >= box.z_lo && rect.z <= box.z_hi)) return false;
  for (const Vec2& corner : rect.corners_W) {
    const Vec2 d = corner - box.centre_W;
    if (!(std::abs(box.axis_W.dot(d)) <= box.half_length && std::abs(cross(box.axis_W, d)) <= box.half_width))
      return false;
  }
  return true;
}

void TreeDetector::make_clear_box(ClearBox& box, const BoundingRectangle& rect) {
  box.half_length = -1;  // none until proven clear
  if (box.retry_in > 0) {
    --box.retry_in;
    return;
  }
  if (!rect.cg_W.allFinite() || !rect.forward_W.allFinite() || !std::isfinite(rect.z)) return;
  ClearBox next;
  next.axis_W = rect.forward_W;
  next.centre_W = rect.cg_W + 0.5 * (rect.front - rect.rear) * rect.forward_W;
  next.half_length = 0.5 * (rect.front + rect.rear) + kMarginAlong;
  next.half_width = rect.half_width + kMarginAcross;
  next.z_lo = rect.z - kMarginHeight, next.z_hi = rect.z + kMarginHeight;
  const Vec2 reach = next.half_length * next.axis_W.cwiseAbs() + next.half_width * perp(next.axis_W).cwiseAbs();
  const Vec2 lo = next.centre_W - reach, hi = next.centre_W + reach;
  const int i0 = cell_x(lo.x()), i1 = cell_x(hi.x()), j0 = cell_y(lo.y()), j1 = cell_y(hi.y());
  if ((i1 - i0 + 1) * (j1 - j0 + 1) > kMaxBoxCells) return;
  // 1 mm more than the box, so that rounding in the tests cannot hide a triangle touching it.
  const double grow = 1e-3;
  const OrientedRectangle tested{next.centre_W, next.axis_W, next.half_length + grow, next.half_width + grow};
  for (int j = j0; j <= j1; ++j)
    for (int i = i0; i <= i1; ++i) {
      const std::size_t c = static_cast<std::size_t>(j) * nx_ + i;
      if (!occupied_(c)) continue;
      for (std::uint32_t k = cell_start_[c]; k < cell_start_[c + 1]; ++k) {
        const CellItem& it = items_[k];
        // A plane at some z in [z_lo, z_hi] slices it (zmin < z <= zmax, as the scan decides).
        if (!(it.zmin < next.z_hi && it.zmax >= next.z_lo)) continue;
        if (it.lo_x > hi.x() || it.lo_y > hi.y() || it.hi_x < lo.x() || it.hi_y < lo.y()) continue;
        const Triangle& t = entries_[it.entry].t;
        if (footprint_meets({t.a_W.head<2>(), t.b_W.head<2>(), t.c_W.head<2>()}, tested)) {
          box.retry_in = kRetrySteps;
          return;
        }
      }
    }
  box = next;
}

}  // namespace crashbench
