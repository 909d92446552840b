#include "detectors/scenes/opendrive/road_mesh.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "core/error.hpp"
#include "core/units.hpp"
#include "detectors/scenes/collision_filter.hpp"
#include "detectors/scenes/mesh_builder.hpp"
#include "detectors/scenes/opendrive/surface_sampling.hpp"

namespace crashbench::odr {
namespace {

constexpr double kNarrowest = 0.01;  // [m]: a lane narrower than this at a cut is absent there
constexpr double kLongestCut = 20;   // [m]: triangles no longer than this, for the grids that index them
constexpr int kQuadsPerChunk = 64;
// [m]: the surface reaches this far past the road's ends (extrapolating its records), so that the seam to
// the next road, whose end is evaluated from its own records and stored in floats, leaves no crack for a
// car's CG to fall through (Town01: a hairline crack between roads 1 and 27 once did). No wall stands there.
constexpr double kOverlap = 0.02;

/// The cross-section at one cut: each lane's inner and outer point (2i, 2i + 1) and which boundaries carry
/// a wall (boundary b lies left of lane b; boundary n right of the last lane).
struct Cut {
  std::vector<LaneSpan> spans;
  std::vector<Vec3> points;
  std::vector<char> walled;
  std::vector<Vec3> wall_base;
};

void fill_points(const RoadSurface& surface, std::size_t k, double s, std::vector<LaneSpan>& spans,
                 std::vector<Vec3>& points) {
  surface.spans(k, s, spans);
  points.clear();
  for (const LaneSpan& l : spans) {
    points.push_back(surface.point(s, l.t_inner, l.dz_inner));
    points.push_back(surface.point(s, l.t_outer, l.dz_outer));
  }
}

/// Which boundaries carry a wall: the nearest present lanes either side differ in drivability (no lane
/// beyond the outer borders counts as not drivable); of boundaries that coincide (absent lanes between),
/// the leftmost carries it. The wall stands on the drivable lane's edge.
void find_walls(const RoadSurface& surface, double s, const OpenDriveOptions& options, Cut& cut) {
  const std::size_t n = cut.spans.size();
  cut.walled.assign(n + 1, 0);
  cut.wall_base.assign(n + 1, Vec3::Zero());
  const auto present = [&](std::size_t i) { return std::abs(cut.spans[i].t_outer - cut.spans[i].t_inner) >= kNarrowest; };
  for (std::size_t b = 0; b <= n; ++b) {
    if (b > 0 && !present(b - 1)) continue;
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
    cut.walled[b] = 1;
    cut.wall_base[b] = outer ? surface.point(s, lane.t_outer, lane.dz_outer) : surface.point(s, lane.t_inner, lane.dz_inner);
  }
}

/// Edges shorter than this are none [m]: the graph's float vertices 1 km out are 1e-4 m apart, so such a
/// triangle (a lane tapering to zero width, a cut a hair from the last) would have no area there.
constexpr double kShortestEdge = 1e-4;

/// Adds triangle a-b-c facing up, unless it has no area in the graph's floats.
void add_triangle(MeshBuilder& mesh, const Vec3& a, const Vec3& b, const Vec3& c, MeshCounts& counts) {
  if (std::min({(b - a).norm(), (c - b).norm(), (a - c).norm()}) < kShortestEdge) return;
  const Vec3 n = (b - a).cross(c - a);
  if (n.norm() <= 1e-10 * std::max((b - a).squaredNorm(), (c - a).squaredNorm())) return;
  // How far the face leans from level: past kDefaultVerticalWithinDeg of vertical a case takes it for a wall.
  const double lean_deg = std::acos(std::min(1.0, std::abs(n.z()) / n.norm())) * kRadToDeg;
  counts.steepest_lean_deg = std::max(counts.steepest_lean_deg, lean_deg);
  counts.steep_surface_triangles += lean_deg > 90 - kDefaultVerticalWithinDeg;
  if (n.z() < 0)
    mesh.triangle(a, c, b);
  else
    mesh.triangle(a, b, c);
}

/// The parts [from, to] of the segment a -> b (as fractions of it) outside every gap, in order.
std::vector<std::pair<double, double>> outside_gaps(const Vec2& a, const Vec2& b, std::span<const WallGap> gaps) {
  std::vector<std::pair<double, double>> parts{{0.0, 1.0}};
  const Vec2 d = b - a;
  for (const WallGap& g : gaps) {
    // |a + t d - c|^2 = r^2: inside between the roots.
    const Vec2 f = a - g.centre_W;
    const double dd = d.squaredNorm(), half_b = f.dot(d), c = f.squaredNorm() - g.radius * g.radius;
    const double disc = half_b * half_b - dd * c;
    if (!(disc > 0) || !(dd > 0)) continue;
    const double t_in = (-half_b - std::sqrt(disc)) / dd, t_out = (-half_b + std::sqrt(disc)) / dd;
    std::vector<std::pair<double, double>> left;
    for (const auto& [from, to] : parts) {
      if (from < std::min(t_in, to)) left.emplace_back(from, std::min(t_in, to));
      if (std::max(t_out, from) < to) left.emplace_back(std::max(t_out, from), to);
    }
    parts = std::move(left);
  }
  return parts;
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

void add_road_mesh(const RoadSurface& surface, const OpenDriveOptions& options, std::span<const WallGap> gaps,
                   osg::Group& parent, MeshCounts& counts) {
  const Road& road = surface.road();
  MeshBuilder mesh("road:" + road.id, osg::Vec4(0.35f, 0.35f, 0.38f, 1));
  MeshBuilder walls("edge:" + road.id, osg::Vec4(0.8f, 0.1f, 0.1f, 1));
  const bool edges = options.edge_height > 0 && !road.in_junction();
  for (std::size_t k = 0; k < road.sections.size(); ++k) {
    if (!(surface.section_end(k) > surface.section_start(k))) continue;
    std::vector<LaneSpan> spans;
    surface.spans(k, surface.section_start(k), spans);
    std::vector<std::pair<int, int>> strips;
    for (std::size_t i = 0; i < spans.size(); ++i)
      if (is_drivable(*spans[i].lane, options)) strips.emplace_back(int(2 * i), int(2 * i + 1));
    if (strips.empty()) continue;
    const std::vector<double> breaks = surface.breaks(k);
    // Each cut adds at most four triangles a span and its edge (two of surface, two of wall).
    const long made = counts.total() + mesh.triangle_count() + walls.triangle_count();
    const long per_cut = 4 * static_cast<long>(spans.size() + 1);
    check_budget(road, made + per_cut, options.most_triangles);
    const Sampling sampling = sample_section(
        breaks, [&](double s, std::vector<Vec3>& points) { fill_points(surface, k, s, spans, points); }, strips,
        options.tolerance, kLongestCut, static_cast<std::size_t>((options.most_triangles - made) / per_cut));
    counts.worst_error = std::max(counts.worst_error, sampling.worst);
    check_budget(road, made + per_cut * static_cast<long>(sampling.s.size()), options.most_triangles);
    std::vector<double> cuts = sampling.s;
    if (k == 0) cuts.insert(cuts.begin(), -kOverlap);
    if (k + 1 == road.sections.size()) cuts.push_back(road.length + kOverlap);
    Cut before, after;
    int quads = 0;
    for (std::size_t c = 0; c < cuts.size(); ++c) {
      fill_points(surface, k, cuts[c], after.spans, after.points);
      if (edges) find_walls(surface, cuts[c], options, after);
      if (cuts[c] < 0 || cuts[c] > road.length) after.walled.assign(after.walled.size(), 0);
      if (c > 0) {
        for (const auto& [i, o] : strips) {
          const Vec3 &a = before.points[i], &b = after.points[i], &cc = after.points[o], &d = before.points[o];
          add_triangle(mesh, a, b, cc, counts);
          add_triangle(mesh, a, cc, d, counts);
        }
        for (std::size_t w = 0; edges && w < after.walled.size() && w < before.walled.size(); ++w) {
          const Vec3 up(0, 0, options.edge_height);
          const Vec3 &p = before.wall_base[w], &q = after.wall_base[w];
          if (!before.walled[w] || !after.walled[w] || (q - p).norm() < kShortestEdge) continue;
          double kept = 0;
          for (const auto& [from, to] : outside_gaps(p.head<2>(), q.head<2>(), gaps)) {
            // The whole piece keeps its own corners' bits (p + 1 (q - p) may round off q).
            const Vec3 a = from == 0 ? p : Vec3(p + from * (q - p)), b = to == 1 ? q : Vec3(p + to * (q - p));
            if ((b - a).norm() < kShortestEdge) continue;
            walls.quad(a, b, Vec3(b + up), Vec3(a + up));
            kept += to - from;
          }
          counts.edge_metres_left_out += (1 - kept) * (q - p).head<2>().norm();
        }
        if (++quads % kQuadsPerChunk == 0) mesh.end_chunk(), walls.end_chunk();
      }
      std::swap(before, after);
    }
  }
  counts.surface_triangles += mesh.triangle_count();
  counts.edge_triangles += walls.triangle_count();
  if (mesh.triangle_count() > 0) parent.addChild(mesh.finish().get());
  if (walls.triangle_count() > 0) parent.addChild(walls.finish().get());
}

}  // namespace crashbench::odr
