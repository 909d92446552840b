#pragma once
// ASAM OpenDRIVE (1.4-1.6) as plain data: what odr_reader.hpp reads from a .xodr file, before any
// geometry is evaluated. Coordinates are the file's inertial frame (x east, y north, z up, metres; headings
// counter-clockwise from x, radians), which is crashbench's world frame W; s is the distance along a road's
// reference line [m], t the lateral offset from it, positive to the left [m].
#include <optional>
#include <string>
#include <vector>

namespace crashbench::odr {

/// How far a plan view's records may miss each other, or fall short of the road's length, and still count as
/// meeting [m].
inline constexpr double kPlanViewTolerance = 1e-3;

/// a + b ds + c ds^2 + d ds^3 from `s` on (ds = s' - s), OpenDRIVE's cubic record.
struct Cubic {
  double s = 0;  ///< where the record starts (road s, or an offset from its lane section) [m]
  double a = 0, b = 0, c = 0, d = 0;
  double at(double ds) const { return a + ds * (b + ds * (c + ds * d)); }
  double slope(double ds) const { return b + ds * (2 * c + ds * 3 * d); }
};

/// One record of a road's plan view: a piece of the reference line from (x, y) with heading `hdg`.
struct Geometry {
  enum class Kind { kLine, kArc, kSpiral, kPoly3, kParamPoly3 };
  int line = 0;           ///< its line in the file, for messages
  Kind kind = Kind::kLine;
  double s = 0, x = 0, y = 0, hdg = 0, length = 0;  ///< [m, m, m, rad, m]
  double curvature = 0;                  ///< arc [1/m], positive to the left
  double curv_start = 0, curv_end = 0;   ///< spiral: curvature at its start and end [1/m]
  double a = 0, b = 0, c = 0, d = 0;     ///< poly3: v = a + b u + c u^2 + d u^3 in its local u, v frame [m]
  double au = 0, bu = 0, cu = 0, du = 0; ///< paramPoly3: u(p) [m]
  double av = 0, bv = 0, cv = 0, dv = 0; ///< paramPoly3: v(p) [m]
  bool normalized = true;                ///< paramPoly3: p in [0, 1] (pRange "normalized"), else p = s in [0, length]
};

/// A lane's `height` record: the lane's surface raised by `inner` at its inner border and `outer` at its
/// outer one, from `s_offset` in its lane section [m].
struct LaneHeight {
  double s_offset = 0, inner = 0, outer = 0;
};

struct Lane {
  int id = 0;                ///< > 0 left of the centre lane, < 0 right of it
  int line = 0;
  std::string type;          ///< "driving", "sidewalk", ... as written
  std::vector<Cubic> widths; ///< `width` records, s = sOffset in the lane section (empty when borders are given)
  std::vector<Cubic> borders;///< `border` records: the lane's outer border's t from the centre lane
  std::vector<LaneHeight> heights;
  std::optional<int> predecessor, successor;  ///< lane links: the lane's id in the linked road or section
};

struct LaneSection {
  double s = 0;  ///< start along the road [m]
  int line = 0;
  std::vector<Lane> left;   ///< ids 1, 2, ... in order outward
  std::vector<Lane> right;  ///< ids -1, -2, ... in order outward
};

/// A road's or a connection's link to another road or a junction.
struct Link {
  std::string element_type;  ///< "road" or "junction"; empty: no link
  std::string element_id;
  std::string contact_point; ///< "start", "end" or empty
};

/// A repeat record of an object: copies every `distance` along [s, s + length] (or, with distance 0,
/// one object stretched along that stretch), with linearly varying t, size and height [m].
struct Repeat {
  double s = 0, length = 0, distance = 0;
  double t_start = 0, t_end = 0;
  double width_start = 0, width_end = 0, height_start = 0, height_end = 0;
  double z_start = 0, z_end = 0;
  double length_start = 0, length_end = 0, radius_start = 0, radius_end = 0;
};

/// A corner of an object's outline: (s, t) on the road (`cornerRoad`) or (u, v) in the object's frame
/// (`cornerLocal`), with its height above the base and dz below/above [m].
struct Corner {
  double a = 0, b = 0, dz = 0, height = 0;
};

/// One outline: a prism over its corners (closed) or a line of walls through them (open), each corner
/// raised by its own height.
struct Outline {
  std::vector<Corner> corners;
  bool on_road = false;  ///< corners are cornerRoad (s, t), else cornerLocal (u, v)
  bool closed = true;    ///< an area (the last corner joined to the first), else a line of walls (a fence, a bay)
};

/// A vertex of a skeleton's polyline (1.8): (s, t) on the road (`vertexRoad`, dz above it) or (u, v, z) in
/// the object's frame (`vertexLocal`), and the object's radius there [m].
struct Vertex {
  double a = 0, b = 0, dz = 0, radius = 0;
};

/// A polyline of an object's skeleton (1.8): tubes from vertex to vertex (a gantry's posts and beam, a
/// tree's trunk).
struct Polyline {
  std::vector<Vertex> vertices;
  bool on_road = false;  ///< vertices are vertexRoad (s, t), else vertexLocal (u, v)
};

struct Object {
  std::string id, type, name;
  int line = 0;
  double s = 0, t = 0, z_offset = 0, hdg = 0;     ///< [m, m, m, rad from the road's heading]
  double length = 0, width = 0, height = 0, radius = 0;  ///< [m]; 0: not given (height: an outline's tallest corner)
  std::vector<Repeat> repeats;
  /// Every outline of the object (1.5's <outlines> may list several, all parts of it); empty: a box or
  /// cylinder from the sizes.
  std::vector<Outline> outlines;
  /// 1.8's skeleton: the object's shape as tubes. With outlines or a skeleton the sizes are a bounding box
  /// only, not built (a sign gantry's box would stand across the road its posts and beam span).
  std::vector<Polyline> skeleton;
};

/// A lateralProfile <shape> record (1.6): at `s` the cross-section is raised by the cubic `across` in t, from
/// t = across.s to the next record of the same s (dt = t - across.s) [m]. The records of one s are a profile;
/// between two profiles the height is interpolated linearly in s, and beyond the first or last it is theirs.
struct Shape {
  double s = 0;
  Cubic across;
};

/// A lateralProfile <crossfall> record (1.4; 1.6 gave it up for <shape>): from `angle.s` the road falls from
/// its reference line outward by `angle` (a cubic in ds) [rad] on the sides `side` names: a positive angle
/// lowers the point at t by |t| tan(angle).
struct Crossfall {
  enum class Side { kBoth, kLeft, kRight };
  Cubic angle;
  Side side = Side::kBoth;
};

struct Road {
  std::string id, name, junction = "-1";  ///< junction "-1": outside any junction
  int line = 0;
  bool left_hand_traffic = false;  ///< rule="LHT": lanes left of the centre run with s, right ones against it
  double length = 0;  ///< the length built [m]: the `length` attribute, or less where the plan view ends short of it
  double declared_length = 0;  ///< the `length` attribute [m]
  double plan_view_end = 0;    ///< where the plan view's last record ends [m]: beyond `length`, not built
  Link predecessor, successor;
  std::vector<Geometry> plan_view;
  std::vector<Cubic> elevation, superelevation, lane_offsets;  ///< s from the road's start [m]; superelevation [rad]
  std::vector<LaneSection> sections;
  std::vector<Object> objects;
  int sections_past_plan_view = 0;  ///< lane sections left out: they start where the plan view has ended
  std::vector<Shape> shapes;  ///< sorted by s, then by t
  std::vector<Crossfall> crossfalls;  ///< sorted by s

  /// Whether traffic on `lane` runs with s: right lanes under RHT (the default), left lanes under LHT.
  bool runs_with_s(int lane) const { return left_hand_traffic ? lane > 0 : lane < 0; }
  bool in_junction() const { return junction != "-1"; }
};

struct LaneLink {
  int from = 0, to = 0;  ///< lane of the incoming road, lane of the connecting road
};

struct Connection {
  std::string id, incoming_road, contact_point;
  std::string connecting_road;  ///< connectingRoad, or a direct junction's linkedRoad
  std::vector<LaneLink> lane_links;
};

struct Junction {
  std::string id, name;
  std::vector<Connection> connections;
};

/// The header's `offset` (1.6): kept and reported, not applied [m, m, m, rad].
struct Offset {
  double x = 0, y = 0, z = 0, hdg = 0;
};

/// A road left out of the network: it has no length to build (its `length` is 0, or its plan view has none).
struct RoadWithoutLength {
  std::string id;
  int line = 0;
  double declared_length = 0;  ///< [m]
  double plan_view_end = 0;    ///< where its plan view ends [m]: more than 0 when it draws a road its length lacks
};

struct Network {
  int rev_major = 1, rev_minor = 4;
  std::string name;
  std::string geo_reference;  ///< the header's geoReference text (a PROJ string), trimmed; empty if none
  std::optional<Offset> offset;
  std::vector<Road> roads;
  std::vector<Junction> junctions;
  /// Roads of no length, left out: netconvert's exports write a junction's internal lane of 0 m as a road
  /// of `length` 0.1 whose plan view is one record of length 0 (SUMO's game networks bs3d and DRT).
  std::vector<RoadWithoutLength> without_length;
};

}  // namespace crashbench::odr
