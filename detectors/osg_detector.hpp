#pragma once
// Knight's detector (thesis ch. 3): the vehicle's rectangle as four line segments at CG height, intersected
// with the scene graph by one osgUtil::IntersectionVisitor carrying an IntersectorGroup of four
// LineSegmentIntersectors, reused every step after reset(), every hit kept. Each hit names a triangle;
// its slice inside the rectangle is a piece of interference line (detectors/scenes/interference.hpp), so
// the two crossings of a wall give the line a-b, its midpoint the contact point and the wall's surface
// normal, projected on the horizontal plane and turned towards the vehicle, the normal.
//
// Variants: `osg` queries the graph as loaded; `osg-optimized` a copy spatialised by osgUtil::Optimizer
// (the open counterpart of MultiGen Creator's optimisation in Table 6-1); `osg-kdtree` the collision
// triangles merged into one Geometry, whatever their state sets, with an osg::KdTree on it. The traversal allocates (intersector clones, hit sets): measured, not hidden.
#include <osgUtil/IntersectionVisitor>
#include <osgUtil/LineSegmentIntersector>

#include <unordered_map>

#include "detectors/detector.hpp"
#include "detectors/scenes/interference.hpp"

namespace crashbench {

enum class OsgVariant { kAsLoaded, kOptimized, kKdTree };

/// What a variant builds from a scene and its queries only read: the graph they traverse and, for
/// osg-kdtree, the triangles merged into it. Shared by a run's threads (prepare_as) and kept with a
/// shared scene for its next cases (SceneBuilds); its bounds are computed when it is built, so that no
/// traversal writes them while another reads.
struct OsgGraph {
  OsgGraph(const Scene& scene, OsgVariant variant);
  /// The scene's index of the triangle a hit on `drawable` found (its first vertex index / 3 there).
  int triangle_hit(const osg::Drawable* drawable, unsigned first_vertex) const;

  const Scene* scene;               ///< the scene it was built from
  osg::ref_ptr<osg::Node> graph;    ///< what the queries traverse
  std::vector<Triangle> triangles;  ///< osg-kdtree: the scene's collision triangles; else none
  /// osg-kdtree: each merged geometry (the scene's triangles near the origin, or those of one tile far from
  /// it, relative to the tile's corner) and the scene's index of each of its triangles; else none.
  std::unordered_map<const osg::Drawable*, std::vector<int>> tiles;
};

class OsgDetector final : public Detector {
 public:
  explicit OsgDetector(OsgVariant variant) : variant_(variant) {}
  std::string_view name() const override;
  bool allocation_free() const override { return false; }  // osgUtil::IntersectionVisitor allocates
  void prepare(const Scene& scene, int vehicle_count) override;
  /// Shares `prepared`'s graph where it is an OsgDetector of this variant prepared for `scene`.
  void prepare_as(const Detector& prepared, const Scene& scene, int vehicle_count) override;
  void detect(std::span<const VehiclePose> poses, std::vector<Contact>& out, DetectorStats& stats) override;
  /// What it queries, once prepared.
  const OsgGraph& graph() const { return *graph_; }

 private:
  /// One vehicle's four edge intersectors and the visitor that carries them.
  struct Probe {
    osg::ref_ptr<osgUtil::IntersectorGroup> group;
    std::array<osg::ref_ptr<osgUtil::LineSegmentIntersector>, 4> edges;
    osg::ref_ptr<osgUtil::IntersectionVisitor> visitor;
  };
  int collect_hits(osgUtil::LineSegmentIntersector& edge);
  /// Queries `graph` from now on, with a probe per vehicle of its own.
  void use_graph(std::shared_ptr<const OsgGraph> graph, const Scene& scene, int vehicle_count);

  OsgVariant variant_;
  std::shared_ptr<const OsgGraph> graph_;
  std::shared_ptr<const SurfaceQuery> surface_;  // the scene's, shared
  double vertical_within_deg_ = -1;              // the scene's: >= 0, hits less vertical are not walls [deg]
  std::vector<Probe> probes_;
  InterferenceSet set_;
};

std::unique_ptr<Detector> make_osg_detector();
std::unique_ptr<Detector> make_osg_optimized_detector();
std::unique_ptr<Detector> make_osg_kdtree_detector();

}  // namespace crashbench
