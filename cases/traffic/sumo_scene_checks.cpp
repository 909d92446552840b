#include "cases/traffic/sumo_scene_checks.hpp"

#include <fmt/format.h>

#include <cmath>
#include <string>
#include <string_view>

#include "cases/case.hpp"
#include "cases/traffic/traffic_spec.hpp"
#include "core/error.hpp"
#include "detectors/scenes/scene.hpp"
#include "detectors/scenes/surface_query.hpp"
#include "detectors/scenes/triangle_extraction.hpp"

namespace crashbench {

std::size_t vehicles_off_scene(const Case& c, const Scene& scene) {
  if (scene.triangles.empty()) return 0;
  constexpr double kMargin = 50;  // [m]: a vehicle entering at a fringe edge starts a little off the road
  const TriangleCensus box = census(scene.triangles);
  const Vec2 lo = box.lo_W.head<2>().array() - kMargin, hi = box.hi_W.head<2>().array() + kMargin;
  std::size_t off = 0;
  for (std::size_t v = c.traffic->first_vehicle; v < c.vehicles.size(); ++v) {
    const Vec2& p = c.vehicles[v].initial.position_W;
    off += (p.array() < lo.array()).any() || (p.array() > hi.array()).any();
  }
  return off;
}

namespace {

/// What a traffic case whose SUMO vehicles drive where the scene has no road is expected to be.
std::string expected_frame(const TrafficSpec& t) {
  return t.net_file.empty()
             ? "expected the scene in the FCD's frame, SUMO's network (netconvert -s NET --opendrive-output FILE); if "
               "netconvert imported the network from the scene file (--opendrive-files), give the network as "
               "\"sumo_net\", whose netOffset then comes off SUMO's positions"
             : fmt::format("expected the scene file netconvert imported the network {} from, whose netOffset (less "
                           "the file's header offset where netconvert projected) came off SUMO's positions; if the "
                           "scene is that network's OpenDRIVE export, leave sumo_net out",
                           t.net_file);
}

/// The other reason SUMO's vehicles drive over no road of the scene.
constexpr std::string_view kLanesOffRoad =
    "or SUMO drove them on lanes the scene has no road on (a lane type outside opendrive.drivable, such as the "
    "sidewalks that netconvert --opendrive.import-all-lanes opens to every vehicle)";

/// Where SUMO's lanes of an imported OpenDRIVE file leave its roads (found on esmini's test roads).
constexpr std::string_view kLanesElsewhere =
    "or SUMO's lanes run where the scene's roads do not (netconvert gives the lanes of an edge one width each, so "
    "a lane opening from no width is wider in SUMO, and lays an edge along the whole of a plan view that runs on "
    "past its road's length)";

}  // namespace

void require_traffic_on_scene(const Case& c, const Scene& scene) {
  if (!scene.surface) return;
  const TrafficSpec& t = *c.traffic;
  const std::size_t vehicles = c.vehicles.size() - t.first_vehicle;
  std::size_t off = 0;
  for (std::size_t v = t.first_vehicle; v < c.vehicles.size(); ++v) {
    const VehicleSetup& s = c.vehicles[v];
    const Vec2 front = s.initial.position_W + s.params.body.cg_to_front * unit_at(s.initial.heading);
    off += std::isnan(scene.surface->height_below(front, kHighest));
  }
  if (2 * off <= vehicles) return;
  throw Error(c.source_file, "/traffic/sumo_fcd",
              fmt::format("{} of {} SUMO vehicles first appear with their front over no road of the scene: {}; {}", off,
                          vehicles, expected_frame(t), kLanesOffRoad));
}

void require_road_under_paths(const Case& c, const SumoComparison& s) {
  // A case of SUMO's vehicles alone, none of them on the road while it ran, moved nothing: it cannot pass.
  if (s.on_path_steps == 0 && c.traffic->first_vehicle == 0)
    throw Error(c.source_file, "/duration",
                fmt::format("{:g} s, and none of the FCD's {} vehicles was on the road within it: expected a duration "
                            "that reaches them (the case's t = 0 is the FCD's first timestep, {:g} s)",
                            c.duration, s.vehicles, c.traffic->first_time));
  if (static_cast<double>(s.on_path_without_road) <= kMostStepsWithoutRoad * static_cast<double>(s.on_path_steps))
    return;
  throw Error(c.source_file, "/traffic/sumo_fcd",
              fmt::format("{} of {} steps of SUMO vehicles on their paths had no road of the scene under the CG (more "
                          "than {:g} %; the first: '{}' at {:.3f} s, at ({:.2f}, {:.2f}) m in the scene): {}; {}; {}",
                          s.on_path_without_road, s.on_path_steps, 100 * kMostStepsWithoutRoad, s.first_without_road,
                          s.first_without_road_time, s.first_without_road_at[0], s.first_without_road_at[1],
                          expected_frame(*c.traffic), kLanesOffRoad, kLanesElsewhere));
}

}  // namespace crashbench
