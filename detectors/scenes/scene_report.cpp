#include "detectors/scenes/scene_report.hpp"

#include <fmt/format.h>

#include "detectors/scenes/surface_query.hpp"


namespace crashbench {

std::string describe_scene_file(const std::string& path, const SceneOptions& options) {
  const Scene scene = load_scene(path, options);
  const TriangleCensus c = census(*scene.graph, options.vertical_tolerance_deg);
  std::string text = fmt::format("scene: {}\n", path);
  text += fmt::format("triangles: {} ({} degenerate)\n", c.total, c.degenerate);
  text += fmt::format("vertical: {} (normal within {:g} deg of horizontal)\n", c.vertical,
                      options.vertical_tolerance_deg);
  text += fmt::format("collision triangles: {}{}\n", scene.triangles.size(),
                      options.vertical_only ? " (vertical only)" : "");
  text += fmt::format("bounds [m]: x {:.3f} .. {:.3f}, y {:.3f} .. {:.3f}, z {:.3f} .. {:.3f}\n", c.lo_W.x(),
                      c.hi_W.x(), c.lo_W.y(), c.hi_W.y(), c.lo_W.z(), c.hi_W.z());
  text += fmt::format("surface triangles: {} (not walls: what the rectangle's height follows)\n",
                      scene.surface->surface_triangles());
  text += fmt::format("load time: {:.3f} s\n", scene.load_seconds);
  return text;
}

}  // namespace crashbench
