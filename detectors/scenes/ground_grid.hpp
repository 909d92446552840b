#pragma once
// The ground under the vehicles, from the scene itself: the bottoms of the vertical elements (barriers
// stand on the road), sampled into a grid; cells no wall bottom reaches take the nearest filled value.
#include <vector>

#include "detectors/scenes/scene.hpp"

namespace crashbench {

/// Ground grid over the footprint of `triangles` with cells of about `cell` metres (coarser if the grid
/// would exceed ~4M cells). Flat z = 0 (an empty grid) if no triangle is vertical.
GroundGrid build_ground_grid(const std::vector<Triangle>& triangles, double cell = 4.0);

}  // namespace crashbench
