#include "detectors/scenes/opendrive/odr_reader_parts.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>

#include "core/error.hpp"
#include "detectors/scenes/opendrive/odr_reader.hpp"

namespace crashbench::odr {
namespace {

std::optional<int> lane_link(const Attributes& at, const Element* link, std::string_view which) {
  const Element* e = link ? link->child(which) : nullptr;
  if (!e) return std::nullopt;
  return at.integer(*e, "id", -kMostLanes, kMostLanes);
}

Lane read_lane(const Attributes& at, const Element& e) {
  Lane lane;
  lane.line = e.line;
  lane.id = at.integer(e, "id", -kMostLanes, kMostLanes);
  lane.type = at.text_or(e, "type", "none");
  for (const auto& c : e.children) {
    if (c->name == "width") lane.widths.push_back(at.cubic(*c, "sOffset"));
    if (c->name == "border") lane.borders.push_back(at.cubic(*c, "sOffset"));
    if (c->name == "height")
      lane.heights.push_back({at.number(*c, "sOffset"), at.number_or(*c, "inner", 0), at.number_or(*c, "outer", 0)});
  }
  const auto by_s = [](const Cubic& a, const Cubic& b) { return a.s < b.s; };
  std::stable_sort(lane.widths.begin(), lane.widths.end(), by_s);
  std::stable_sort(lane.borders.begin(), lane.borders.end(), by_s);
  // The width wins where a writer gave both (OpenDRIVE 1.6, 9.5.2).
  if (!lane.widths.empty()) lane.borders.clear();
  const Element* link = e.child("link");
  lane.predecessor = lane_link(at, link, "predecessor");
  lane.successor = lane_link(at, link, "successor");
  return lane;
}

/// The lanes of one side, checked: ids of the side's sign, and 1, 2, ... outward without gaps.
std::vector<Lane> read_side(const Attributes& at, const Element* side, int sign) {
  std::vector<Lane> lanes;
  if (!side) return lanes;
  for (const auto& c : side->children) {
    if (c->name != "lane") continue;
    if (lanes.size() >= static_cast<std::size_t>(kMostLanes))
      at.fail(*c, "", fmt::format("more than {} lanes on one side", kMostLanes));
    lanes.push_back(read_lane(at, *c));
    if (lanes.back().id * sign <= 0)
      at.fail(*c, "id", fmt::format("expected a lane id {} 0 on the {} side", sign > 0 ? ">" : "<", side->name));
  }
  std::sort(lanes.begin(), lanes.end(), [](const Lane& a, const Lane& b) { return std::abs(a.id) < std::abs(b.id); });
  for (std::size_t i = 0; i < lanes.size(); ++i)
    if (std::abs(lanes[i].id) != static_cast<int>(i) + 1)
      throw Error(at.file, Attributes::where(*side),
                  fmt::format("lane ids {}1 to {}{} expected without gaps or repeats, found {}", sign > 0 ? "" : "-",
                              sign > 0 ? "" : "-", lanes.size(), lanes[i].id));
  return lanes;
}

}  // namespace

LaneSection read_lane_section(const Attributes& at, const Element& e) {
  LaneSection section;
  section.s = at.number(e, "s");
  section.line = e.line;
  if (!e.child("center")) at.fail(e, "", "no <center>: expected the centre lane");
  section.left = read_side(at, e.child("left"), +1);
  section.right = read_side(at, e.child("right"), -1);
  return section;
}

// The points of a line in one frame: `road_name` children ((s, t) on the road) or `local_name` ones ((u, v)
// in the object's frame), never both, at least two (an open line of two is a wall); `read(child, on_road)`
// reads one. An error names them as `owner`'s `points`.
template <class Read>
auto read_points(const Attributes& at, const Element& e, std::string_view road_name, std::string_view local_name,
                 std::string_view owner, std::string_view points, bool& on_road, Read read) {
  std::vector<decltype(read(e, true))> out;
  bool local = false;
  on_road = false;
  for (const auto& k : e.children) {
    const bool road = k->name == road_name;
    if (!road && k->name != local_name) continue;
    (road ? on_road : local) = true;
    out.push_back(read(*k, road));
  }
  if (on_road && local)
    at.fail(e, "", fmt::format("expected {}'s {} all {} or all {}, found both", owner, points, road_name, local_name));
  if (out.size() < 2) at.fail(e, "", fmt::format("expected at least 2 {}, found {}", points, out.size()));
  return out;
}

Outline read_outline(const Attributes& at, const Element& e) {
  Outline out;
  out.corners = read_points(at, e, "cornerRoad", "cornerLocal", "an outline", "corners", out.on_road,
                            [&](const Element& k, bool road) {
                              return Corner{at.number(k, road ? "s" : "u"), at.number(k, road ? "t" : "v"),
                                            at.number_or(k, road ? "dz" : "z", 0), at.number_or(k, "height", 0)};
                            });
  out.closed = at.boolean_or(e, "closed", true);
  return out;
}

Polyline read_polyline(const Attributes& at, const Element& e) {
  Polyline out;
  out.vertices = read_points(at, e, "vertexRoad", "vertexLocal", "a polyline", "vertices", out.on_road,
                             [&](const Element& k, bool road) {
                               const Vertex v{at.number(k, road ? "s" : "u"), at.number(k, road ? "t" : "v"),
                                              at.number_or(k, road ? "dz" : "z", 0), at.number_or(k, "radius", 0)};
                               if (v.radius < 0) at.fail(k, "radius", "expected a radius >= 0");
                               return v;
                             });
  return out;
}

Object read_object(const Attributes& at, const Element& e) {
  Object o;
  o.line = e.line;
  o.id = at.text_or(e, "id", "");
  o.type = at.text_or(e, "type", "");
  o.name = at.text_or(e, "name", "");
  o.s = at.number(e, "s"), o.t = at.number(e, "t");
  o.z_offset = at.number_or(e, "zOffset", 0), o.hdg = at.number_or(e, "hdg", 0);
  o.length = at.number_or(e, "length", 0), o.width = at.number_or(e, "width", 0);
  o.height = at.number_or(e, "height", 0), o.radius = at.number_or(e, "radius", 0);
  for (const double* v : {&o.length, &o.width, &o.height, &o.radius})
    if (*v < 0) at.fail(e, "", "expected sizes >= 0 (length, width, height, radius)");
  // 1.4 has one <outline>; 1.5 and later list any number in <outlines>, all parts of the object.
  for (const auto& c : e.children) {
    if (c->name == "outline") o.outlines.push_back(read_outline(at, *c));
    if (c->name == "outlines")
      for (const auto& k : c->children)
        if (k->name == "outline") o.outlines.push_back(read_outline(at, *k));
  }
  if (const Element* skeleton = e.child("skeleton"))
    for (const auto& k : skeleton->children)
      if (k->name == "polyline") o.skeleton.push_back(read_polyline(at, *k));
  // An outline or a skeleton replaces the bounding box: without a height of its own the object is as tall
  // as its tallest corner or vertex (an esmini file's 4 m barriers had no height and were built as nothing).
  if (o.height == 0) {
    for (const Outline& outline : o.outlines)
      for (const Corner& k : outline.corners) o.height = std::max(o.height, k.dz + k.height);
    for (const Polyline& line : o.skeleton)
      for (const Vertex& v : line.vertices) o.height = std::max(o.height, v.dz);
  }
  for (const auto& c : e.children) {
    if (c->name != "repeat") continue;
    Repeat r;
    r.s = at.number(*c, "s"), r.length = at.number(*c, "length"), r.distance = at.number(*c, "distance");
    if (r.length < 0 || r.distance < 0) at.fail(*c, "", "expected length and distance >= 0");
    r.t_start = at.number_or(*c, "tStart", o.t), r.t_end = at.number_or(*c, "tEnd", r.t_start);
    r.width_start = at.number_or(*c, "widthStart", o.width), r.width_end = at.number_or(*c, "widthEnd", r.width_start);
    r.height_start = at.number_or(*c, "heightStart", o.height);
    r.height_end = at.number_or(*c, "heightEnd", r.height_start);
    r.z_start = at.number_or(*c, "zOffsetStart", o.z_offset), r.z_end = at.number_or(*c, "zOffsetEnd", r.z_start);
    r.length_start = at.number_or(*c, "lengthStart", o.length);
    r.length_end = at.number_or(*c, "lengthEnd", r.length_start);
    r.radius_start = at.number_or(*c, "radiusStart", o.radius);
    r.radius_end = at.number_or(*c, "radiusEnd", r.radius_start);
    o.repeats.push_back(r);
  }
  return o;
}

Junction read_junction(const Attributes& at, const Element& e) {
  Junction j;
  j.id = at.text(e, "id");
  j.name = at.text_or(e, "name", "");
  for (const auto& c : e.children) {
    if (c->name != "connection") continue;
    Connection k;
    k.id = at.text_or(*c, "id", "");
    k.incoming_road = at.text(*c, "incomingRoad");
    // A direct junction (1.7) joins the roads themselves: its linkedRoad is where a route goes on.
    k.connecting_road = at.text_or(*c, "connectingRoad", at.text_or(*c, "linkedRoad", ""));
    k.contact_point = at.text_or(*c, "contactPoint", "");
    for (const auto& l : c->children)
      if (l->name == "laneLink")
        k.lane_links.push_back({at.integer(*l, "from", -kMostLanes, kMostLanes), at.integer(*l, "to", -kMostLanes, kMostLanes)});
    j.connections.push_back(std::move(k));
  }
  return j;
}

}  // namespace crashbench::odr
