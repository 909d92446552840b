#include "detectors/scenes/opendrive/odr_reader.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "detectors/scenes/opendrive/odr_attributes.hpp"
#include "detectors/scenes/opendrive/odr_reader_parts.hpp"
#include "detectors/scenes/opendrive/odr_xml.hpp"

namespace crashbench::odr {
namespace {

Geometry read_geometry(const Attributes& at, const Element& g) {
  Geometry out;
  out.line = g.line;
  out.s = at.number(g, "s"), out.x = at.number(g, "x"), out.y = at.number(g, "y");
  out.hdg = at.number(g, "hdg"), out.length = at.number(g, "length");
  if (out.length < 0) at.fail(g, "length", "expected a length >= 0");
  if (g.children.empty()) at.fail(g, "", "no shape: expected line, arc, spiral, poly3 or paramPoly3 inside");
  const Element& k = *g.children.front();
  if (k.name == "line") {
    out.kind = Geometry::Kind::kLine;
  } else if (k.name == "arc") {
    out.kind = Geometry::Kind::kArc;
    out.curvature = at.number(k, "curvature");
  } else if (k.name == "spiral") {
    out.kind = Geometry::Kind::kSpiral;
    out.curv_start = at.number(k, "curvStart"), out.curv_end = at.number(k, "curvEnd");
  } else if (k.name == "poly3") {
    out.kind = Geometry::Kind::kPoly3;
    out.a = at.number(k, "a"), out.b = at.number(k, "b"), out.c = at.number(k, "c"), out.d = at.number(k, "d");
  } else if (k.name == "paramPoly3") {
    out.kind = Geometry::Kind::kParamPoly3;
    out.au = at.number(k, "aU"), out.bu = at.number(k, "bU"), out.cu = at.number(k, "cU"), out.du = at.number(k, "dU");
    out.av = at.number(k, "aV"), out.bv = at.number(k, "bV"), out.cv = at.number(k, "cV"), out.dv = at.number(k, "dV");
    const std::string range = at.text_or(k, "pRange", "normalized");
    if (range != "normalized" && range != "arcLength")
      at.fail(k, "pRange", fmt::format("expected 'normalized' or 'arcLength', got '{}'", range));
    out.normalized = range == "normalized";
  } else {
    at.fail(k, "", fmt::format("unknown geometry '{}': expected line, arc, spiral, poly3 or paramPoly3", k.name));
  }
  return out;
}

Link read_link(const Attributes& at, const Element* e) {
  if (!e) return {};
  return {at.text_or(*e, "elementType", ""), at.text_or(*e, "elementId", ""), at.text_or(*e, "contactPoint", "")};
}

/// The cubic records named `name` under `parent` (may be null), sorted by s.
std::vector<Cubic> cubics(const Attributes& at, const Element* parent, std::string_view name) {
  std::vector<Cubic> out;
  if (!parent) return out;
  for (const auto& c : parent->children)
    if (c->name == name) out.push_back(at.cubic(*c, "s"));
  std::stable_sort(out.begin(), out.end(), [](const Cubic& a, const Cubic& b) { return a.s < b.s; });
  return out;
}

Crossfall read_crossfall(const Attributes& at, const Element& c) {
  const std::string side = at.text_or(c, "side", "both");
  if (side != "both" && side != "left" && side != "right")
    at.fail(c, "side", fmt::format("expected both, left or right, got '{}'", side));
  return {at.cubic(c, "s"), side == "both"   ? Crossfall::Side::kBoth
                            : side == "left" ? Crossfall::Side::kLeft
                                             : Crossfall::Side::kRight};
}

Road read_road(const Attributes& at, const Element& r) {
  Road road;
  road.line = r.line;
  road.id = at.text(r, "id");
  road.name = at.text_or(r, "name", "");
  road.junction = at.text_or(r, "junction", "-1");
  const std::string rule = at.text_or(r, "rule", "RHT");
  if (rule != "RHT" && rule != "LHT") at.fail(r, "rule", fmt::format("expected RHT or LHT, got '{}'", rule));
  road.left_hand_traffic = rule == "LHT";
  road.length = at.number(r, "length");
  if (road.length < 0) at.fail(r, "length", fmt::format("expected a road of 0 m or longer, got {}", road.length));
  if (const Element* link = r.child("link")) {
    road.predecessor = read_link(at, link->child("predecessor"));
    road.successor = read_link(at, link->child("successor"));
  }
  const Element* plan = r.child("planView");
  if (!plan) at.fail(r, "", "no planView: expected the road's reference line");
  for (const auto& g : plan->children)
    if (g->name == "geometry") road.plan_view.push_back(read_geometry(at, *g));
  if (road.plan_view.empty()) at.fail(*plan, "", "no geometry: expected at least one");
  std::stable_sort(road.plan_view.begin(), road.plan_view.end(),
                   [](const Geometry& a, const Geometry& b) { return a.s < b.s; });
  // A record shorter than the plan view's tolerance draws no road, only a heading the next record turns away
  // from at once (Scenic's suspect_geometries.xodr starts a road with 1e-9 m heading 0, then 20 m turned 90
  // deg): a kink whose wedge the mesh filled and walled across the lane. Left out, unless all are so short.
  const auto drawn = [](const Geometry& g) { return g.length >= kPlanViewTolerance; };
  if (std::any_of(road.plan_view.begin(), road.plan_view.end(), drawn))
    std::erase_if(road.plan_view, [&](const Geometry& g) { return !drawn(g); });
  // The reference line is defined as far as the plan view reaches, and the road is built only to there: its
  // last record evaluated past its own length would put the rest of the road anywhere (a 7.8 m paramPoly3
  // ending the plan view of a 69.9 m road swung 1.5 km off, qc-opendrive's parampoly3_arclength_range_valid).
  road.declared_length = road.length;
  double& plan_end = road.plan_view_end;
  for (const Geometry& g : road.plan_view) plan_end = std::max(plan_end, g.s + g.length);
  if (plan_end < road.length - kPlanViewTolerance) road.length = plan_end;
  road.elevation = cubics(at, r.child("elevationProfile"), "elevation");
  road.superelevation = cubics(at, r.child("lateralProfile"), "superelevation");
  if (const Element* lateral = r.child("lateralProfile"))
    for (const auto& c : lateral->children) {
      if (c->name == "shape")
        road.shapes.push_back({.s = at.number(*c, "s"), .across = at.cubic(*c, "t")});
      if (c->name == "crossfall") road.crossfalls.push_back(read_crossfall(at, *c));
    }
  std::stable_sort(road.shapes.begin(), road.shapes.end(), [](const Shape& a, const Shape& b) {
    return a.s < b.s || (a.s == b.s && a.across.s < b.across.s);
  });
  std::stable_sort(road.crossfalls.begin(), road.crossfalls.end(),
                   [](const Crossfall& a, const Crossfall& b) { return a.angle.s < b.angle.s; });
  // OpenDRIVE 1.9 may give a road two <lanes>, layer="permanent" and layer="temporary" (roadworks laid
  // over it, esmini's roadworks_permanent_temporary_layers.xodr): the permanent layer is the road built.
  const Element* lanes = nullptr;  // the first permanent one (no layer: permanent), else the first
  for (const auto& c : r.children) {
    if (c->name != "lanes") continue;
    if (at.text_or(*c, "layer", "permanent") == "permanent") {
      lanes = c.get();
      break;
    }
    if (!lanes) lanes = c.get();
  }
  if (!lanes) at.fail(r, "", "no lanes: expected at least one laneSection");
  road.lane_offsets = cubics(at, lanes, "laneOffset");
  for (const auto& s : lanes->children) {
    if (s->name != "laneSection") continue;
    road.sections.push_back(read_lane_section(at, *s));
    if (road.sections.back().s > road.declared_length + kPlanViewTolerance)
      at.fail(*s, "s", fmt::format("expected a lane section starting within the road's length {} m, got {}",
                                   road.declared_length, road.sections.back().s));
  }
  if (road.sections.empty()) at.fail(*lanes, "", "no laneSection: expected at least one");
  std::stable_sort(road.sections.begin(), road.sections.end(),
                   [](const LaneSection& a, const LaneSection& b) { return a.s < b.s; });
  // Sections that start where a road cut short by its plan view ends have none of it to cover.
  if (road.length < road.declared_length) {
    const auto past = std::find_if(road.sections.begin() + 1, road.sections.end(),
                                   [&](const LaneSection& s) { return s.s >= road.length; });
    road.sections_past_plan_view = static_cast<int>(road.sections.end() - past);
    road.sections.erase(past, road.sections.end());
  }
  if (const Element* objects = r.child("objects"))
    for (const auto& o : objects->children)
      if (o->name == "object") road.objects.push_back(read_object(at, *o));
  return road;
}

std::string trimmed(const std::string& s) {
  const auto first = s.find_first_not_of(" \t\r\n");
  if (first == std::string::npos) return "";
  return s.substr(first, s.find_last_not_of(" \t\r\n") - first + 1);
}

}  // namespace

Network parse_network(const std::string& file, std::string_view text) {
  const std::unique_ptr<Element> root = parse_xml(file, text);
  const Attributes at{file};
  if (root->name != "OpenDRIVE") at.fail(*root, "", "expected the root element <OpenDRIVE>");
  Network net;
  if (const Element* h = root->child("header")) {
    net.rev_major = static_cast<int>(at.number_or(*h, "revMajor", 1));
    net.rev_minor = static_cast<int>(at.number_or(*h, "revMinor", 4));
    net.name = at.text_or(*h, "name", "");
    if (const Element* g = h->child("geoReference")) net.geo_reference = trimmed(g->text);
    if (const Element* o = h->child("offset"))
      net.offset = Offset{at.number_or(*o, "x", 0), at.number_or(*o, "y", 0), at.number_or(*o, "z", 0),
                          at.number_or(*o, "hdg", 0)};
  }
  for (const auto& e : root->children) {
    if (e->name == "junction") net.junctions.push_back(read_junction(at, *e));
    if (e->name != "road") continue;
    Road road = read_road(at, *e);
    if (road.length > 0)
      net.roads.push_back(std::move(road));
    else
      net.without_length.push_back({road.id, road.line, road.declared_length, road.plan_view_end});
  }
  if (net.roads.empty() && net.without_length.empty()) at.fail(*root, "", "no <road>: expected at least one");
  if (net.roads.empty())
    at.fail(*root, "", fmt::format("every road has no length, its 'length' 0 or its plan view's records all of no "
                                   "length (first: road '{}' (line {})): expected a road to build",
                                   net.without_length.front().id, net.without_length.front().line));
  return net;
}

Network read_network(const std::string& file) { return parse_network(file, read_text(file)); }

}  // namespace crashbench::odr
