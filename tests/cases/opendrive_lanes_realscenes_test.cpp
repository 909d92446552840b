// Driving the lanes of the real OpenDRIVE files (../shared/data/opendrive; label `realscenes`, skipped when
// the folder is missing, CRASHBENCH_OPENDRIVE_DATA names another): the centre of every driving lane of
// every road outside junctions, one road at a time, replayed at 15 m/s (`scene centreline`'s lane paths),
// with 1 m edge walls and every triangle detector: no impact and the road always under the car (to 1.5 m
// before the road's end); and every lane link of every junction driven as a route through it. A lane where
// a sedan has no room (lane_room.hpp) and a turnaround are counted and left out. About 4 minutes of CPU,
// most of it the osg detectors on Town01's 48 lanes.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <optional>
#include <utility>

#include <fmt/format.h>

#include "cases/loading/case_loader.hpp"
#include "cases/runner/simulation.hpp"
#include "core/error.hpp"
#include "detectors/scenes/opendrive/lane_path.hpp"
#include "detectors/scenes/opendrive/road_surface.hpp"
#include "detectors/scenes/opendrive/odr_reader.hpp"
#include "tests/support/lane_room.hpp"
#include "tests/support/opendrive_data.hpp"
#include "tests/support/registries.hpp"
#include "tests/support/temp_folder.hpp"

namespace crashbench {
namespace {

constexpr double kSpeed = 15;  // [m/s]
/// The sedan preset's body (vehicle_presets.cpp): CG to front and rear, width [m].
constexpr double kSedanFront = 2.25, kSedanRear = 2.45, kSedanWidth = 1.8;


/// A lane narrower than this somewhere is not driven whole [m]: a sedan is 1.8 m wide.
constexpr double kNarrowestDriven = 2.0;

/// The narrowest lane `id` of `road` gets (its id where its drive starts, followed through the sections as
/// the drive follows it), sampled every metre of each section that has it [m].
double narrowest(const odr::Road& road, int id) {
  const odr::RoadSurface surface(road);
  const std::vector<std::optional<int>> ids = odr::lane_in_sections(road, id, road.runs_with_s(id));
  double least = std::numeric_limits<double>::infinity();
  std::vector<odr::LaneSpan> spans;
  for (std::size_t k = 0; k < road.sections.size(); ++k)
    for (double s = surface.section_start(k); ids[k] && s <= surface.section_end(k); s += 1.0) {
      surface.spans(k, s, spans);
      for (const odr::LaneSpan& span : spans)
        if (span.lane->id == *ids[k]) least = std::min(least, std::abs(span.t_outer - span.t_inner));
    }
  return least;
}

/// Whether a sedan standing on lane `id` of `road` has room in it all along its drive (lane_room.hpp), a
/// metre apart and 3 m inside each lane section's ends: a fold in the lane's border (A10KW's road 2444) has
/// the drive meet the border's wall.
bool room_all_along(const odr::Road& road, int id) {
  const odr::RoadSurface surface(road);
  const std::vector<std::optional<int>> ids = odr::lane_in_sections(road, id, road.runs_with_s(id));
  std::vector<odr::LaneSpan> spans;
  for (std::size_t k = 0; k < road.sections.size(); ++k)
    for (double s = surface.section_start(k) + 3; ids[k] && s < surface.section_end(k) - 3; s += 1.0) {
      surface.spans(k, s, spans);
      for (const odr::LaneSpan& span : spans)
        // Its longer half either way: a drive against s faces the other way.
        if (span.lane->id == *ids[k] &&
            !testing::stand_on_lane(surface, k, s, span.lane, kSedanWidth, kSedanRear, kSedanRear).room)
          return false;
    }
  return true;
}

/// Whether lane `id` of `road`, in its last section (`at_end`) or its first, is of a travel type
/// (odr::kTravelLaneTypes).
bool travels(const odr::Road& road, int id, bool at_end) {
  const odr::LaneSection& section = at_end ? road.sections.back() : road.sections.front();
  for (const auto* side : {&section.left, &section.right})
    for (const odr::Lane& lane : *side)
      if (lane.id == id) return odr::is_travel_lane(lane);
  return false;
}

/// Whether road `b` runs back along road `a`: each starts within 5 m of where the other ends (the two
/// directions of one street, as netconvert exports a SUMO edge and its reverse).
bool runs_back_along(const odr::Road& a, const odr::Road& b) {
  const odr::RoadSurface ra(a), rb(b);
  return (ra.point(0, 0) - rb.point(b.length, 0)).norm() < 5 && (rb.point(0, 0) - ra.point(a.length, 0)).norm() < 5;
}

/// A lane written as a replay log: how long it lasts [s], the road's height at its start [m], and its points.
struct LaneLog {
  double seconds = 0, start_z = 0;
  std::vector<odr::LanePoint> points;
};

/// Whether a sedan whose CG follows `points` (of `route`, in `net`) along their headings has room in a lane
/// `lane_width` wide wherever its body reaches a road outside junctions (lane_room.hpp), where edge walls
/// stand: a turn into a junction sharper than that (a 125 deg turn within 6 m, a 22 deg kink at a
/// junction's mouth, both on SUMO's A10KW exported) swings the car's body over its lane's wall.
bool sedan_has_room(const odr::Network& net, const std::vector<std::string>& route,
                    const std::vector<odr::LanePoint>& points, double lane_width) {
  if (points.size() < 2) return true;
  std::vector<bool> in_junction;
  for (const std::string& id : route)
    in_junction.push_back(std::ranges::find(net.roads, id, &odr::Road::id)->in_junction());
  std::vector<double> along(points.size(), 0.0);
  for (std::size_t i = 1; i < points.size(); ++i)
    along[i] = along[i - 1] + (points[i].p_W - points[i - 1].p_W).head<2>().norm();
  // The centre `a` metres along the route, between its points (the car's ends fall between them).
  const auto centre_at = [&](double a) {
    const std::size_t j = std::clamp<std::size_t>(std::upper_bound(along.begin(), along.end(), a) - along.begin(), 1,
                                                   points.size() - 1);
    const double u = std::clamp((a - along[j - 1]) / std::max(along[j] - along[j - 1], 1e-9), 0.0, 1.0);
    return Vec2(points[j - 1].p_W.head<2>() + u * (points[j].p_W - points[j - 1].p_W).head<2>());
  };
  std::vector<Vec2> under;
  for (std::size_t i = 0; i < points.size(); ++i) {
    under = {centre_at(along[i] - kSedanRear), centre_at(along[i] + kSedanFront)};
    bool near_walls = false;  // some of the body over a road outside junctions
    for (std::size_t j = 0; j < points.size(); ++j)
      if (along[j] >= along[i] - kSedanRear && along[j] <= along[i] + kSedanFront) {
        under.push_back(points[j].p_W.head<2>());
        near_walls = near_walls || !in_junction[points[j].road];
      }
    if (!near_walls) continue;
    if (!testing::car_fits(points[i].p_W.head<2>(), points[i].heading, under, lane_width, kSedanWidth)) return false;
  }
  return true;
}

/// Writes the lane along `route` as a replay log; none, and a failure naming why (or, given `no_route`, the
/// why there), where the file's links make no route (CommonRoad's ZAM_Threeway links a connecting road to
/// the wrong end of its neighbour), so that the other lanes and files are still driven.
std::optional<LaneLog> write_lane(const odr::Network& net, const std::string& file,
                                  const std::vector<std::string>& route, int lane, const std::filesystem::path& csv,
                                  std::string* no_route = nullptr) {
  std::vector<odr::LanePoint> points;
  try {
    points = odr::lane_route(net, file, route, lane);
  } catch (const Error& e) {
    if (no_route)
      *no_route = e.what();
    else
      ADD_FAILURE() << e.what();
    return std::nullopt;
  }
  std::ofstream out(csv);
  out << "t,x,y,heading_deg\n";
  double travelled = 0;
  for (std::size_t i = 0; i < points.size(); ++i) {
    if (i > 0) travelled += (points[i].p_W - points[i - 1].p_W).head<2>().norm();
    out << fmt::format("{},{},{},{}\n", travelled / kSpeed, points[i].p_W.x(), points[i].p_W.y(),
                       points[i].heading * 180 / M_PI);
  }
  const double start_z = points.empty() ? 0.0 : points.front().p_W.z();
  return LaneLog{travelled / kSpeed, start_z, std::move(points)};
}

/// Drives the log `dir`/lane.csv on `file` with 1 m edges and `detector`, starting on the lane's own road
/// (under a bridge, as ASAM's junction samples start some, the default would stand on the deck): no impact,
/// the road always under the car (to 0.1 s, 1.5 m, before the log's end: at a road's end itself the CG
/// stands on the last triangles' edge, in floats, and a road without successor has nothing beyond it).
void expect_clean_drive(const std::string& file, const std::filesystem::path& dir, const LaneLog& log,
                        const std::string& detector, const std::string& what) {
  const nlohmann::json doc = {
      {"name", "lane"}, {"scene", {{"file", file}, {"opendrive", {{"edges", nlohmann::json::object()}}}}},
      {"detector", detector}, {"response", {{"model", "restitution"}, {"restitution", 0.2}}},
      {"duration", log.seconds - 0.1},
      {"vehicles", {{{"params", "sedan"}, {"replay", "lane.csv"}, {"start_surface", log.start_z}}}}};
  // A log the replay refuses is one failure naming the route; the other routes and files still run.
  RunResult r;
  try {
    r = run_case(parse_case(doc, (dir / "lane.json").string()));
  } catch (const Error& e) {
    ADD_FAILURE() << file << " " << what << ": " << e.what();
    return;
  }
  EXPECT_EQ(r.events.size(), 0u) << file << " " << what << " " << detector;
  EXPECT_EQ(r.steps_without_surface, 0) << file << " " << what << " " << detector;
}

TEST(OpenDriveLanes, EveryDrivingLaneIsDrivenWithoutImpactOrMissingSurface) {
  const std::vector<std::string> files = testing::opendrive_data_files();
  if (files.empty()) GTEST_SKIP() << "no .xodr files in " << testing::opendrive_data_folder();
  const auto dir = testing::temp_folder("odr-lanes");
  for (const std::string& file : files) {
    const odr::Network net = odr::read_network(file);
    int lanes = 0, narrow = 0, tight = 0;
    for (const odr::Road& road : net.roads) {
      if (road.in_junction()) continue;
      for (const int id : odr::driving_lanes(road)) {
        // A lane that opens from zero width (esmini's tunnel.xodr, two_plus_one.xodr) is no road where it is
        // narrower than a car: its centre runs along a neighbour's edge there.
        const double width = narrowest(road, id);
        if (width < kNarrowestDriven) {
          ++narrow;
          continue;
        }
        const std::optional<LaneLog> log = write_lane(net, file, {road.id}, id, dir / "lane.csv");
        if (!log || log->seconds < 1) continue;
        // Both: on A10KW's export each finds lanes the other passes. Only the drive's sees road 2826 turn
        // 125 deg within its last 3 m (the lane's stops 3 m short of a section's ends); only the lane's, 2744.
        if (!room_all_along(road, id) || !sedan_has_room(net, {road.id}, log->points, width)) {
          ++tight;
          continue;
        }
        ++lanes;
        for (const std::string& detector : testing::triangle_detector_names())
          expect_clean_drive(file, dir, *log, detector, fmt::format("road {} lane {}", road.id, id));
      }
    }
    std::cout << file << ": " << lanes << " lanes driven (" << narrow << " narrower than " << kNarrowestDriven
              << " m somewhere and " << tight << " where a sedan has no room in its lane left out)\n";
  }
}

TEST(OpenDriveLanes, EveryConnectingLaneIsDrivenThroughItsJunction) {
  // Each junction's lane links as routes: the incoming road's lane, the connecting road, and the road at
  // the connecting road's other end; with `tree` (the other detectors agree with it on the lanes above).
  const std::vector<std::string> files = testing::opendrive_data_files();
  if (files.empty()) GTEST_SKIP() << "no .xodr files in " << testing::opendrive_data_folder();
  const auto dir = testing::temp_folder("odr-routes");
  for (const std::string& file : files) {
    const odr::Network net = odr::read_network(file);
    int routes = 0;
    std::map<std::string, int> left_out;  // lane links not driven, by why
    for (const odr::Junction& j : net.junctions)
      for (const odr::Connection& c : j.connections) {
        const auto road = [&](const std::string& id) {
          return std::find_if(net.roads.begin(), net.roads.end(), [&](const odr::Road& r) { return r.id == id; });
        };
        const auto connecting = road(c.connecting_road), incoming = road(c.incoming_road);
        if (connecting == net.roads.end() || incoming == net.roads.end()) continue;
        const odr::Link& out = c.contact_point == "end" ? connecting->predecessor : connecting->successor;
        if (out.element_type != "road") continue;
        for (const odr::LaneLink& l : c.lane_links) {
          // Travel lanes only, as the lane is at the junction's end of the incoming road: a sidewalk's link
          // leads along no surface (ASAM's junction samples link a border lane there that drives further on).
          const bool ends_at_junction = incoming->successor.element_type == "junction" && incoming->successor.element_id == j.id;
          if (!travels(*incoming, l.from, ends_at_junction)) continue;
          // A lane that runs away from the junction under its road's rule (esmini's highway_split_lht.xodr
          // lists each connection both ways) is no way into it.
          if (incoming->runs_with_s(l.from) != ends_at_junction) {
            ++left_out["from a lane leaving the junction"];
            continue;
          }
          const std::vector<std::string> route{c.incoming_road, c.connecting_road, out.element_id};
          // The laneLink names the lane at the junction's end of the incoming road; the route starts at the
          // other end, where the lane may have another id, or not be yet (ASAM's junction samples renumber
          // lanes and add one partway).
          const std::optional<int> start_lane = odr::lane_at_other_end(*incoming, l.from, !ends_at_junction);
          if (!start_lane) {
            ++left_out["from a lane that begins partway along its road"];
            continue;
          }
          // As in the lane drives above: a lane opening from zero width on the incoming road (CARLA's Town07,
          // road 26's lane -2) starts its drive on the neighbour's edge.
          const double width = narrowest(*incoming, *start_lane);
          if (width < kNarrowestDriven) {
            ++left_out[fmt::format("from a lane narrower than {} m somewhere on it", kNarrowestDriven)];
            continue;
          }
          // Into a lane no car travels: a bike path (SUMO's A10KW exported links a driving lane to one).
          if (!travels(*connecting, l.to, c.contact_point == "end")) {
            ++left_out["into a lane of no travel type"];
            continue;
          }
          // A turnaround (netconvert's exports of SUMO's DRT: a U-turn in 9 m onto the road's twin running
          // back) is no route a sedan takes within its lane.
          const auto outgoing = road(out.element_id);
          if (outgoing != net.roads.end() && runs_back_along(*incoming, *outgoing)) {
            ++left_out["turnarounds"];
            continue;
          }
          // The route drives its two roads whole: where a lane of either has no room for a sedan, as above.
          if (!room_all_along(*incoming, *start_lane) ||
              (outgoing != net.roads.end() && !std::ranges::all_of(odr::driving_lanes(*outgoing), [&](int id) {
                 return room_all_along(*outgoing, id);
               }))) {
            ++left_out["along a road where a sedan has no room in a lane"];
            continue;
          }
          // A link whose ends lie farther apart than a route joins (the scene warns of each: DRT's widest
          // 12.6 m) makes no route: counted, the first named.
          std::string no_route;
          const std::optional<LaneLog> log =
              write_lane(net, file, route, *start_lane, dir / "lane.csv", &no_route);
          if (!no_route.empty() && left_out["across a link whose ends lie apart (the scene warns of it)"]++ == 0)
            std::cout << file << ": first route the links do not make: " << no_route << "\n";
          if (!log) continue;
          if (!sedan_has_room(net, route, log->points, width)) {
            ++left_out["turning into or out of the junction sharper than a sedan takes in its lane"];
            continue;
          }
          ++routes;
          expect_clean_drive(file, dir, *log, "tree", fmt::format("route {} lane {}", fmt::join(route, ","), l.from));
        }
      }
    std::vector<std::string> why;
    for (const auto& [reason, count] : left_out) why.push_back(fmt::format("{} {}", count, reason));
    std::cout << file << ": " << routes << " routes through junctions driven; lane links left out: "
              << (why.empty() ? "none" : fmt::format("{}", fmt::join(why, ", "))) << "\n";
  }
}

}  // namespace
}  // namespace crashbench
