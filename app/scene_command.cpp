#include "app/scene_command.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <algorithm>
#include <memory>
#include <optional>

#include "cases/driving/replay_log.hpp"
#include "core/units.hpp"
#include "detectors/scenes/files/osg_notify.hpp"
#include "detectors/scenes/files/scene_io.hpp"
#include "detectors/scenes/opendrive/lane_path.hpp"
#include "detectors/scenes/opendrive/odr_reader.hpp"
#include "detectors/scenes/opendrive/opendrive_scene.hpp"
#include "detectors/scenes/mesh_builder.hpp"
#include "detectors/scenes/registry/scene_checks.hpp"
#include "detectors/scenes/registry/scene_library.hpp"
#include "detectors/scenes/registry/scene_report.hpp"
#include "detectors/scenes/torcs/centreline.hpp"
#include "detectors/scenes/torcs/torcs_track_anchor.hpp"

namespace crashbench {
namespace {

/// Options shared by the subcommands, kept alive as long as the App.
struct SceneArgs {
  std::string name, output, file, up;  // up: "" for the format's axis (SceneOptions::up)
  double unit_scale = 1.0;
  std::vector<double> place;  // x y z heading_deg: ScenePlacement, or empty
  bool vertical_only = false;
  bool verbose = false;
  double tolerance_deg = kVerticalToleranceDeg;
  std::vector<std::string> include, exclude, include_textures, exclude_textures;
  std::uint32_t node_mask = 0xffffffffu;
  std::string above_road_max = "2";
  bool sprites = false;
  double odr_edges = 0, odr_tolerance = kDefaultSurfaceTolerance;
  std::vector<std::string> odr_drivable;

  SceneOptions options() const {
    if (!up.empty() && up != "z" && up != "y") throw Error(file, "--up", "expected 'z' or 'y', got '" + up + "'");
    // As a case's vertical_within_deg; the negated test refuses NaN too.
    if (!(tolerance_deg >= 0 && tolerance_deg <= 90))
      throw Error(file, "--vertical-tolerance-deg", fmt::format("expected an angle in [0, 90] degrees, got {}", tolerance_deg));
    SceneOptions o;
    if (!up.empty()) o.up = up == "y" ? UpAxis::kY : UpAxis::kZ;
    o.unit_scale = unit_scale;
    if (!place.empty()) o.placement = ScenePlacement{place[0], place[1], place[2], place[3]};
    o.vertical_only = vertical_only;
    o.vertical_tolerance_deg = tolerance_deg;
    o.collision = {include, exclude, node_mask, band_top(), include_textures, exclude_textures, sprites};
    o.opendrive.edge_height = odr_edges;
    o.opendrive.tolerance = odr_tolerance;
    if (!odr_drivable.empty()) o.opendrive.drivable = odr_drivable;
    if (!(odr_edges >= 0)) throw Error(file, "--odr-edges", fmt::format("expected a height >= 0 m, got {}", odr_edges));
    if (!is_opendrive_file(file) && (odr_edges != 0 || !odr_drivable.empty() || odr_tolerance != kDefaultSurfaceTolerance))
      throw Error(file, "--odr-*", "apply to OpenDRIVE files (.xodr) only");
    for (const auto& [flag, globs] : {std::pair{"--include", &include}, {"--exclude", &exclude},
                                      {"--include-texture", &include_textures}, {"--exclude-texture", &exclude_textures}})
      for (const std::string& glob : *globs)
        if (glob.empty()) throw Error(file, flag, "expected a non-empty glob such as \"TREE*\"");
    return o;
  }

  /// --above-road-max: metres > 0, or "off".
  double band_top() const {
    if (above_road_max == "off") return kNoHeightBand;
    std::size_t used = 0;
    double m = 0;
    try {
      m = std::stod(above_road_max, &used);
    } catch (const std::exception&) {
    }
    if (used != above_road_max.size() || !(m > 0) || std::isinf(m))
      throw Error(file, "--above-road-max", "expected metres > 0 or 'off', got '" + above_road_max + "'");
    return m;
  }
};

/// `scene convert`: any scene file (an OpenDRIVE road network too) written in any format osgDB writes.
void convert(const SceneArgs& args) {
  SceneOptions options = args.options();
  options.decode_images = true;  // the written file keeps the pictures
  const Scene scene = load_scene(args.file, options);
  write_scene_graph(*scene.graph, args.output);
  const TriangleCensus c = census(*scene.graph);
  std::cout << fmt::format("wrote {}: {} triangles, {} vertical\n", args.output, c.total, c.vertical);
  // Far from the origin the scene keeps its geometry under transforms (double); a format that stores world
  // coordinates in floats (OBJ, STL) rounds them: the file written says how far, read back.
  const osg::BoundingSphere& bound = scene.graph->getBound();
  if (static_cast<double>(bound.center().length() + bound.radius()) <= kFarFromOrigin) return;
  osg::ref_ptr<osg::Node> written;
  try {
    written = read_scene_graph(args.output);
  } catch (const Error&) {
    return;  // a format osgDB writes but cannot read back: the file stands; there is nothing to measure
  }
  if (const std::string w = float_precision_warning(args.output, *written); !w.empty())
    std::cerr << "warning: " << w << "; .osgt, .osgb and .ive keep the transforms\n";
}

void make(const SceneArgs& args) {
  const Scene scene = make_registered_scene(args.name);
  if (!scene.graph) throw Error("", "name", "scene '" + args.name + "' has walls only: no scene graph to write");
  write_scene_graph(*scene.graph, args.output);
  const TriangleCensus c = census(*scene.graph);
  std::cout << fmt::format("wrote {}: {} triangles, {} vertical\n", args.output, c.total, c.vertical);
}

/// Every registered scene, one per line with its summary (`scene list`, `scene make --help`).
std::string scene_lines() {
  std::string out;
  for (const auto& e : scene_registry().entries()) out += fmt::format("  {:16} {}\n", e.name, e.summary);
  return out;
}

/// `scene centreline`: the TORCS track's centre line as a replay log (cases/driving/replay_log.hpp's format).
struct CentrelineArgs {
  std::string file, output, up = "y", road = "TKMN", side, from_xml;
  double unit_scale = 1.0, speed = 25.0, lane = 0.0, start_at = 0.0, off_road_max = kOffRoadMax;
  std::optional<double> from_edge;  ///< --lane-from-edge [m]
  bool strips = false;              ///< --strips: the scene file's road strips even with a definition beside it
  std::string odr_road;             ///< --odr-road: an OpenDRIVE road id
  std::vector<std::string> odr_route;  ///< --odr-route: road ids in driving order
  std::optional<int> odr_lane;      ///< --odr-lane: a lane id of the first road
};

/// `scene centreline road.xodr`: a lane of an OpenDRIVE road (or route) as a replay log. The TORCS options
/// do not apply and are refused.
void opendrive_centreline(const CentrelineArgs& a) {
  if (a.lane != 0 || a.from_edge || !a.side.empty() || a.start_at != 0 || a.road != "TKMN" || !a.from_xml.empty() ||
      a.strips || a.up != "y" || a.unit_scale != 1.0)
    throw Error(a.file, "", "--lane, --lane-from-edge, --side, --start-at, --road, --from-xml, --strips, --up and "
                            "--unit-scale are for TORCS tracks: expected --odr-road ID (or --odr-route ID,ID,...) and --odr-lane N");
  if (!a.odr_lane) throw Error(a.file, "--odr-lane", "expected the lane's id (negative: right of the centre lane)");
  if (a.odr_road.empty() == a.odr_route.empty()) throw Error(a.file, "--odr-road", "expected one of --odr-road or --odr-route");
  const std::vector<std::string> route = a.odr_route.empty() ? std::vector<std::string>{a.odr_road} : a.odr_route;
  const auto points = odr::lane_route(odr::read_network(a.file), a.file, route, *a.odr_lane);
  if (points.size() < 2) throw Error(a.file, "--odr-lane", "the lane has fewer than two points on the route");
  std::ofstream out(a.output, std::ios::binary);
  out << kReplayHeader << '\n';
  double travelled = 0;
  for (std::size_t i = 0; i < points.size(); ++i) {
    if (i > 0) travelled += (points[i].p_W - points[i - 1].p_W).head<2>().norm();
    out << fmt::format("{},{},{},{}\n", travelled / a.speed, points[i].p_W.x(), points[i].p_W.y(), points[i].heading * kRadToDeg);
  }
  if (!out.flush()) throw Error(a.output, "", "cannot write the replay log");
  std::cout << fmt::format("wrote {}: {} rows along lane {} of road {}{}, {:.1f} m, {:.2f} s at {} m/s\n", a.output,
                           points.size(), *a.odr_lane, route.front(), route.size() > 1 ? fmt::format(" and {} more roads", route.size() - 1) : "",
                           travelled, travelled / a.speed, a.speed);
}

/// The TORCS track definition to read: FILE itself (.xml), --from-xml, or the track folder's NAME.xml
/// beside the scene file when it has a "Main Track"; empty: the scene file's road strips. A NAME.xml beside
/// it that cannot be read is an error, not a reason to read the strips instead.
std::string track_definition(const CentrelineArgs& a) {
  namespace fs = std::filesystem;
  if (!a.from_xml.empty()) {
    if (a.strips) throw Error("", "--strips", "expected either --strips or --from-xml, not both");
    return a.from_xml;
  }
  if (fs::path(a.file).extension() == ".xml") return a.file;
  const fs::path beside = fs::path(a.file).replace_extension(".xml");
  if (a.strips || !fs::exists(beside)) return "";
  try {
    return has_torcs_main_track(beside.string()) ? beside.string() : "";
  } catch (const Error& e) {
    throw Error(e.file(), e.pointer(), e.problem() + " (the track definition beside " + a.file +
                                           "; --strips reads the scene's own road instead)");
  }
}

/// The centre line from the track definition `definition` (placed on the scene file, when one is given)
/// or, `definition` empty, the scene file's strips; `source` says which, for stderr.
Centreline read_track_centreline(const CentrelineArgs& a, const std::string& definition, std::string& source) {
  if (definition.empty()) {
    std::ifstream in(a.file, std::ios::binary);
    if (!in) throw Error(a.file, "", "cannot open the track file");
    source = "centre line from the road strips of " + a.file;
    return read_centreline(in, a.file, {a.up == "y", a.unit_scale}, a.road);
  }
  // A definition is in metres and lays the track out in the frame its .ac is read y-up in.
  if (a.up != "y") throw Error(definition, "--up", "a TORCS track definition is y-up: expected no --up z with it");
  if (a.unit_scale != 1.0) throw Error(definition, "--unit-scale", "a TORCS track definition is in metres: expected no --unit-scale with it");
  source = "centre line from the track definition " + definition;
  if (std::filesystem::path(a.file).extension() == ".xml") return torcs_centreline(read_torcs_track(definition));
  Anchoring placed;
  Centreline line = torcs_centreline_on_scene(definition, a.file, a.road, &placed, a.off_road_max);
  source += placed.shift_W.isZero()
                ? fmt::format(", its start line on the road of {} ({:.3f} m)", a.file, placed.start_gap)
                : fmt::format(", moved by ({:.2f}, {:.2f}) m onto {}'s first road cross-section, its start line: the "
                              "scene lies there, not where the definition lays it out", placed.shift_W.x(),
                              placed.shift_W.y(), a.file);
  return line;
}

/// Per centre-line point, the lane's offset to the left [m]: --lane everywhere, or --lane-from-edge on --side
/// (errors name `source`, the file the line came from).
std::vector<double> lane_offsets(const CentrelineArgs& a, const Centreline& line, const std::string& source) {
  if (!a.from_edge) {
    if (!a.side.empty()) throw Error("", "--side", "expected --side only with --lane-from-edge");
    return std::vector<double>(line.points_W.size(), a.lane);
  }
  if (a.lane != 0) throw Error("", "--lane", "expected either --lane or --lane-from-edge, not both");
  if (!(*a.from_edge >= 0) || !std::isfinite(*a.from_edge))
    throw Error("", "--lane-from-edge", "expected a distance >= 0 from the road's edge [m]");
  if (a.side != "left" && a.side != "right")
    throw Error("", "--side", "expected 'left' or 'right' with --lane-from-edge, got '" + a.side + "'");
  return lane_from_edge(line, *a.from_edge, a.side == "left", source);
}

void centreline(const CentrelineArgs& a) {
  if (!(a.speed > 0) || !std::isfinite(a.speed)) throw Error("", "--speed", "expected a speed > 0 [m/s]");
  if (is_opendrive_file(a.file)) return opendrive_centreline(a);
  if (!a.odr_road.empty() || !a.odr_route.empty() || a.odr_lane)
    throw Error(a.file, "--odr-*", "apply to OpenDRIVE files (.xodr) only");
  if (a.up != "z" && a.up != "y") throw Error(a.file, "--up", "expected 'z' or 'y', got '" + a.up + "'");
  if (!(a.speed > 0) || !std::isfinite(a.speed)) throw Error("", "--speed", "expected a speed > 0 [m/s]");
  if (!std::isfinite(a.lane)) throw Error("", "--lane", "expected a finite offset [m]");
  if (!(a.off_road_max >= 0)) throw Error("", "--off-road-max", "expected a distance >= 0 [m]");
  const std::string definition = track_definition(a);
  std::string source;
  Centreline line = read_track_centreline(a, definition, source);
  if (a.start_at != 0) line = started_at(line, a.start_at, definition.empty() ? a.file : definition);
  const std::vector<double> lanes = lane_offsets(a, line, definition.empty() ? a.file : definition);
  const std::vector<LapRow> rows = lap_rows(line, a.speed, lanes);
  std::ofstream out(a.output, std::ios::binary);
  out << kReplayHeader << '\n';
  for (const LapRow& r : rows)
    out << fmt::format("{},{},{},{}\n", r.t, r.position_W.x(), r.position_W.y(), r.heading * kRadToDeg);
  if (!out.flush()) throw Error(a.output, "", "cannot write the replay log");
  std::cerr << source << '\n';
  const auto [narrowest, widest] = std::minmax_element(line.half_widths.begin(), line.half_widths.end());
  const auto [least, most] = std::minmax_element(lanes.begin(), lanes.end());
  std::cout << fmt::format("wrote {}: {} rows from {} {}, {} lap of {:.1f} m, {:.2f} s at {} m/s, road {:.2f}-{:.2f} m "
                           "wide, lane {:.2f} to {:.2f} m left of the centre line\n",
                           a.output, rows.size(), line.strips, definition.empty() ? "road strips" : "segments", line.closed ? "closed" : "open", rows.back().t * a.speed,
                           rows.back().t, a.speed, 2 * *narrowest, 2 * *widest, *least, *most);
  for (const std::string& strip : line.skipped) std::cout << "left out road-named strip " << strip << '\n';
}

void list() { std::cout << scene_lines(); }

/// The options of an OpenDRIVE file's scene (docs/scenes.md, "OpenDRIVE roads"); other formats ignore them.
void add_opendrive_options(CLI::App& cmd, SceneArgs& args) {
  cmd.add_option("--odr-edges", args.odr_edges, "OpenDRIVE: edge walls this tall [m] where drivable lanes end (default 0: none)");
  cmd.add_option("--odr-drivable", args.odr_drivable,
                 fmt::format("OpenDRIVE: a lane type that is driven on (repeatable; default {})",
                             fmt::join(kDrivableLaneTypes, ", ")));
  cmd.add_option("--odr-tolerance", args.odr_tolerance, "OpenDRIVE: largest distance of the surface's triangles from the exact surface [m] (default 0.01)");
}

}  // namespace

void add_scene_commands(CLI::App& app) {
  auto args = std::make_shared<SceneArgs>();
  CLI::App* scene = app.add_subcommand("scene", "generate scene files and describe them");
  scene->require_subcommand(1);

  CLI::App* make_cmd = scene->add_subcommand("make", "write a registered scene in any format osgDB can write");
  make_cmd->add_option("name", args->name, "a scene from `crashbench scene list`")->required();
  make_cmd->add_option("-o,--output", args->output, "file to write (.osgt, .osgb, .ive, .flt, ...)")->required();
  // Built when help is shown, so scenes of a plugin loaded by --plugin are listed too.
  make_cmd->footer([] { return "Registered scenes:\n" + scene_lines(); });
  make_cmd->callback([args] { make(*args); });

  CLI::App* info = scene->add_subcommand("info", "triangle counts, bounds and vertical triangles of a scene file");
  info->add_option("file", args->file, "any osgDB-readable scene file")->required();
  info->add_option("--up", args->up, "up axis of the file: z or y (default: y for OBJ, z for every other format)");
  info->add_option("--unit-scale", args->unit_scale, "metres per file unit");
  info->add_option("--place", args->place, "where the file's frame stands: X Y Z [m] HEADING [deg], turned "
                                           "counter-clockwise about the vertical, then moved")
      ->expected(4);
  info->add_flag("--vertical-only", args->vertical_only, "count only vertical triangles for collision");
  info->add_option("--vertical-tolerance-deg", args->tolerance_deg, "normal within this of horizontal [deg]");
  info->add_option("--include", args->include, "only nodes whose name matches this glob collide (repeatable)");
  info->add_option("--exclude", args->exclude, "nodes whose name matches this glob never collide (repeatable)");
  info->add_option("--include-texture", args->include_textures,
                   "only geometry carrying a texture whose file name matches this glob collides (repeatable)");
  info->add_option("--exclude-texture", args->exclude_textures,
                   "geometry carrying a texture whose file name matches this glob never collides (repeatable)");
  info->add_option("--node-mask", args->node_mask, "skip nodes whose OSG node mask shares no bit with this");
  info->add_option("--above-road-max", args->above_road_max,
                   "height band: geometry more than this above the road under a car does not collide [m], or 'off'");
  info->add_flag("--sprites", args->sprites, "sprites collide (billboards, stand-alone vertical cards: left out by default)");
  info->add_flag("--verbose", args->verbose, "show every OpenSceneGraph notification, not just the summary");
  add_opendrive_options(*info, *args);
  info->callback([args] {
    if (args->verbose) set_osg_verbose(true);  // else CRASHBENCH_VERBOSE decides
    std::cout << describe_scene_file(args->file, args->options());
  });

  CLI::App* convert_cmd = scene->add_subcommand("convert", "read a scene file (.xodr too) and write it in any format osgDB writes");
  convert_cmd->add_option("file", args->file, "any scene file crashbench reads")->required();
  convert_cmd->add_option("-o,--output", args->output, "file to write (.osgt, .osgb, .ive, .flt, ...)")->required();
  add_opendrive_options(*convert_cmd, *args);
  convert_cmd->callback([args] { convert(*args); });

  scene->add_subcommand("list", "the registered scenes")->callback(list);

  auto c = std::make_shared<CentrelineArgs>();
  CLI::App* cl = scene->add_subcommand("centreline", "a TORCS track's centre line, or an OpenDRIVE lane, as a replay log (t,x,y,heading_deg)");
  cl->add_option("file", c->file, "an OpenDRIVE file (.xodr), or a TORCS track: its definition (.xml), or its scene (.acc, .ac) with NAME.xml beside "
                 "it or road strips in left/right vertex pairs")->required();
  cl->add_option("-o,--output", c->output, "the CSV to write")->required();
  cl->add_option("--speed", c->speed, "driving speed [m/s] (default 25)");
  cl->add_option("--lane", c->lane, "offset to the left of the centre line [m], negative to the right (default 0)");
  cl->add_option("--lane-from-edge", c->from_edge, "a lane this far inside the road's edge [m] (the road's width from "
                 "its left/right vertex pairs), on --side");
  cl->add_option("--side", c->side, "with --lane-from-edge: left or right, of the driving direction");
  cl->add_option("--start-at", c->start_at, "start the lap this fraction of the way round, in [0, 1) (default 0: the "
                 "first point, the start line of a definition)");
  cl->add_option("--up", c->up, "up axis of the file: y (default, as TORCS writes) or z");
  cl->add_option("--unit-scale", c->unit_scale, "metres per file unit");
  cl->add_option("--road", c->road, "name prefix of the road objects, any case (default TKMN)");
  cl->add_option("--from-xml", c->from_xml, "the TORCS track definition to read instead of NAME.xml beside the file");
  cl->add_flag("--strips", c->strips, "read the scene file's road strips even when a track definition is beside it");
  cl->add_option("--off-road-max", c->off_road_max,
                 fmt::format("how far a definition's centre line may stray outside the scene's road [m] (default {:g}; "
                             "farther, it is another track's and refused)", kOffRoadMax));
  cl->add_option("--odr-road", c->odr_road, "OpenDRIVE: the road whose lane to drive (its id)");
  cl->add_option("--odr-route", c->odr_route, "OpenDRIVE: road ids in driving order, through junctions' connecting roads")
      ->delimiter(',');
  cl->add_option("--odr-lane", c->odr_lane, "OpenDRIVE: the lane's id on the first road (negative: right of the centre, with s)");
  cl->callback([c] { centreline(*c); });
}

}  // namespace crashbench
