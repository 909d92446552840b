#include "detectors/scenes/opendrive/opendrive_scene.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <numbers>
#include <optional>
#include <utility>

#include "core/error.hpp"
#include "core/units.hpp"
#include "detectors/scenes/collision_filter.hpp"
#include "detectors/scenes/opendrive/flat_crossings.hpp"
#include "detectors/scenes/opendrive/lane_strips.hpp"
#include "detectors/scenes/opendrive/missing_links.hpp"
#include "detectors/scenes/opendrive/odr_reader.hpp"
#include "detectors/scenes/opendrive/road_mesh.hpp"
#include "detectors/scenes/opendrive/road_objects.hpp"
#include "detectors/scenes/opendrive/road_seams.hpp"

namespace crashbench {

bool is_opendrive_file(const std::string& path) {
  if (path.size() < 5) return false;
  std::string ext = path.substr(path.size() - 5);
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
  return ext == ".xodr";
}

namespace {

/// Steep road surface of less plan area than this is reported, not warned of [m^2]: about a ninth of a
/// sedan's footprint (4.7 m x 1.8 m).
constexpr double kSteepAreaWorthAWarning = 1.0;
/// A plan-view joint turning more than this folds the road back over itself [rad]: 90 deg (a polyline's
/// corners, as LGSVL draws its curves, turn up to 36 deg; CommonRoad's DEU_Muehlhausen export has 180).
constexpr double kFoldingTurn = std::numbers::pi / 2;

/// Says which roads of `net` were left out for having no length: in `about`, and as a warning where one's
/// plan view draws a road its `length` of 0 lacks (a zero-length internal lane, netconvert's, draws none).
void say_roads_without_length(const std::string& file, const odr::Network& net, std::vector<std::string>& about,
                              std::vector<std::string>& warnings) {
  const std::vector<odr::RoadWithoutLength>& left_out = net.without_length;
  about.push_back(fmt::format("roads of no length, left out: {}{}", left_out.size(),
                              left_out.empty() ? "" : fmt::format(" (first: road '{}' (line {}), length {:g} m)",
                                                                  left_out.front().id, left_out.front().line,
                                                                  left_out.front().declared_length)));
  const auto drawn = std::find_if(left_out.begin(), left_out.end(), [](const odr::RoadWithoutLength& r) {
    return r.plan_view_end >= odr::kPlanViewTolerance;
  });
  if (drawn != left_out.end())
    warnings.push_back(fmt::format("{}: road '{}' (line {}) has a 'length' of {:g} m and a plan view drawn to {:.3f} "
                                   "m: left out, as a road of no length is; give its length to build it", file,
                                   drawn->id, drawn->line, drawn->declared_length, drawn->plan_view_end));
}

/// Puts each road's walls node (null: none) into `graph` before its child `walls[r].insert_at`, the road's
/// next node after its surface, in one pass: inserting them one by one moved every later child each time,
/// 9 % of the load of SUMO's DRT exported (5,542 roads).
void place_walls(const std::vector<osg::ref_ptr<osg::Node>>& wall_nodes, const std::vector<odr::RoadWalls>& walls,
                 osg::Group& graph) {
  std::vector<osg::ref_ptr<osg::Node>> children;
  children.reserve(graph.getNumChildren() + wall_nodes.size());
  unsigned next = 0;
  for (std::size_t r = 0; r < wall_nodes.size(); ++r) {
    for (; next < walls[r].insert_at; ++next) children.emplace_back(graph.getChild(next));
    if (wall_nodes[r]) children.push_back(wall_nodes[r]);
  }
  for (; next < graph.getNumChildren(); ++next) children.emplace_back(graph.getChild(next));
  graph.removeChildren(0, graph.getNumChildren());
  for (const osg::ref_ptr<osg::Node>& child : children) graph.addChild(child.get());
}

}  // namespace

OpenDriveScene build_opendrive_scene(const std::string& file, const OpenDriveOptions& options) {
  if (!(options.tolerance >= 1e-4))
    throw Error(file, "opendrive.tolerance", fmt::format("expected at least 0.0001 m, got {}", options.tolerance));
  const odr::Network net = odr::read_network(file);
  OpenDriveScene out;
  out.graph = new osg::Group;
  out.graph->setName(file);
  odr::MeshCounts counts;
  std::map<std::string, int> lanes_by_type;
  int in_junction = 0, gaps = 0, shapes = 0, crossfalls = 0, shaped_roads = 0, cut_short = 0, sections_past = 0,
      drawn_past = 0;
  double largest_gap = 0;
  int kinks = 0, folds = 0;
  std::optional<std::pair<const odr::Road*, odr::Kink>> sharpest;  // the largest turn at a plan-view joint
  const odr::Road* first_cut = nullptr;
  const odr::Road* first_drawn_past = nullptr;  // a plan view running on beyond its road's length
  std::vector<odr::RoadSurface> surfaces;
  surfaces.reserve(net.roads.size());
  for (const odr::Road& road : net.roads) surfaces.emplace_back(road);
  // The crossings first: a bridge drawn flat has no kerb across the road under it, nor that road across it.
  // Two of a junction's roads drawn over each other at its mouth are no bridge: the junction's traffic meets
  // there, and SUMO reports its collisions.
  std::vector<odr::FlatCrossing> crossings, mouths;
  for (odr::FlatCrossing& x : odr::flat_crossings(surfaces, options))
    (x.bridge() ? crossings : mouths).push_back(std::move(x));
  const std::vector<std::vector<odr::WallGap>> wall_gaps = odr::edge_wall_gaps(crossings, surfaces.size());
  // Every road's surface first, then the walls: a wall stands only where no other road's lane lies beyond it.
  odr::DrivableSurfaces drivable;
  std::vector<odr::RoadWalls> walls(surfaces.size());
  const std::vector<odr::EndReach> reaches = odr::wedge_reaches(surfaces);
  for (std::size_t r = 0; r < surfaces.size(); ++r) {
    const odr::RoadSurface& surface = surfaces[r];
    const odr::Road& road = surface.road();
    odr::add_road_mesh(surface, static_cast<int>(r), reaches[r], options, *out.graph, counts, drivable, walls[r]);
    odr::add_road_objects(surface, options, *out.graph, counts);
    in_junction += road.in_junction();
    shapes += static_cast<int>(road.shapes.size()), crossfalls += static_cast<int>(road.crossfalls.size());
    shaped_roads += surface.shaped();
    gaps += surface.reference_line().gaps();
    if (road.length < road.declared_length) {
      ++cut_short, sections_past += road.sections_past_plan_view;
      if (!first_cut) first_cut = &road;
    }
    if (road.plan_view_end > road.length + odr::kPlanViewTolerance) {
      ++drawn_past;
      if (!first_drawn_past) first_drawn_past = &road;
    }
    largest_gap = std::max(largest_gap, surface.reference_line().largest_gap());
    for (const odr::Kink& kink : surface.reference_line().kinks()) {
      ++kinks, folds += std::abs(kink.turn) > kFoldingTurn;
      if (!sharpest || std::abs(kink.turn) > std::abs(sharpest->second.turn)) sharpest = {&road, kink};
    }
    for (const odr::LaneSection& section : road.sections)
      for (const auto* side : {&section.left, &section.right})
        for (const odr::Lane& lane : *side) ++lanes_by_type[lane.type];
  }
  drivable.index();
  // Last road first, as the budget has always been counted (the road a refusal names).
  std::vector<osg::ref_ptr<osg::Node>> wall_nodes(surfaces.size());
  for (std::size_t r = surfaces.size(); r-- > 0;)
    wall_nodes[r] = odr::edge_walls_node(surfaces[r], walls[r], wall_gaps[r], drivable, options, counts);
  place_walls(wall_nodes, walls, *out.graph);
  for (const odr::FlatCrossing& x : crossings) out.flat_crossings.push_back(x.zone);
  int connections = 0, lane_links = 0;
  for (const odr::Junction& j : net.junctions) {
    connections += static_cast<int>(j.connections.size());
    for (const odr::Connection& c : j.connections) lane_links += static_cast<int>(c.lane_links.size());
  }
  out.has_collision_geometry = counts.edge_triangles + counts.object_triangles > 0;
  auto& a = out.about;
  a.push_back(fmt::format("opendrive: revision {}.{}, {} roads ({} inside junctions), {} junctions ({} connections, "
                          "{} lane links)", net.rev_major, net.rev_minor, net.roads.size(), in_junction,
                          net.junctions.size(), connections, lane_links));
  std::string lanes;
  for (const auto& [type, n] : lanes_by_type) lanes += fmt::format("{}{} {}", lanes.empty() ? "" : ", ", type, n);
  a.push_back("lanes by type (one per lane section): " + lanes);
  a.push_back(fmt::format("road surface: {} triangles, largest distance from the exact surface {:.4f} m "
                          "(tolerance {:g} m)", counts.surface_triangles, counts.worst_error, options.tolerance));
  a.push_back(options.edge_height > 0
                  ? fmt::format("edge walls: {} triangles, {:g} m tall{}{}{}{}", counts.edge_triangles,
                                options.edge_height,
                                counts.edge_metres_left_out == 0
                                    ? ""
                                    : fmt::format("; {:.1f} m of them left out where they would stand across the other "
                                                  "road of a flat crossing", counts.edge_metres_left_out),
                                counts.edge_metres_on_other_roads == 0
                                    ? ""
                                    : fmt::format("; {:.1f} m left out where another road's lanes lie beyond them (roads "
                                                  "that overlap or abut: a ramp leaving or joining)",
                                                  counts.edge_metres_on_other_roads),
                                counts.edge_metres_on_own_road == 0
                                    ? ""
                                    : fmt::format("; {:.1f} m where the road's own lanes lie beyond them (its border "
                                                  "folded back through them in a turn)",
                                                  counts.edge_metres_on_own_road),
                                counts.wall_loops_cut == 0
                                    ? ""
                                    : fmt::format("; loops cut out where a border running back crosses itself: {} "
                                                  "({:.1f} m)", counts.wall_loops_cut, counts.wall_loop_metres))
                  : std::string("edge walls: off"));
  a.push_back(fmt::format("objects: {} ({} triangles; {} of no size, made 0.1 m posts)", counts.objects,
                          counts.object_triangles, counts.objects_without_size));
  a.push_back(fmt::format("lateral profiles: {} shape and {} crossfall records on {} roads{}", shapes, crossfalls,
                          shaped_roads, shaped_roads == 0 ? "" : fmt::format("; their lanes cut across into up to {} "
                                                                             "strips", counts.most_strips_across)));
  a.push_back(fmt::format("plan view gaps over 1 mm: {} (largest {:.4f} m)", gaps, largest_gap));
  // A polyline's corners (LGSVL's maps): the mesh fills the wedge outside each with a chord, lane drives cut
  // the corner inside (lane_path.cpp).
  const std::string sharpest_text =
      !sharpest ? "" : fmt::format("sharpest {:.1f} deg: road '{}' (line {}) at s {:.3f}",
                                   std::abs(sharpest->second.turn) * kRadToDeg, sharpest->first->id,
                                   sharpest->first->line, sharpest->second.s);
  a.push_back(fmt::format("plan view joints turning at once (kinks over {:.2f} deg): {}{}",
                          odr::kKinkTolerance * kRadToDeg, kinks, !sharpest ? "" : " (" + sharpest_text + ")"));
  const std::string fold_text =
      counts.folded_borders == 0
          ? ""
          : fmt::format(" (first: road '{}' at s {:.1f})", counts.first_fold_road, counts.first_fold_s);
  a.push_back(fmt::format("lane borders running back outside junctions (beyond their turn's centre of curvature): {}{}",
                          counts.folded_borders, fold_text));
  const std::vector<odr::OpenSeam> seams = odr::open_seams(surfaces, odr::kSeamWorthAWarning);
  const auto seam_text = [](const odr::OpenSeam& w) {
    return fmt::format("{:.2f} m: road '{}' (line {}) at its {} and road '{}' at its {}", w.opening, w.road, w.line,
                       w.at_end ? "end" : "start", w.other, w.other_at_end ? "end" : "start");
  };
  a.push_back(fmt::format("road links whose ends open more than {:g} m apart: {}{}", odr::kSeamWorthAWarning,
                          seams.size(), seams.empty() ? "" : " (widest " + seam_text(seams.front()) + ")"));
  // The next widest, so that a file's few bad links can be found.
  constexpr std::size_t kSeamsListed = 8;
  for (std::size_t k = 1; k < std::min(seams.size(), kSeamsListed); ++k) a.push_back("  " + seam_text(seams[k]));
  say_roads_without_length(file, net, a, out.warnings);
  std::vector<odr::MissingLink> missing = odr::missing_links(net);
  const auto dead_ends = std::erase_if(missing, [](const odr::MissingLink& m) { return m.dead_end; });
  const auto names_a_road = [](const odr::MissingLink& m) { return m.to_road; };
  a.push_back(fmt::format("links to a road or junction the file lacks: {}{}{}", missing.size(),
                          missing.empty() ? "" : fmt::format(" (first: {} names {})", missing.front().where,
                                                             missing.front().target),
                          dead_ends == 0 ? "" : fmt::format("; and {} to junctions no road lies in (dead ends, as "
                                                            "netconvert's exports write them)", dead_ends)));
  a.push_back(fmt::format("roads crossing outside junctions at one height (bridges drawn flat): {}", crossings.size()));
  std::string first_mouth;
  if (!mouths.empty()) {
    const odr::FlatCrossing& m = mouths.front();
    first_mouth = fmt::format(" (first: roads '{}' and '{}' at junction '{}', ({:.2f}, {:.2f}))", m.road_a, m.road_b,
                              m.junction, m.zone.at_W.x(), m.zone.at_W.y());
  }
  a.push_back(fmt::format("roads of one junction overlapping at its mouth (its traffic meets there, no bridge): {}{}",
                          mouths.size(), first_mouth));
  a.push_back("geoReference: " + (net.geo_reference.empty() ? std::string("none") : net.geo_reference));
  if (net.offset)
    a.push_back(fmt::format("header offset (reported, not applied): x {:g}, y {:g}, z {:g} m, hdg {:g} rad",
                            net.offset->x, net.offset->y, net.offset->z, net.offset->hdg));
  if (counts.low_objects > 0)
    out.warnings.push_back(fmt::format(
        "{}: {} of {} objects stand wholly lower than {:g} m above the road, below every car's CG plane: "
        "the rectangle at CG height never meets them", file, counts.low_objects, counts.objects, kLowestCgHeight));
  if (counts.steep_surface_triangles > 0) {
    const std::string steep = fmt::format(
        "{} of the {} road surface triangles lean more than {:g} deg from level ({:.2f} m^2 in plan; the steepest "
        "{:.0f} deg): a case's default collision set takes them for walls, not ground, so a car there has no road "
        "under it; \"collision\": {{\"vertical_within_deg\": D}} with D under {:.0f} makes them ground",
        counts.steep_surface_triangles, counts.surface_triangles, 90 - kDefaultVerticalWithinDeg,
        counts.steep_surface_plan_area, counts.steepest_lean_deg, 90 - counts.steepest_lean_deg);
    // Slivers where a lane's height steps over a centimetre or two of width (ASAM's junction samples in
    // qc-opendrive: 12 triangles, 0.10 m^2) are said in the scene's description, not warned of.
    if (counts.steep_surface_plan_area >= kSteepAreaWorthAWarning)
      out.warnings.push_back(file + ": " + steep);
    else
      a.push_back("steep road surface: " + steep);
  }
  if (options.edge_height > 0 && options.edge_height < kLowestCgHeight)
    out.warnings.push_back(fmt::format("{}: the edge walls ({:g} m) stand lower than {:g} m, below every car's CG "
                                       "plane: the rectangle at CG height never meets them", file,
                                       options.edge_height, kLowestCgHeight));
  if (counts.rough_profiles > 0)
    out.warnings.push_back(fmt::format(
        "{}: on {} lane sections the lateral profile steps or folds inside a lane (first: road '{}' from s {:.1f}): "
        "{} strips across a lane do not follow it within half the tolerance, so the road surface there lies up to "
        "{:.3f} m from the exact surface (tolerance {:g} m); a kerb is a lane of its own with a height",
        file, counts.rough_profiles, counts.first_rough_profile, counts.first_rough_s, odr::kMostStripsAcross,
        counts.worst_error, options.tolerance));
  if (!crossings.empty())
    out.warnings.push_back(fmt::format(
        "{}: {} pairs of roads cross outside a junction at one height (first: roads '{}' and '{}' at ({:.2f}, {:.2f})): "
        "OpenDRIVE joins roads at grade only in junctions, so each is a bridge drawn flat, as netconvert writes an "
        "OpenStreetMap import without elevation, and vehicles on the two roads meet there (SUMO's pass through "
        "each other; neither road's edge walls stand across the other)", file, crossings.size(),
        crossings.front().road_a, crossings.front().road_b, crossings.front().zone.at_W.x(), crossings.front().zone.at_W.y()));
  if (first_cut)
    out.warnings.push_back(fmt::format(
        "{}: the plan views of {} roads end short of their length (first: road '{}' (line {}), {:.3f} of {:.3f} m): "
        "the reference line is not defined beyond, so each is built only as far as its plan view reaches ({} lane "
        "sections starting beyond left out)", file, cut_short, first_cut->id, first_cut->line, first_cut->length,
        first_cut->declared_length, sections_past));
  if (first_drawn_past)
    out.warnings.push_back(fmt::format(
        "{}: the plan views of {} roads run on past their length (first: road '{}' (line {}), drawn {:.3f} m for a "
        "length of {:.3f} m): each is built to its length, which its lanes and objects are placed along; SUMO's "
        "netconvert builds the whole plan view, so its edge there runs on beyond the road built", file, drawn_past,
        first_drawn_past->id, first_drawn_past->line, first_drawn_past->plan_view_end, first_drawn_past->length));
  if (!missing.empty())
    out.warnings.push_back(fmt::format(
        "{}: {} links name a road or junction the file does not have (first: {} names {}): lane routes cannot "
        "follow them{}", file, missing.size(), missing.front().where, missing.front().target,
        std::any_of(missing.begin(), missing.end(), names_a_road) ? ", and SUMO's netconvert stops on those naming "
                                                                    "a road" : ""));
  if (!seams.empty())
    out.warnings.push_back(fmt::format(
        "{}: {} road links join ends that lie apart ({}): where the ends are near, the road surface opens "
        "between them and a car crossing there has no road under it for a step or two; where they are far apart, "
        "the link (its contactPoint) names an end that is not there, and lane routes and SUMO's import follow it",
        file, seams.size(), "widest " + seam_text(seams.front())));
  if (counts.folded_borders > 0)
    out.warnings.push_back(fmt::format(
        "{}: lane borders run back against their road's line at {} places outside junctions{}: a turn sharper "
        "than the border lies from the line, so the border loops back through its lane and the lane's surface "
        "folds; with edges, the wall's loop is cut out where the border crosses itself, and left out wherever the "
        "road's own lane lies beyond it (a loop opening across the road's end)",
        file, counts.folded_borders, fold_text));
  if (folds > 0)
    out.warnings.push_back(fmt::format("{}: {} plan-view joints turn the reference line back by more than {:g} deg "
                                       "at once ({}): the road folds back over itself there, its surface doubled "
                                       "and its lanes' drives running back",
                                       file, folds, kFoldingTurn * kRadToDeg, sharpest_text));
  if (gaps > 0)
    out.warnings.push_back(fmt::format("{}: {} plan-view records start more than 1 mm from where the one before "
                                       "ends (largest {:.4f} m)", file, gaps, largest_gap));
  return out;
}

}  // namespace crashbench
