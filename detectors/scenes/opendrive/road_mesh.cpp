#include "detectors/scenes/opendrive/road_mesh.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "core/error.hpp"
#include "core/units.hpp"
#include "detectors/scenes/collision_filter.hpp"
#include "detectors/scenes/mesh_builder.hpp"
#include "detectors/scenes/opendrive/lane_strips.hpp"
#include "detectors/scenes/opendrive/surface_sampling.hpp"
#include "detectors/scenes/opendrive/wall_loops.hpp"

namespace crashbench::odr {
namespace {

constexpr double kNarrowest = 0.01;  // [m]: a lane narrower than this at a cut is absent there
constexpr double kLongestCut = 20;   // [m]: triangles no longer than this, for the grids that index them
constexpr int kQuadsPerChunk = 64;
// [m]: the surface reaches this far past the road's ends (extrapolating its records), so that the seam to
// the next road, whose end is evaluated from its own records and stored in floats, leaves no crack for a
// car's CG to fall through (Town01: a hairline crack between roads 1 and 27 once did). No wall stands there.
constexpr double kOverlap = 0.02;
// [m]: where an edge wall stands is asked of the ground this far beyond the drivable lane's edge: a drivable
// lane there (within kWallSameLevel of the wall's foot) means no kerb stands. Another road's: the two roads
// overlap or abut, a ramp leaving or joining. The road's own: its border has folded back through its lanes
// inside a turn (wall_loops.hpp), as where a loop opens across the road's end into a junction, or a joint
// turns at once. Road ends overlap by kOverlap, less than this; a strip of non-drivable lane narrower than
// this between two drivable lanes carries no wall.
constexpr double kBeyondEdge = 0.1;
constexpr double kProbeStep = 0.25;  // [m]: along a wall piece; each change between probes bisected ...
constexpr int kBisections = 6;       // ... to kProbeStep / 64, 4 mm
// Probes a piece at most: pieces are cut every 20 m at most along the road, so only a lane widening by
// hundreds of metres between two cuts makes one longer than 256 m, as hostile files do (lane width 5 s^3:
// 4 million probes, 47 s under the fuzzer's sanitizers); such a piece is probed more coarsely.
constexpr int kMostProbes = 1024;

using Parts = std::vector<std::pair<double, double>>;  ///< ordered disjoint parts [from, to] of a wall piece

/// The cross-section at one cut: each lane's inner and outer point (2i, 2i + 1) and which boundaries carry
/// a wall (boundary b lies left of lane b; boundary n right of the last lane).
struct Cut {
  std::vector<LaneSpan> spans;
  std::vector<Vec3> points;
  std::vector<char> walled;
  std::vector<Vec3> wall_base, beyond;  ///< a wall's foot, and the ground kBeyondEdge beyond it
};

/// The lanes of section `k` at s and their points across (lane_strips.hpp): lane i's from index
/// i * across.points_per_lane().
void fill_points(const RoadSurface& surface, std::size_t k, double s, const LaneStrips& across,
                 std::vector<LaneSpan>& spans, std::vector<Vec3>& points) {
  surface.spans(k, s, spans);
  points.clear();
  for (const LaneSpan& l : spans) across.append_points(surface, s, l, points);
}

/// Whether a border's step from `from` to `to` goes back against its road line's step `line` by more than
/// a millimetre a metre: inside a turn sharper than the border lies from the line, or at a plan-view joint
/// that turns at once, where the inner border steps back by its offset times the turn's sine.
bool steps_back(const Vec3& from, const Vec3& to, const Vec2& line) {
  return (to - from).head<2>().dot(line) < -1e-3 * line.norm();
}

/// steps_back, but not across a joint (the sampler's step of 1 mm before it): those are counted as kinks.
/// The border lies beyond its turn's centre of curvature there.
bool runs_back(const Vec3& from, const Vec3& to, const Vec2& line) {
  return line.norm() > 5e-3 && steps_back(from, to, line);
}

/// fill_points past the road's end (s < 0 or s > length), for a wedge its link opens: the end's cross-section
/// carried on as its last half metre runs (heights too), so the surface meets the next road's as a plane.
void carry_on_points(const RoadSurface& surface, std::size_t k, double s, const LaneStrips& across,
                     std::vector<LaneSpan>& spans, std::vector<Vec3>& points) {
  constexpr double kRun = 0.5;  // [m]
  const double end = s < 0 ? 0.0 : surface.road().length, inside = s < 0 ? std::min(kRun, surface.road().length)
                                                                          : std::max(0.0, end - kRun);
  std::vector<Vec3> at_inside;
  fill_points(surface, k, inside, across, spans, at_inside);
  fill_points(surface, k, end, across, spans, points);
  const double ahead = std::abs(s - end) / std::abs(end - inside);
  for (std::size_t i = 0; i < points.size(); ++i) points[i] += (points[i] - at_inside[i]) * ahead;
}

/// Which boundaries carry a wall: the nearest present lanes either side differ in drivability (no lane
/// beyond the outer borders counts as not drivable). Boundaries that coincide (absent lanes between) all
/// carry it, at the same point: a lane opening from no width takes the wall from the boundary it has at the
/// next cut, and a lane closing hands it to the boundary it had at the last (add_road_mesh makes one piece of
/// the coinciding ones). Where every lane has no width (a road opening from a point), each counts as present,
/// so that the walls of the lanes that open from there start at that point. The wall stands on the drivable
/// lane's edge.
void find_walls(const RoadSurface& surface, double s, const OpenDriveOptions& options, Cut& cut) {
  const std::size_t n = cut.spans.size();
  cut.walled.assign(n + 1, 0);
  cut.wall_base.assign(n + 1, Vec3::Zero());
  cut.beyond.assign(n + 1, Vec3::Zero());
  const auto wide = [&](const LaneSpan& l) { return std::abs(l.t_outer - l.t_inner) >= kNarrowest; };
  const bool any_wide = std::any_of(cut.spans.begin(), cut.spans.end(), wide);
  const auto present = [&](std::size_t i) { return !any_wide || wide(cut.spans[i]); };
  for (std::size_t b = 0; b <= n; ++b) {
    std::size_t left = n + 1, right = b;  // the nearest present lanes before b (n + 1: none) and from b
    for (std::size_t i = b; i-- > 0;)
      if (present(i)) { left = i; break; }
    while (right < n && !present(right)) ++right;
    const bool left_drives = left <= n && is_drivable(*cut.spans[left].lane, options);
    const bool right_drives = right < n && is_drivable(*cut.spans[right].lane, options);
    if (left_drives == right_drives) continue;
    const LaneSpan& lane = cut.spans[left_drives ? left : right];
    // The drivable lane's edge on this boundary's side: a left lane's (id > 0) right edge is its inner one,
    // a right lane's its outer one, and the other way round for the left edge.
    const bool outer = left_drives != (lane.lane->id > 0);
    const double t = outer ? lane.t_outer : lane.t_inner, dz = outer ? lane.dz_outer : lane.dz_inner;
    cut.walled[b] = 1;
    cut.wall_base[b] = surface.point(s, t, dz);
    // Beyond lies away from the drivable lane (t grows to the left), whatever its width: a lane opening from
    // no width has its two edges at one t.
    cut.beyond[b] = surface.point(s, t + (left_drives ? -kBeyondEdge : kBeyondEdge), dz);
  }
}

/// Edges shorter than this are none [m]: the graph's float vertices 1 km out are 1e-4 m apart, so such a
/// triangle (a lane tapering to zero width, a cut a hair from the last) would have no area there.
constexpr double kShortestEdge = 1e-4;

/// Adds triangle a-b-c facing up, unless it has no area in the graph's floats; returns whether it did.
bool add_triangle(MeshBuilder& mesh, const Vec3& a, const Vec3& b, const Vec3& c, MeshCounts& counts) {
  if (std::min({(b - a).norm(), (c - b).norm(), (a - c).norm()}) < kShortestEdge) return false;
  const Vec3 n = (b - a).cross(c - a);
  if (n.norm() <= 1e-10 * std::max((b - a).squaredNorm(), (c - a).squaredNorm())) return false;
  // How far the face leans from level: past kDefaultVerticalWithinDeg of vertical a case takes it for a wall.
  const double lean_deg = std::acos(std::min(1.0, std::abs(n.z()) / n.norm())) * kRadToDeg;
  counts.steepest_lean_deg = std::max(counts.steepest_lean_deg, lean_deg);
  if (lean_deg > 90 - kDefaultVerticalWithinDeg) {
    ++counts.steep_surface_triangles;
    counts.steep_surface_plan_area += 0.5 * std::abs(n.z());  // |n| is twice the area; n.z its plan share
  }
  if (n.z() < 0)
    mesh.triangle(a, c, b);
  else
    mesh.triangle(a, b, c);
  return true;
}

/// The parts [from, to] of the segment a -> b (as fractions of it) outside every gap, in order.
Parts outside_gaps(const Vec2& a, const Vec2& b, std::span<const WallGap> gaps) {
  Parts parts{{0.0, 1.0}};
  const Vec2 d = b - a;
  for (const WallGap& g : gaps) {
    // |a + t d - c|^2 = r^2: inside between the roots.
    const Vec2 f = a - g.centre_W;
    const double dd = d.squaredNorm(), half_b = f.dot(d), c = f.squaredNorm() - g.radius * g.radius;
    const double disc = half_b * half_b - dd * c;
    if (!(disc > 0) || !(dd > 0)) continue;
    const double t_in = (-half_b - std::sqrt(disc)) / dd, t_out = (-half_b + std::sqrt(disc)) / dd;
    Parts left;
    for (const auto& [from, to] : parts) {
      if (from < std::min(t_in, to)) left.emplace_back(from, std::min(t_in, to));
      if (std::max(t_out, from) < to) left.emplace_back(std::max(t_out, from), to);
    }
    parts = std::move(left);
  }
  return parts;
}

/// The ground kBeyondEdge beyond wall piece `w`, `f` of the way along it.
Vec3 beyond(const WallPiece& w, double f) { return w.beyond_a + f * (w.beyond_b - w.beyond_a); }

/// The parts [from, to] of wall piece `w` (as fractions of it) where the ground beyond it is no road's drivable
/// surface at its level, in order: probed every kProbeStep (kMostProbes times at most), each change bisected.
Parts clear_of_lanes(const WallPiece& w, const DrivableSurfaces& drivable) {
  const auto clear = [&](double f) { return !drivable.any_at(beyond(w, f), kWallSameLevel); };
  const double wanted = std::ceil(w.plan_length() / kProbeStep);
  const int n = !(wanted < kMostProbes) ? kMostProbes : std::max(1, static_cast<int>(wanted));
  Parts parts;
  bool was_clear = clear(0);
  double from = 0;
  for (int i = 1; i <= n; ++i) {
    const double f = static_cast<double>(i) / n;
    const bool is_clear = clear(f);
    if (is_clear == was_clear) continue;
    double lo = static_cast<double>(i - 1) / n, hi = f;  // the change lies between lo and hi
    for (int k = 0; k < kBisections; ++k) (clear(0.5 * (lo + hi)) == was_clear ? lo : hi) = 0.5 * (lo + hi);
    const double change = 0.5 * (lo + hi);
    if (was_clear) parts.emplace_back(from, change);
    from = change, was_clear = is_clear;
  }
  if (was_clear) parts.emplace_back(from, 1.0);
  return parts;
}

/// The parts of [0, 1] outside an ordered list of disjoint parts [from, to].
Parts outside(const Parts& parts) {
  Parts out;
  double from = 0;
  for (const auto& [a, b] : parts) {
    if (from < a) out.emplace_back(from, a);
    from = b;
  }
  if (from < 1) out.emplace_back(from, 1.0);
  return out;
}

/// The parts common to two ordered lists of disjoint parts [from, to].
Parts common_parts(const Parts& a, const Parts& b) {
  Parts out;
  for (std::size_t i = 0, j = 0; i < a.size() && j < b.size();) {
    const double from = std::max(a[i].first, b[j].first), to = std::min(a[i].second, b[j].second);
    if (from < to) out.emplace_back(from, to);
    (a[i].second < b[j].second ? i : j) += 1;
  }
  return out;
}

/// The sum of the parts' lengths.
double share(const Parts& parts) {
  double sum = 0;
  for (const auto& [from, to] : parts) sum += to - from;
  return sum;
}

}  // namespace

bool is_drivable(const Lane& lane, const OpenDriveOptions& options) {
  return std::find(options.drivable.begin(), options.drivable.end(), lane.type) != options.drivable.end();
}

void check_budget(const Road& road, long triangles, long most) {
  if (triangles > most)
    throw Error("", fmt::format("<road> id {} (line {})", road.id, road.line),
                fmt::format("the network needs more than {} triangles by here: lengths or polynomials of absurd size",
                            most));
}

void add_road_mesh(const RoadSurface& surface, int road_number, const EndReach& reach, const OpenDriveOptions& options,
                   osg::Group& parent, MeshCounts& counts, DrivableSurfaces& drivable, RoadWalls& walls) {
  const Road& road = surface.road();
  MeshBuilder mesh("road:" + road.id, osg::Vec4(0.35f, 0.35f, 0.38f, 1));
  const bool edges = options.edge_height > 0 && !road.in_junction();
  walls.road = road_number;
  bool carried_on = false;  // the quad being made lies past the road's end, closing a wedge
  const auto surface_triangle = [&](const Vec3& a, const Vec3& b, const Vec3& c) {
    if (add_triangle(mesh, a, b, c, counts) && options.edge_height > 0 && !carried_on)
      drivable.add(road_number, a, b, c);
  };
  for (std::size_t k = 0; k < road.sections.size(); ++k) {
    if (!(surface.section_end(k) > surface.section_start(k))) continue;
    std::vector<LaneSpan> spans;
    surface.spans(k, surface.section_start(k), spans);
    const LaneStrips across = lane_strips(surface, k, options);
    std::vector<std::pair<int, int>> strips;
    for (std::size_t i = 0; i < spans.size(); ++i)
      if (is_drivable(*spans[i].lane, options)) across.append_strips(int(i) * across.points_per_lane(), strips);
    if (strips.empty()) continue;
    const std::vector<double> breaks = surface.breaks(k);
    // Each cut adds at most four triangles a span and its edge (two of surface, two of wall), and two more for
    // each strip a shaped road's lane has past its first.
    const long made = counts.total() + mesh.triangle_count() + 2 * static_cast<long>(walls.pieces.size());
    const long per_cut =
        4 * static_cast<long>(spans.size() + 1) + 2 * long{across.across - 1} * static_cast<long>(spans.size());
    check_budget(road, made + per_cut, options.most_triangles);
    const Sampling sampling = sample_section(
        breaks, [&](double s, std::vector<Vec3>& points) { fill_points(surface, k, s, across, spans, points); }, strips,
        across.along_tolerance(options.tolerance), kLongestCut,
        static_cast<std::size_t>((options.most_triangles - made) / per_cut));
    // Along s from the strips' straight cross-sections, and theirs from the exact one: at most the sum.
    counts.worst_error = std::max(counts.worst_error, sampling.worst + across.worst);
    counts.most_strips_across = std::max(counts.most_strips_across, across.across);
    if (across.worst > 0.5 * options.tolerance && counts.rough_profiles++ == 0)
      counts.first_rough_profile = road.id, counts.first_rough_s = surface.section_start(k);
    check_budget(road, made + per_cut * static_cast<long>(sampling.s.size()), options.most_triangles);
    std::vector<double> cuts = sampling.s;
    if (k == 0) cuts.insert(cuts.begin(), -kOverlap);
    if (k == 0 && reach.start > 0) cuts.insert(cuts.begin(), -kOverlap - reach.start);
    if (k + 1 == road.sections.size()) cuts.push_back(road.length + kOverlap);
    if (k + 1 == road.sections.size() && reach.end > 0) cuts.push_back(road.length + kOverlap + reach.end);
    Cut before, after;
    Vec2 line_before = Vec2::Zero();  // the road's line at the last cut
    bool folding = false;             // a border ran back over the last stretch
    int quads = 0;
    const auto past_end = [&](double s) { return s < -kOverlap || s > road.length + kOverlap; };  // a reach's cut
    for (std::size_t c = 0; c < cuts.size(); ++c) {
      carried_on = past_end(cuts[c]) || (c > 0 && past_end(cuts[c - 1]));  // of the quad from the last cut to this
      if (past_end(cuts[c]))
        carry_on_points(surface, k, cuts[c], across, after.spans, after.points);
      else
        fill_points(surface, k, cuts[c], across, after.spans, after.points);
      if (edges) find_walls(surface, cuts[c], options, after);
      if (cuts[c] < 0 || cuts[c] > road.length) after.walled.assign(after.walled.size(), 0);
      const Vec2 line = surface.point(cuts[c], 0).head<2>(), step = line - line_before;
      if (c > 0) {
        bool folded = false;
        for (const auto& [i, o] : strips) {
          const Vec3 &a = before.points[i], &b = after.points[i], &cc = after.points[o], &d = before.points[o];
          surface_triangle(a, b, cc);
          surface_triangle(a, cc, d);
          folded = folded || runs_back(a, b, step) || runs_back(d, cc, step);
        }
        folded = folded && !carried_on && !road.in_junction();
        if (folded && !folding && counts.folded_borders++ == 0)
          counts.first_fold_road = road.id, counts.first_fold_s = std::clamp(cuts[c - 1], 0.0, road.length);
        folding = folded;
        const std::size_t first_piece = walls.pieces.size();
        for (std::size_t w = 0; edges && w < after.walled.size() && w < before.walled.size(); ++w) {
          const Vec3 &p = before.wall_base[w], &q = after.wall_base[w];
          if (!before.walled[w] || !after.walled[w] || (q - p).norm() < kShortestEdge) continue;
          // Boundaries that coincide at both cuts give the same piece: one wall.
          if (walls.pieces.size() > first_piece && walls.pieces.back().a == p && walls.pieces.back().b == q) continue;
          // Kinks too: an inner border loops there as in a tight turn.
          walls.pieces.push_back({.a = p, .b = q, .beyond_a = before.beyond[w], .beyond_b = after.beyond[w],
                                  .boundary = static_cast<int>(w), .runs_back = steps_back(p, q, step)});
        }
        if (++quads % kQuadsPerChunk == 0) mesh.end_chunk(), walls.pieces.push_back({.chunk_end = true});
      }
      std::swap(before, after);
      line_before = line;
    }
  }
  counts.wall_loops_cut += cut_wall_loops(walls.pieces);
  counts.surface_triangles += mesh.triangle_count();
  if (mesh.triangle_count() > 0) parent.addChild(mesh.finish().get());
  walls.insert_at = parent.getNumChildren();
}

osg::ref_ptr<osg::Node> edge_walls_node(const RoadSurface& surface, const RoadWalls& walls,
                                        std::span<const WallGap> gaps, const DrivableSurfaces& drivable,
                                        const OpenDriveOptions& options, MeshCounts& counts) {
  MeshBuilder mesh("edge:" + surface.road().id, osg::Vec4(0.8f, 0.1f, 0.1f, 1));
  const Vec3 up(0, 0, options.edge_height);
  for (const WallPiece& w : walls.pieces) {
    if (w.chunk_end) {
      mesh.end_chunk();
      continue;
    }
    const Parts off_crossings = outside_gaps(w.a.head<2>(), w.b.head<2>(), gaps);
    const Parts off_loops = common_parts(off_crossings, {{w.keep_from, w.keep_to}});  // wall_loops.hpp
    const Parts clear = clear_of_lanes(w, drivable);
    const Parts kept = common_parts(off_loops, clear);
    const double length = w.plan_length();
    // Whose lane lies beyond each part left out for one, told by its middle.
    for (const auto& [from, to] : common_parts(off_loops, outside(clear))) {
      const bool other_road = drivable.others_at(beyond(w, 0.5 * (from + to)), walls.road, kWallSameLevel);
      (other_road ? counts.edge_metres_on_other_roads : counts.edge_metres_on_own_road) += (to - from) * length;
    }
    for (const auto& [from, to] : kept) {
      // The whole piece keeps its own corners' bits (a + 1 (b - a) may round off b).
      const Vec3 a = from == 0 ? w.a : Vec3(w.a + from * (w.b - w.a)), b = to == 1 ? w.b : Vec3(w.a + to * (w.b - w.a));
      if ((b - a).norm() >= kShortestEdge) mesh.quad(a, b, Vec3(b + up), Vec3(a + up));
    }
    counts.edge_metres_left_out += (1 - share(off_crossings)) * length;
    counts.wall_loop_metres += (share(off_crossings) - share(off_loops)) * length;
  }
  // Built after every road's surface and objects, the walls are counted against the budget here.
  check_budget(surface.road(), counts.total() + mesh.triangle_count(), options.most_triangles);
  counts.edge_triangles += mesh.triangle_count();
  if (mesh.triangle_count() == 0) return nullptr;
  return mesh.finish();
}

}  // namespace crashbench::odr
