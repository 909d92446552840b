#pragma once
// Edge walls cut where their border loops. Inside a turn sharper than a border lies from its road's line
// (radius under the border's offset; a plan-view joint turning at once), the border runs back against the
// line and crosses itself: a swallowtail, the forward stretch before the turn crossing the one after it. The
// lane's edge is where the two forward stretches cross; the loop between lies on the lane's own surface, and a
// wall standing there stands in the lane (SUMO's A10KW exported: road 2444's wall, 3.2 m inside a turn of
// radius 0.22 m, swept an arc 1.5 m across its lane's corner). The loop is cut out of the wall.
#include "detectors/scenes/opendrive/road_mesh.hpp"

namespace crashbench::odr {

/// Cuts each loop of `pieces` (one road's, in the order its cuts made them) out of its wall: for each stretch
/// of a boundary's pieces running back against the line, the nearest crossing between the pieces before it
/// and those after it (within kLoopArm metres of wall each side, at one level), and the wall between goes
/// (the pieces' `keep_from` / `keep_to`). Returns the loops cut. A loop that does not close within the road
/// (it opens across the road's end, into a junction) stays: edge_walls_node leaves out its wall where the
/// road's own lane lies beyond it.
int cut_wall_loops(std::vector<WallPiece>& pieces);

}  // namespace crashbench::odr
