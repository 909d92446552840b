#pragma once
// Whether SUMO's vehicles drive on the case's scene: their first appearances (before the run) and the road
// under their paths (after it). A scene not in the FCD's frame, or not SUMO's network, is refused with what
// was expected rather than compared with SUMO's collisions.
#include <cstddef>

#include "cases/sumo_result.hpp"

namespace crashbench {

struct Case;
struct Scene;

/// How many of `c`'s SUMO vehicles first appear more than 50 m beyond the box of `scene`'s triangles (none
/// for a scene without triangles): the case's scene is then not SUMO's network, or not in its frame.
std::size_t vehicles_off_scene(const Case& c, const Scene& scene);

/// Throws Error (the case file, /traffic/sumo_fcd) when more than half of `c`'s SUMO vehicles first appear
/// with their front bumper over none of `scene`'s surfaces: the scene is not in the FCD's frame (a network
/// imported from the scene file, whose netOffset sumo_net undoes), or not SUMO's network. Without a surface
/// query (a scene of walls only), nothing is checked. SUMO inserts a vehicle with its front on its lane.
void require_traffic_on_scene(const Case& c, const Scene& scene);

/// The most of the steps of vehicles on their SUMO paths that may have no road of the scene under the CG.
inline constexpr double kMostStepsWithoutRoad = 0.01;

/// Throws Error (the case file, /traffic/sumo_fcd) when more than kMostStepsWithoutRoad of the steps of
/// `c`'s vehicles on their SUMO paths had no road of the scene under the CG (`s`, a run's comparison):
/// SUMO drove where the scene has none. This catches what require_traffic_on_scene's first appearances
/// cannot: a network netconvert moved along its own roads, whose vehicles enter on the road and drive on
/// past its end. Also throws (the case file, /duration) when the case has no vehicles of its own and none of
/// SUMO's was on its path in any step: the case moved nothing.
void require_road_under_paths(const Case& c, const SumoComparison& s);

}  // namespace crashbench
