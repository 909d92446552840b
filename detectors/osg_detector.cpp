#include "detectors/osg_detector.hpp"

#include <osg/Geode>
#include <osg/Geometry>
#include <osg/KdTree>
#include <osg/MatrixTransform>
#include <osgUtil/Optimizer>

#include <cmath>
#include <map>

#include "core/error.hpp"
#include "detectors/scenes/mesh_builder.hpp"
#include "detectors/scenes/scene_builds.hpp"
#include "detectors/scenes/triangle_extraction.hpp"

namespace crashbench {
namespace {

Vec3 to_world(const osg::Vec3& v, const osg::RefMatrix* m) {
  const osg::Vec3d w = m ? osg::Vec3d(v) * (*m) : osg::Vec3d(v);
  return {w.x(), w.y(), w.z()};
}

/// The collision triangles as one Geometry (three vertices each, in the scene's order) under one Geode, with
/// an osg::KdTree built on it. A real track comes as hundreds or thousands of small geodes, each with its
/// own state set, which the Optimizer's merges keep apart (they merge only geometry that shares its state);
/// collision needs no state, so all of it goes into one tree. The triangles are the scene's collision set
/// (names, node mask and slope already applied). Far from the origin (kFarFromOrigin) a float rounds a
/// world vertex by up to half a metre (a UTM northing), so there each kKdTile square holds its triangles
/// relative to its corner under a transform: as precise as a scene a kilometre across about the origin.
/// Near the origin, the one geometry of world floats as before.
osg::ref_ptr<osg::Node> kdtree_graph(const std::vector<Triangle>& triangles,
                                     std::unordered_map<const osg::Drawable*, std::vector<int>>& tiles) {
  constexpr double kKdTile = 1024;  // [m]
  using Key = std::pair<long, long>;
  std::map<Key, std::vector<int>> by_tile;  // near the origin: the tile (0, 0) with its corner there
  for (std::size_t i = 0; i < triangles.size(); ++i) {
    const Vec3& a = triangles[i].a_W;
    const bool near = std::max(std::abs(a.x()), std::abs(a.y())) <= kFarFromOrigin;
    by_tile[near ? Key{0, 0} : Key{std::lround(std::floor(a.x() / kKdTile)), std::lround(std::floor(a.y() / kKdTile))}]
        .push_back(static_cast<int>(i));
  }
  osg::ref_ptr<osg::Group> group = new osg::Group;
  for (auto& [key, indices] : by_tile) {
    const Vec3 corner(static_cast<double>(key.first) * kKdTile, static_cast<double>(key.second) * kKdTile, 0.0);
    osg::ref_ptr<osg::Vec3Array> vertices = new osg::Vec3Array;
    vertices->reserve(3 * indices.size());
    for (const int i : indices) {
      const Triangle& t = triangles[static_cast<std::size_t>(i)];
      for (const Vec3* v : {&t.a_W, &t.b_W, &t.c_W}) {
        const Vec3 local = *v - corner;
        vertices->push_back(osg::Vec3(local.x(), local.y(), local.z()));
      }
    }
    osg::ref_ptr<osg::Geometry> geometry = new osg::Geometry;
    geometry->setVertexArray(vertices.get());
    geometry->addPrimitiveSet(new osg::DrawArrays(GL_TRIANGLES, 0, static_cast<GLsizei>(vertices->size())));
    osg::ref_ptr<osg::Geode> geode = new osg::Geode;
    geode->addDrawable(geometry.get());
    osg::ref_ptr<osg::KdTreeBuilder> builder = new osg::KdTreeBuilder;
    geode->accept(*builder);
    tiles[geometry.get()] = std::move(indices);
    if (corner.isZero()) {
      group->addChild(geode.get());
      continue;
    }
    osg::ref_ptr<osg::MatrixTransform> placed =
        new osg::MatrixTransform(osg::Matrixd::translate(corner.x(), corner.y(), corner.z()));
    placed->addChild(geode.get());
    group->addChild(placed.get());
  }
  if (group->getNumChildren() == 1) return group->getChild(0);  // near the origin: the one Geode, as before
  return group;
}

/// A copy of the scene's graph reorganised for the variant, what its collision filter leaves out (names,
/// textures, sprites) masked before any merge (which would lose the names); the Scene's own graph stays as
/// loaded.
osg::ref_ptr<osg::Node> prepared_graph(const Scene& scene, OsgVariant variant) {
  const osg::ref_ptr<osg::Node>& graph = scene.graph;
  const CollisionFilter& filter = scene.collision;
  const bool by_name = filter.selects_by_name_or_texture() || (scene.sprites > 0 && !filter.sprites);
  if (variant == OsgVariant::kAsLoaded && !by_name) return graph;
  osg::ref_ptr<osg::Node> copy = osg::clone(graph.get(), osg::CopyOp::DEEP_COPY_ALL);
  if (by_name) mark_non_colliding(*copy, filter);
  if (variant == OsgVariant::kOptimized) {
    osgUtil::Optimizer optimizer;
    optimizer.optimize(copy.get(), osgUtil::Optimizer::FLATTEN_STATIC_TRANSFORMS |
                                       osgUtil::Optimizer::REMOVE_REDUNDANT_NODES |
                                       osgUtil::Optimizer::SPATIALIZE_GROUPS);
  }
  return copy;
}

}  // namespace

std::string_view OsgDetector::name() const {
  switch (variant_) {
    case OsgVariant::kOptimized: return "osg-optimized";
    case OsgVariant::kKdTree: return "osg-kdtree";
    default: return "osg";
  }
}

OsgGraph::OsgGraph(const Scene& scene, OsgVariant variant) : scene(&scene) {
  if (variant == OsgVariant::kKdTree) {
    triangles = scene.triangles;
    graph = kdtree_graph(triangles, tiles);
  } else {
    graph = prepared_graph(scene, variant);
  }
  graph->getBound();  // every node's and drawable's bound, cached now rather than by a first traversal
}

int OsgGraph::triangle_hit(const osg::Drawable* drawable, unsigned first_vertex) const {
  const auto tile = tiles.find(drawable);
  return tile == tiles.end() ? -1 : tile->second[first_vertex / 3];
}

void OsgDetector::prepare(const Scene& scene, int vehicle_count) {
  if (!scene.graph) throw Error(scene.name, "", "detector '" + std::string(name()) + "' needs a scene graph");
  // On a scene that keeps its builds, the graph of the last case with this variant, or of another thread.
  use_graph(kept_or_made<OsgGraph>(scene, std::string(name()) + " graph",
                                   [&] { return std::make_shared<const OsgGraph>(scene, variant_); }),
            scene, vehicle_count);
}

void OsgDetector::prepare_as(const Detector& prepared, const Scene& scene, int vehicle_count) {
  const auto* osg = dynamic_cast<const OsgDetector*>(&prepared);
  if (!osg || osg->variant_ != variant_ || !osg->graph_ || osg->graph_->scene != &scene)
    return prepare(scene, vehicle_count);
  use_graph(osg->graph_, scene, vehicle_count);
}

void OsgDetector::use_graph(std::shared_ptr<const OsgGraph> graph, const Scene& scene, int vehicle_count) {
  graph_ = std::move(graph);
  vertical_within_deg_ = scene.vertical_within_deg;
  surface_ = scene.surface;
  probes_.resize(static_cast<std::size_t>(std::max(vehicle_count, 1)));
  for (Probe& p : probes_) {
    p.group = new osgUtil::IntersectorGroup;
    for (auto& edge : p.edges) {
      edge = new osgUtil::LineSegmentIntersector(osg::Vec3d(), osg::Vec3d(1, 0, 0));
      edge->setIntersectionLimit(osgUtil::Intersector::NO_LIMIT);
      p.group->addIntersector(edge.get());
    }
    p.visitor = new osgUtil::IntersectionVisitor(p.group.get());
    p.visitor->setTraversalMask(scene.collision.node_mask);
  }
}

int OsgDetector::collect_hits(osgUtil::LineSegmentIntersector& edge) {
  int hits = 0;
  for (const auto& hit : edge.getIntersections()) {
    const osg::Geometry* geometry = hit.drawable ? hit.drawable->asGeometry() : nullptr;
    const auto* vertices = geometry ? dynamic_cast<const osg::Vec3Array*>(geometry->getVertexArray()) : nullptr;
    if (!vertices || hit.indexList.size() != 3) continue;
    const osg::RefMatrix* m = hit.matrix.get();
    // A merged KdTree geometry's triangles are the scene's: take them in double precision, by their index.
    const int merged = graph_->triangle_hit(hit.drawable.get(), hit.indexList[0]);
    const Triangle t = merged >= 0 ? graph_->triangles[static_cast<std::size_t>(merged)]
                                   : Triangle{to_world((*vertices)[hit.indexList[0]], m),
                                              to_world((*vertices)[hit.indexList[1]], m),
                                              to_world((*vertices)[hit.indexList[2]], m)};
    if (vertical_within_deg_ >= 0 && !is_vertical(t, vertical_within_deg_)) continue;  // not a wall here
    set_.add_triangle(t, merged >= 0 ? merged : static_cast<int>(hit.primitiveIndex));
    ++hits;
  }
  return hits;
}

void OsgDetector::detect(std::span<const VehiclePose> poses, std::vector<Contact>& out, DetectorStats& stats) {
  for (std::size_t v = 0; v < poses.size(); ++v) {
    Probe& probe = probes_[std::min(v, probes_.size() - 1)];
    const BoundingRectangle rect = bounding_rectangle(poses[v], surface_.get());
    for (int e = 0; e < 4; ++e) {
      const Vec2 &a = rect.corners_W[e], &b = rect.corners_W[(e + 1) % 4];
      probe.edges[e]->setStart(osg::Vec3d(a.x(), a.y(), rect.z));
      probe.edges[e]->setEnd(osg::Vec3d(b.x(), b.y(), rect.z));
    }
    probe.group->reset();
    probe.visitor->reset();
    graph_->graph->accept(*probe.visitor);
    set_.reset(rect);
    for (const auto& edge : probe.edges) stats.primitives_tested += collect_hits(*edge);
    set_.emit(static_cast<int>(v), out);
  }
}

std::unique_ptr<Detector> make_osg_detector() { return std::make_unique<OsgDetector>(OsgVariant::kAsLoaded); }
std::unique_ptr<Detector> make_osg_optimized_detector() {
  return std::make_unique<OsgDetector>(OsgVariant::kOptimized);
}
std::unique_ptr<Detector> make_osg_kdtree_detector() { return std::make_unique<OsgDetector>(OsgVariant::kKdTree); }

}  // namespace crashbench
