#include "detectors/scenes/opendrive/road_objects.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "detectors/scenes/mesh_builder.hpp"
#include "detectors/scenes/opendrive/surface_sampling.hpp"

namespace crashbench::odr {
namespace {

constexpr double kPostSide = 0.1;    // [m]: an object of no size
constexpr int kCylinderSides = 12;
constexpr int kMostCopies = 100000;  // per repeat record

/// One copy of an object: where it stands and how big it is [m, rad].
struct Placement {
  double s = 0, t = 0, z = 0, hdg = 0;
  double length = 0, width = 0, height = 0, radius = 0;
};

/// Base points raised to `heights` as vertical quads: a closed ring with its top and bottom, or, not
/// `closed`, a line of walls from the first point to the last (an open outline: a fence, a parking bay's
/// three sides, whose fourth is its way in).
void add_prism(MeshBuilder& mesh, const std::vector<Vec3>& base, const std::vector<double>& heights, bool closed = true) {
  for (std::size_t i = 0; i + (closed ? 0 : 1) < base.size(); ++i) {
    const std::size_t j = (i + 1) % base.size();
    mesh.quad(base[i], base[j], Vec3(base[j] + Vec3(0, 0, heights[j])), Vec3(base[i] + Vec3(0, 0, heights[i])));
  }
  if (!closed) return;
  // Top and bottom as fans: exact for convex outlines, and horizontal, so never cut at CG height.
  for (const double top : {0.0, 1.0})
    for (std::size_t i = 1; i + 1 < base.size(); ++i)
      mesh.triangle(base[0] + Vec3(0, 0, top * heights[0]), base[i] + Vec3(0, 0, top * heights[i]),
                    base[i + 1] + Vec3(0, 0, top * heights[i + 1]));
}

/// A square tube from `from` to `to`, `r_from` and `r_to` from its axis to each side's middle [m] (at least
/// half a post's side): four quads, no caps. A vertical tube's sides stand vertical, so that a post sliced at
/// CG height is a square.
void add_tube(MeshBuilder& mesh, const Vec3& from, const Vec3& to, double r_from, double r_to) {
  const Vec3 axis = to - from;
  if (axis.norm() < 1e-9) return;
  const Vec3 across = axis.cross(Vec3::UnitZ());
  const Vec3 e1 = across.norm() > 1e-9 * axis.norm() ? Vec3(across.normalized()) : Vec3::UnitX();
  const Vec3 e2 = axis.normalized().cross(e1);
  const auto corner = [&](const Vec3& at, double r, int k) {
    const double sx = k == 1 || k == 2 ? -1 : 1, sy = k >= 2 ? -1 : 1;
    return Vec3(at + std::max(r, 0.5 * kPostSide) * (sx * e1 + sy * e2));
  };
  for (int k = 0; k < 4; ++k)
    mesh.quad(corner(from, r_from, k), corner(from, r_from, (k + 1) % 4), corner(to, r_to, (k + 1) % 4),
              corner(to, r_to, k));
}

void add_copy(const RoadSurface& surface, const Object& o, const Placement& p, MeshBuilder& mesh) {
  const Vec3 origin = surface.point(p.s, p.t) + Vec3(0, 0, p.z);
  const double hdg = surface.reference_line().at(p.s).hdg + p.hdg;
  const Vec2 u(std::cos(hdg), std::sin(hdg)), v(-u.y(), u.x());
  const auto local = [&](double a, double b, double dz) { return Vec3(origin + Vec3(a * u.x() + b * v.x(), a * u.y() + b * v.y(), dz)); };
  std::vector<Vec3> base;
  std::vector<double> heights;
  // Each outline and each skeleton polyline is a part of the object. A repeat's copy carries them with it:
  // local points in the copy's own frame, road points moved along and across the road by the copy's offset
  // from the object (a road point's (s, t) is the object's own place on the road).
  const auto point = [&](bool on_road, double a, double b, double dz) {
    return on_road ? Vec3(surface.point(a + p.s - o.s, b + p.t - o.t) + Vec3(0, 0, p.z + dz)) : local(a, b, dz);
  };
  for (const Outline& outline : o.outlines) {
    base.clear(), heights.clear();
    for (const Corner& c : outline.corners) {
      base.push_back(point(outline.on_road, c.a, c.b, c.dz));
      heights.push_back(c.height > 0 ? c.height : p.height);
    }
    add_prism(mesh, base, heights, outline.closed);
  }
  for (const Polyline& line : o.skeleton)
    for (std::size_t i = 0; i + 1 < line.vertices.size(); ++i) {
      const Vertex &v = line.vertices[i], &w = line.vertices[i + 1];
      add_tube(mesh, point(line.on_road, v.a, v.b, v.dz), point(line.on_road, w.a, w.b, w.dz), v.radius, w.radius);
    }
  if (!o.outlines.empty() || !o.skeleton.empty()) return;
  if (p.radius > 0) {
    for (int i = 0; i < kCylinderSides; ++i) {
      const double a = 2 * std::numbers::pi * i / kCylinderSides;
      base.push_back(local(p.radius * std::cos(a), p.radius * std::sin(a), 0));
    }
  } else {
    const double l = 0.5 * (p.length > 0 ? p.length : kPostSide), w = 0.5 * (p.width > 0 ? p.width : kPostSide);
    base = {local(-l, -w, 0), local(l, -w, 0), local(l, w, 0), local(-l, w, 0)};
  }
  heights.resize(base.size(), p.height);
  add_prism(mesh, base, heights);
}

double lerp(double a, double b, double f) { return a + f * (b - a); }

/// A repeat with distance 0: the object stretched along [r.s, r.s + r.length] as a sheet at t (two sheets
/// with a width), cut where the sampler needs so that it follows the road within `tolerance`, in at most
/// `most_cuts` cuts.
void add_stretch(const RoadSurface& surface, const Repeat& r, double tolerance, std::size_t most_cuts,
                 MeshBuilder& mesh) {
  const double s0 = std::clamp(r.s, 0.0, surface.road().length);
  const double s1 = std::clamp(r.s + r.length, s0, surface.road().length);
  if (!(s1 > s0)) return;
  const auto at = [&](double s, double side, std::vector<Vec3>& points) {
    const double f = (s - r.s) / r.length, w = lerp(r.width_start, r.width_end, f);
    const Vec3 base = surface.point(s, lerp(r.t_start, r.t_end, f) + side * 0.5 * w) +
                      Vec3(0, 0, lerp(r.z_start, r.z_end, f));
    points.push_back(base);
    points.push_back(base + Vec3(0, 0, lerp(r.height_start, r.height_end, f)));
  };
  const bool wide = std::max(r.width_start, r.width_end) > 0;
  std::vector<double> breaks{s0};
  for (const double s : surface.reference_line().starts())
    if (s > s0 && s < s1) breaks.push_back(s);
  breaks.push_back(s1);
  const std::vector<std::pair<int, int>> sheets{{0, 1}, {2, 3}};
  const auto points = [&](double s, std::vector<Vec3>& p) {
    p.clear();
    at(s, -1, p);
    at(s, wide ? 1 : -1, p);
  };
  const Sampling cuts = sample_section(breaks, points, sheets, tolerance, 20.0, most_cuts);
  std::vector<Vec3> before, after;
  for (std::size_t c = 0; c < cuts.s.size(); ++c) {
    points(cuts.s[c], after);
    if (c > 0)
      for (int sheet = 0; sheet < (wide ? 2 : 1); ++sheet)
        mesh.quad(before[2 * sheet], after[2 * sheet], after[2 * sheet + 1], before[2 * sheet + 1]);
    std::swap(before, after);
  }
}

}  // namespace

void add_road_objects(const RoadSurface& surface, const OpenDriveOptions& options, osg::Group& parent,
                      MeshCounts& counts) {
  for (const Object& o : surface.road().objects) {
    MeshBuilder mesh("object:" + o.id, osg::Vec4(0.6f, 0.6f, 0.2f, 1));
    double top = o.z_offset + o.height;
    const Placement single{o.s, o.t, o.z_offset, o.hdg, o.length, o.width, o.height, o.radius};
    if (o.repeats.empty() && o.height > 0) add_copy(surface, o, single, mesh);
    for (const Repeat& r : o.repeats) {
      top = std::max({top, r.z_start + r.height_start, r.z_end + r.height_end});
      if (r.distance == 0) {
        const long made = counts.total() + mesh.triangle_count();
        check_budget(surface.road(), made + 4, options.most_triangles);
        // Four triangles a cut: two sheets of two.
        add_stretch(surface, r, options.tolerance, static_cast<std::size_t>((options.most_triangles - made) / 4), mesh);
        continue;
      }
      const int copies = static_cast<int>(std::min(std::floor(r.length / r.distance), double(kMostCopies))) + 1;
      check_budget(surface.road(), counts.object_triangles + mesh.triangle_count() + 4L * kCylinderSides * copies,
                   options.most_triangles);
      for (int i = 0; i < copies; ++i) {
        const double f = r.length > 0 ? i * r.distance / r.length : 0.0;
        const Placement p{r.s + i * r.distance, lerp(r.t_start, r.t_end, f), lerp(r.z_start, r.z_end, f), o.hdg,
                          lerp(r.length_start, r.length_end, f), lerp(r.width_start, r.width_end, f),
                          lerp(r.height_start, r.height_end, f), lerp(r.radius_start, r.radius_end, f)};
        if (p.height > 0 && p.s <= surface.road().length) add_copy(surface, o, p, mesh);
      }
    }
    check_budget(surface.road(), counts.total() + mesh.triangle_count(), options.most_triangles);
    ++counts.objects;
    counts.objects_without_size += o.outlines.empty() && o.skeleton.empty() && o.length == 0 && o.width == 0 && o.radius == 0;
    counts.low_objects += top < kLowestCgHeight;
    counts.object_triangles += mesh.triangle_count();
    if (mesh.triangle_count() > 0) parent.addChild(mesh.finish().get());
  }
}

}  // namespace crashbench::odr
