#pragma once
// Collision triangles from a scene graph: every Geometry's triangles (strips, fans and quads included,
// via osg::TriangleFunctor), transformed by the transforms above them, degenerate ones dropped.
#include <osg/Node>
#include <vector>

#include "detectors/scenes/collision_filter.hpp"
#include "detectors/scenes/scene.hpp"

namespace crashbench {

/// Default tolerance of `is_vertical`: normal within this angle of the horizontal plane [deg].
inline constexpr double kVerticalToleranceDeg = 10.0;

/// Whether `t`'s normal lies within `tolerance_deg` of the horizontal plane (a wall, not a floor).
bool is_vertical(const Triangle& t, double tolerance_deg = kVerticalToleranceDeg);

/// Whether `t` has (nearly) no area: |ab x ac| <= 1e-12 * longest edge^2, or an edge shorter than 1e-9 m.
bool is_degenerate(const Triangle& t);

/// How many triangles a graph holds, before any filter, and where they are.
struct TriangleCensus {
  int total = 0;       ///< every triangle the functor sees
  int degenerate = 0;  ///< of which degenerate
  int vertical = 0;    ///< of the others, how many `is_vertical`
  Vec3 lo_W = Vec3::Zero(), hi_W = Vec3::Zero();  ///< bounds of all vertices [m]
};

/// Every triangle under `root` in root coordinates (degenerate ones included).
std::vector<Triangle> all_triangles(osg::Node& root);

/// Where one placement of a drawable put its triangles in triangles_by_drawable's answer.
struct DrawableSpan {
  osg::Drawable* drawable = nullptr;
  bool billboard = false;  ///< under an osg::Billboard
  std::size_t first = 0, count = 0;
};
/// all_triangles, with the span of each placement of each drawable in `spans`.
std::vector<Triangle> triangles_by_drawable(osg::Node& root, std::vector<DrawableSpan>& spans);

/// Counts of `all_triangles(root)`.
TriangleCensus census(osg::Node& root, double tolerance_deg = kVerticalToleranceDeg);
/// Counts of `all`, a graph's all_triangles.
TriangleCensus census(const std::vector<Triangle>& all, double tolerance_deg = kVerticalToleranceDeg);

/// The collision triangles: non-degenerate, of geometry `filter` keeps (names, textures, node mask, and
/// sprites only if it asks: mark_sprites), and only vertical ones if `vertical_only`.
std::vector<Triangle> collision_triangles(osg::Node& root, bool vertical_only,
                                          double tolerance_deg = kVerticalToleranceDeg,
                                          const CollisionFilter& filter = {});

/// For detectors that intersect a graph: leaves out of `root` (a copy of the scene's graph) the geometry
/// `filter`'s name and texture globs leave out, and the marked sprites unless it asks for them (node mask 0 on excluded nodes, the other drawables removed). The filter's node_mask is the intersection's
/// traversal mask.
void mark_non_colliding(osg::Node& root, const CollisionFilter& filter);

}  // namespace crashbench
