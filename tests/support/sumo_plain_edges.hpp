#pragma once
// SUMO's own reading of an OpenDRIVE file, as an independent check of ours: the edges and nodes that
// `netconvert --opendrive-files F --plain-output-prefix P --offset.disable-normalization` writes to P.edg.xml
// and P.nod.xml. SUMO makes an edge of each side of a road outside junctions, from the lanes of the types it
// imports (its `type` attribute lists them), shaped like the line where the first imported lane starts:
// the reference line moved left by the lane offset and out past any inner lanes it did not import, in the
// plane (superelevation plays no part), sampled every 2 m and at every record's start, with the elevation's
// z. A straight edge has no shape: its nodes are its ends. How far the vertices lie from our curve says
// whether both read the geometry alike.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <map>
#include <numbers>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "detectors/scenes/opendrive/odr_model.hpp"
#include "detectors/scenes/opendrive/odr_xml.hpp"
#include "detectors/scenes/opendrive/road_surface.hpp"

namespace crashbench::testing {

/// One vertex of a SUMO shape; SUMO leaves z out of some (those at a node), so `has_z` says.
struct SumoVertex {
  Vec3 p = Vec3::Zero();
  bool has_z = false;
};

struct SumoEdge {
  std::string id;
  std::set<std::string> lane_types;  ///< OpenDRIVE types of the lanes SUMO imported
  std::vector<SumoVertex> shape;
};

/// "x,y[,z]" as a vertex.
inline SumoVertex parse_vertex(const std::string& text) {
  SumoVertex v;
  const char* at = text.c_str();
  char* end = nullptr;
  for (int axis = 0; axis < 3 && *at != '\0'; ++axis, at = *end == ',' ? end + 1 : end) {
    v.p[axis] = std::strtod(at, &end);
    v.has_z = axis == 2;
  }
  return v;
}

/// The edges of the plain files `prefix`.edg.xml and `prefix`.nod.xml, each with its shape (its nodes'
/// positions when it has none).
inline std::vector<SumoEdge> read_plain_edges(const std::string& prefix) {
  std::map<std::string, SumoVertex> nodes;
  const std::string node_file = prefix + ".nod.xml";
  const auto node_root = odr::parse_xml(node_file, odr::read_text(node_file));  // held: children live in it
  for (const auto& n : node_root->children)
    if (n->name == "node" && n->attribute("id") && n->attribute("x") && n->attribute("y")) {
      const std::string* z = n->attribute("z");
      nodes[*n->attribute("id")] = parse_vertex(*n->attribute("x") + "," + *n->attribute("y") + (z ? "," + *z : ""));
    }
  const std::string edge_file = prefix + ".edg.xml";
  std::vector<SumoEdge> edges;
  const auto edge_root = odr::parse_xml(edge_file, odr::read_text(edge_file));
  for (const auto& e : edge_root->children) {
    if (e->name != "edge") continue;
    const auto text = [&](const char* key) { return e->attribute(key) ? *e->attribute(key) : std::string(); };
    SumoEdge edge;
    edge.id = text("id");
    std::istringstream types(text("type"));
    for (std::string type; std::getline(types, type, '|');) edge.lane_types.insert(type);
    std::istringstream shape(text("shape"));
    for (std::string vertex; shape >> vertex;) edge.shape.push_back(parse_vertex(vertex));
    // Without a shape an edge runs straight between its nodes (a node the file lacks fails the test's lookup).
    if (edge.shape.empty()) edge.shape = {nodes.at(text("from")), nodes.at(text("to"))};
    edges.push_back(std::move(edge));
  }
  return edges;
}

/// The road an edge comes from: SUMO names a road's right side "-ID" and its left side "ID", and the parts
/// of a road it splits where a lane section changes its lanes "ID#0", "ID#1", ... (CommonRoad's
/// Roundabout8Course).
inline const odr::Road* road_of(const SumoEdge& edge, const odr::Network& net) {
  const auto named = [&net](const std::string& id) -> const odr::Road* {
    for (const odr::Road& road : net.roads)
      if (road.id == id) return &road;
    return nullptr;
  };
  const std::string id = edge.id.rfind('-', 0) == 0 ? edge.id.substr(1) : edge.id;
  if (const odr::Road* road = named(id)) return road;
  const auto part = id.rfind('#');
  if (part == std::string::npos || id.find_first_not_of("0123456789", part + 1) != std::string::npos) return nullptr;
  return named(id.substr(0, part));
}

/// The lanes at `s` on `edge`'s side of its road, innermost first.
inline std::vector<odr::LaneSpan> edge_side(const odr::RoadSurface& surface, const SumoEdge& edge, double s) {
  std::vector<odr::LaneSpan> spans;
  surface.spans(surface.section_at(s), s, spans);  // leftmost first: the left side's innermost lane is its last
  const bool right = edge.id.rfind('-', 0) == 0;
  std::vector<odr::LaneSpan> side;
  for (const odr::LaneSpan& l : spans)
    if ((l.lane->id < 0) == right) side.push_back(l);
  if (!right) std::reverse(side.begin(), side.end());
  return side;
}

/// Where across the road SUMO lays `edge` at `s` [m from the reference line, left positive]: the inner
/// border of the innermost lane on the edge's side whose type SUMO imported.
inline double sumo_edge_t(const odr::RoadSurface& surface, const SumoEdge& edge, double s) {
  for (const odr::LaneSpan& l : edge_side(surface, edge, s))
    if (edge.lane_types.count(l.lane->type)) return l.t_inner;
  return odr::evaluate(surface.road().lane_offsets, s);
}

/// Whether the road's line turns at a radius under half its edge side's width (a one-lane side's centre beyond
/// the turn's centre of curvature) within twice that width of s, not counting joints that turn at once.
/// netconvert's vertices there need not lie on the line: SUMO's A10KW exported has edge -2748's 8.8 cm off
/// road 2748's line, 5 m past a turn of 97 deg in under a metre, where the record evaluated by hand puts the
/// edge's other vertices within 3e-5 m (its lanes are the sampled line moved aside, which cannot follow a
/// turn past its centre; which step of its import moves that vertex, the check does not say).
inline bool beside_sharp_turn(const odr::RoadSurface& surface, const SumoEdge& edge, double s) {
  double width = 0;
  for (const odr::LaneSpan& l : edge_side(surface, edge, s)) width = std::max(width, std::abs(l.t_outer));
  constexpr double kStep = 0.05;  // [m]
  const odr::ReferenceLine& line = surface.reference_line();
  const double from = std::max(0.0, s - 2 * width), to = std::min(surface.road().length, s + 2 * width);
  const auto joint_within = [&](double a, double b) {
    const auto& kinks = line.kinks();
    return std::any_of(kinks.begin(), kinks.end(), [&](const odr::Kink& k) { return k.s > a && k.s <= b; });
  };
  for (double a = from; a + kStep <= to; a += kStep) {
    const double turn = std::remainder(line.at(a + kStep).hdg - line.at(a).hdg, 2 * std::numbers::pi);
    if (std::abs(turn) * 0.5 * width > kStep && !joint_within(a, a + kStep)) return true;  // radius kStep / turn
  }
  return false;
}

/// Between an edge's ends both programs evaluate the same formulas, and SUMO writes 1 um (--precision 6):
/// its vertices there lie this close to our line [m].
inline constexpr double kInsideBound = 1e-4;

/// How far a shape's vertices lie from where SUMO should have laid it, the largest of each [m].
struct ShapeDistance {
  double across = 0;  ///< in the plane, from the line sumo_edge_t gives
  double across_inside = 0;  ///< the same without each edge's two ends and records' joints (SUMO's chords)
  int beside_sharp_turns = 0;  ///< vertices left out of `across` (beside_sharp_turn)
  double up = 0;      ///< from the elevation at the nearest point's s (vertices with a z only)
  int vertices = 0;
};

/// The distances of `edge`'s vertices from `road`: for each, the nearest point of the line (a scan every
/// 0.25 m, then golden-section search in the scan's best interval either side).
inline ShapeDistance distance_from_road(const odr::Road& road, const SumoEdge& edge) {
  const odr::RoadSurface surface(road);
  const auto line = [&](double s) {
    const odr::Pose ref = surface.reference_line().at(s);
    const Vec2 left(-std::sin(ref.hdg), std::cos(ref.hdg));
    return Vec2(ref.p_W + sumo_edge_t(surface, edge, s) * left);
  };
  const auto gap = [&](double s, const Vec2& p) { return (line(s) - p).norm(); };
  constexpr double kScan = 0.25;  // [m]
  ShapeDistance out;
  for (std::size_t i = 0; i < edge.shape.size(); ++i) {
    const SumoVertex& v = edge.shape[i];
    const Vec2 p = v.p.head<2>();
    double best_s = 0, best = gap(0, p);
    for (double s = kScan; s <= road.length; s += kScan)
      if (const double d = gap(s, p); d < best) best = d, best_s = s;
    // Golden-section search: each step keeps the better inner point and evaluates one new one.
    const double golden = 0.5 * (std::sqrt(5.0) - 1);
    double lo = std::max(0.0, best_s - kScan), hi = std::min(road.length, best_s + kScan);
    double a = hi - golden * (hi - lo), b = lo + golden * (hi - lo);
    double gap_a = gap(a, p), gap_b = gap(b, p);
    while (hi - lo > 1e-9) {
      if (gap_a < gap_b) {
        hi = b, b = a, gap_b = gap_a;
        a = hi - golden * (hi - lo), gap_a = gap(a, p);
      } else {
        lo = a, a = b, gap_a = gap_b;
        b = lo + golden * (hi - lo), gap_b = gap(b, p);
      }
    }
    const double s = 0.5 * (lo + hi);
    ++out.vertices;
    if (v.has_z) out.up = std::max(out.up, std::abs(odr::evaluate(road.elevation, s) - v.p.z()));
    if (beside_sharp_turn(surface, edge, s)) {
      ++out.beside_sharp_turns;
      continue;
    }
    out.across = std::max(out.across, gap(s, p));
    // Within a centimetre of a record's joint SUMO may lay a vertex as at an edge's end (SUMO's highway
    // exported: edge -352's vertex 3 mm before a joint lies 0.11 mm off the line, where records meet to 1 um).
    const bool at_joint = std::any_of(road.plan_view.begin(), road.plan_view.end(),
                                      [s](const odr::Geometry& g) { return std::abs(g.s - s) < 0.01; });
    if (i > 0 && i + 1 < edge.shape.size() && !at_joint) out.across_inside = std::max(out.across_inside, gap(s, p));
  }
  return out;
}

/// SUMO's plain files `prefix`.edg.xml and .nod.xml against the roads of `net`.
struct SumoComparison {
  ShapeDistance worst;  ///< the largest distances over every edge
  std::string farthest_across, farthest_inside, farthest_up;  ///< the edges that have worst.across, ... and worst.up
  int edges = 0;
  std::vector<std::string> unknown_edges;  ///< edges that name no road
  std::set<std::string> roads;             ///< roads that some edge comes from
};

inline SumoComparison compare_with_sumo(const odr::Network& net, const std::string& prefix) {
  SumoComparison out;
  for (const SumoEdge& edge : read_plain_edges(prefix)) {
    ++out.edges;
    const odr::Road* road = road_of(edge, net);
    if (road == nullptr) {
      out.unknown_edges.push_back(edge.id);
      continue;
    }
    out.roads.insert(road->id);
    const ShapeDistance d = distance_from_road(*road, edge);
    if (d.across > out.worst.across) out.farthest_across = edge.id;
    if (d.across_inside > out.worst.across_inside) out.farthest_inside = edge.id;
    if (d.up > out.worst.up) out.farthest_up = edge.id;
    out.worst.across = std::max(out.worst.across, d.across);
    out.worst.across_inside = std::max(out.worst.across_inside, d.across_inside);
    out.worst.up = std::max(out.worst.up, d.up);
    out.worst.vertices += d.vertices;
    out.worst.beside_sharp_turns += d.beside_sharp_turns;
  }
  return out;
}

/// The lane types netconvert imports by default (SUMO's documentation, "Networks/Import/OpenDRIVE", its
/// table of lane types: all others are not imported).
inline const std::set<std::string> kSumoImportedLaneTypes{"driving",  "stop",    "mwyEntry",
                                                          "mwyExit", "special1", "parking"};

/// Expects every road outside junctions with a lane netconvert imports to have an edge, and every edge a road.
/// A road of its centre lane alone (MONAEast's "OriginReferenceRoad" in CommonRoad's maps) or of sidewalks
/// alone (LGSVL's cubetown) is no edge.
inline void expect_every_road_matched(const odr::Network& net, const SumoComparison& c, const std::string& file) {
  for (const std::string& edge : c.unknown_edges) ADD_FAILURE() << file << ": SUMO's edge " << edge << " names no road";
  const auto imported = [](const odr::Lane& lane) { return kSumoImportedLaneTypes.count(lane.type) > 0; };
  for (const odr::Road& road : net.roads) {
    const bool lanes = std::any_of(road.sections.begin(), road.sections.end(), [&](const odr::LaneSection& section) {
      return std::any_of(section.left.begin(), section.left.end(), imported) ||
             std::any_of(section.right.begin(), section.right.end(), imported);
    });
    if (!road.in_junction() && lanes) {
      EXPECT_TRUE(c.roads.count(road.id)) << file << ": SUMO made no edge of road " << road.id;
    }
  }
}

}  // namespace crashbench::testing
