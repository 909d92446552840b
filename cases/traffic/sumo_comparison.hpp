#pragma once
// What crashbench found against what SUMO reported (docs/case-files.md, "SUMO traffic"). SUMO writes a
// collision every step while a pair stays in it: rows of one pair no more than 1.5 SUMO steps apart are
// one episode. An episode is matched by crashbench's first contact of the same pair within two SUMO steps
// of the episode's start; every episode left unmatched and every contact SUMO did not report says why.
#include "cases/sumo_result.hpp"

namespace crashbench {

struct Case;
struct RunResult;
struct Scene;

/// One SUMO collision episode and crashbench's answer to it.
SumoComparison compare_with_sumo(const Case& c, const RunResult& result);

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
