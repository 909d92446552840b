#include "detectors/scenes/registry/scene_report.hpp"

#include <fmt/format.h>

#include <cmath>

#include "detectors/scenes/sprites.hpp"
#include "detectors/scenes/surface_query.hpp"
#include "detectors/scenes/triangle_extraction.hpp"


namespace crashbench {
namespace {

/// Collision triangles that no car standing on a surface under them reaches: their lowest vertex lies more
/// than the band's top above the highest surface at or just below it (5 cm: a barrier's foot sunk into
/// the road), searched under that vertex. A banner whose underside is modelled counts as reachable (a
/// surface lies at its foot); a face with no surface under it at all is not counted. A collision triangle
/// that is itself a surface face (not vertical) is skipped unasked: it lies under its own lowest vertex, so
/// its road is that vertex's height (the scan's answer on a fan of long slivers costs the whole list).
int overhead_triangles(const Scene& scene, double vertical_tolerance_deg) {
  const double band = scene.surface->above_road_max();
  if (std::isinf(band)) return 0;
  int overhead = 0;
  int face = -1;  // consecutive triangles lie close: the surface face of the last one is asked first
  for (const Triangle& t : scene.triangles) {
    if (!is_degenerate(t) && !is_vertical(t, vertical_tolerance_deg)) continue;
    const Vec3* low = &t.a_W;
    for (const Vec3* v : {&t.b_W, &t.c_W})
      if (v->z() < low->z()) low = v;
    const double road = scene.surface->height_below(low->head<2>(), low->z() + 0.05 - kStepAllowance, face);
    if (!std::isnan(road) && low->z() - road > band) ++overhead;
  }
  return overhead;
}

}  // namespace

std::string describe_scene_file(const std::string& path, const SceneOptions& options) {
  const Scene scene = load_scene(path, options);
  const std::vector<Triangle> all = all_triangles(*scene.graph);
  const TriangleCensus c = census(all, options.vertical_tolerance_deg);
  std::string text = fmt::format("scene: {}\n", path);
  text += fmt::format("triangles: {} ({} degenerate)\n", c.total, c.degenerate);
  text += fmt::format("vertical: {} (normal within {:g} deg of horizontal)\n", c.vertical,
                      options.vertical_tolerance_deg);
  text += fmt::format("collision triangles: {}{}\n", scene.triangles.size(),
                      options.vertical_only ? " (vertical only)" : "");
  // What a case on this file collides with when its scene.collision says nothing of slopes.
  text += fmt::format("a case's default: faces within {:g} deg of vertical collide, {} of the triangles (a crest "
                      "or ramp is ground; \"vertical_within_deg\": 90 for every face)\n",
                      kDefaultVerticalWithinDeg, census(all, kDefaultVerticalWithinDeg).vertical);
  text += fmt::format("bounds [m]: x {:.3f} .. {:.3f}, y {:.3f} .. {:.3f}, z {:.3f} .. {:.3f}\n", c.lo_W.x(),
                      c.hi_W.x(), c.lo_W.y(), c.hi_W.y(), c.lo_W.z(), c.hi_W.z());
  text += fmt::format("surface triangles: {} (not walls: what the rectangle's height follows)\n",
                      scene.surface->surface_triangles());
  if (std::isinf(options.collision.above_road_max))
    text += "height band: off (every height collides)\n";
  else
    text += fmt::format("height band: up to {:g} m above the road under the car; {} collision triangles lie "
                        "higher above every surface under them (overhead: they collide with no car)\n",
                        options.collision.above_road_max, overhead_triangles(scene, options.vertical_tolerance_deg));
  if (options.collision.sprites)
    text += "sprites: collide (--sprites)\n";
  else
    text += fmt::format("sprites: {} drawables left out, as in a case by default (an osg::Billboard, or stand-alone "
                        "vertical cards at most {:g} m wide sharing no edge with other geometry: trees, bushes, grass "
                        "clumps drawn as pictures); --sprites, in a case \"sprites\": true, makes them collide\n",
                        scene.sprites, kSpriteMaxWidth);
  for (const std::string& line : scene.about) text += line + '\n';
  text += fmt::format("load time: {:.3f} s\n", scene.load_seconds);
  return text;
}

}  // namespace crashbench
