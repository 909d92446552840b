#include "detectors/scenes/triangle_extraction.hpp"

#include <osg/Billboard>
#include <osg/Drawable>
#include <osg/Geometry>
#include <osg/PrimitiveSet>
#include <osg/NodeVisitor>
#include <osg/Texture>
#include <osgDB/FileNameUtils>
#include <osg/Transform>
#include <osg/TriangleFunctor>

#include <set>
#include <string>
#include <utility>

#include "core/error.hpp"
#include "core/units.hpp"
#include "detectors/scenes/sprites.hpp"

namespace crashbench {
namespace {

Vec3 to_world(const osg::Vec3& v, const osg::Matrixd& m) {
  const osg::Vec3d w = osg::Vec3d(v) * m;
  return {w.x(), w.y(), w.z()};
}

/// Receives each triangle of a drawable from osg::TriangleFunctor.
struct TriangleSink {
  const osg::Matrixd* matrix = nullptr;
  std::vector<Triangle>* out = nullptr;
  void operator()(const osg::Vec3& a, const osg::Vec3& b, const osg::Vec3& c) {
    out->push_back({to_world(a, *matrix), to_world(b, *matrix), to_world(c, *matrix)});
  }
};

/// Why OpenSceneGraph's TriangleFunctor cannot read `geometry` safely, or "" when it can. The functor reads
/// indices unchecked, takes its vertices only from a Vec3Array (it ignores any other type and then reads
/// indexed primitives through a null pointer), and reads a triangle list in whole triples even past a count
/// that is no multiple of 3; a corrupt or unusual file must not make it read out of bounds.
std::string unreadable_geometry(const osg::Geometry& geometry) {
  const osg::Array* vertices = geometry.getVertexArray();
  const unsigned long n = vertices ? vertices->getNumElements() : 0;
  if (geometry.getNumPrimitiveSets() > 0 && n > 0 && vertices->getType() != osg::Array::Vec3ArrayType)
    return "its vertex array is not of 3-component float vertices (OSG array type " +
           std::to_string(static_cast<int>(vertices->getType())) + "), the only type read for collision";
  for (unsigned i = 0; i < geometry.getNumPrimitiveSets(); ++i) {
    const osg::PrimitiveSet* p = geometry.getPrimitiveSet(i);
    const bool in_range = [&] {
      if (const auto* elements = dynamic_cast<const osg::DrawElements*>(p)) {
        for (unsigned k = 0; k < elements->getNumIndices(); ++k)
          if (elements->index(k) >= n) return false;
      } else if (const auto* arrays = dynamic_cast<const osg::DrawArrays*>(p)) {
        return arrays->getFirst() >= 0 && static_cast<unsigned long>(arrays->getFirst()) + arrays->getCount() <= n;
      } else if (const auto* lengths = dynamic_cast<const osg::DrawArrayLengths*>(p)) {
        // Every run in range, not only their sum: a negative length would hide one that reads past the end.
        long end = lengths->getFirst();
        if (end < 0) return false;
        for (const auto length : *lengths) {
          end += length;
          if (length < 0 || static_cast<unsigned long>(end) > n) return false;
        }
      }
      return true;
    }();
    if (!in_range) return "a primitive of this geometry indexes past its " + std::to_string(n) + " vertices";
    if (p->getMode() == osg::PrimitiveSet::TRIANGLES && p->getNumIndices() % 3 != 0)
      return "a triangle list has " + std::to_string(p->getNumIndices()) + " indices, not a multiple of 3";
  }
  return "";
}

/// The base names of the image files of every texture the state sets along `path` carry (the drawable's,
/// its geode's, and those inherited from the nodes above: AC3D readers put an object's texture on its
/// geode's state set). A texture whose image OSG did not read has no file name and names nothing.
std::vector<std::string> texture_file_names(const osg::NodePath& path) {
  std::vector<std::string> names;
  for (const osg::Node* node : path) {
    const osg::StateSet* state = node->getStateSet();
    if (!state) continue;
    for (unsigned unit = 0; unit < state->getNumTextureAttributeLists(); ++unit) {
      const auto* texture = dynamic_cast<const osg::Texture*>(
          state->getTextureAttribute(unit, osg::StateAttribute::TEXTURE));
      for (unsigned i = 0; texture && i < texture->getNumImages(); ++i)
        if (const osg::Image* image = texture->getImage(i); image && !image->getFileName().empty())
          names.push_back(osgDB::getSimpleFileName(image->getFileName()));
    }
  }
  return names;
}

/// Whether `filter`'s texture globs keep the drawable at the end of `path` (no globs: yes).
bool textures_admit(const CollisionFilter& filter, const osg::NodePath& path) {
  if (filter.include_textures.empty() && filter.exclude_textures.empty()) return true;
  return filter.admits_textures(texture_file_names(path));
}

/// Walks the graph keeping the accumulated transform; collects the triangles of every drawable the scene
/// shows: an osg::Switch's children switched on, an osg::Sequence's frame shown, an osg::LOD's most detailed
/// child (its range holding distance 0, the NodeVisitor's distance to the eye), as OSG's IntersectionVisitor
/// reads them for the `osg` detectors. A coarse copy of a barrier or a wall switched off is no wall.
class TriangleCollector : public osg::NodeVisitor {
 public:
  /// `filter` (null: everything) must outlive the collector.
  explicit TriangleCollector(std::vector<Triangle>& out, const CollisionFilter* filter = nullptr,
                             std::vector<DrawableSpan>* spans = nullptr)
      : osg::NodeVisitor(osg::NodeVisitor::TRAVERSE_ACTIVE_CHILDREN),
        out_(out),
        filter_(filter),
        spans_(spans),
        included_(!filter || filter->include.empty()) {}

  void apply(osg::Billboard& billboard) override {
    const bool saved = in_billboard_;
    in_billboard_ = true;
    osg::NodeVisitor::apply(billboard);
    in_billboard_ = saved;
  }

  void apply(osg::Node& node) override {
    const bool saved = included_;
    nest(node);
    if (enter(node)) traverse(node);
    --depth_;
    included_ = saved;
  }

  void apply(osg::Transform& transform) override {
    const osg::Matrixd saved = matrix_;
    const bool saved_included = included_;
    nest(transform);
    if (enter(transform)) {
      transform.computeLocalToWorldMatrix(matrix_, this);
      traverse(transform);
    }
    --depth_;
    matrix_ = saved;
    included_ = saved_included;
  }

  void apply(osg::Drawable& drawable) override {
    const bool saved = included_;
    const bool take = enter(drawable) && included_ && (!filter_ || textures_admit(*filter_, getNodePath())) &&
                      (!filter_ || filter_->sprites || !is_sprite(drawable));
    included_ = saved;
    if (!take) return;
    if (const osg::Geometry* geometry = drawable.asGeometry())
      if (const std::string why = unreadable_geometry(*geometry); !why.empty())
        throw Error("", drawable.getName(), why + ": the file is corrupt or not a scene crashbench can read");
    // A drawable shared by several parents (an .osgt's unique ids) under the same transform is the same
    // surface: collected once, so that a file sharing one geometry along millions of paths cannot make
    // millions of coincident copies.
    if (!collected_.emplace(&drawable, matrix_).second) return;
    osg::TriangleFunctor<TriangleSink> functor;
    functor.matrix = &matrix_;
    functor.out = &out_;
    const std::size_t first = out_.size();
    drawable.accept(functor);
    for (std::size_t k = first; k < out_.size(); ++k)
      if (!out_[k].a_W.allFinite() || !out_[k].b_W.allFinite() || !out_[k].c_W.allFinite())
        throw Error("", drawable.getName(), "a vertex is not a finite number (NaN or infinite after the scene's transforms): "
                    "the file is corrupt or not a scene crashbench can read");
    if (spans_) spans_->push_back({&drawable, in_billboard_, first, out_.size() - first});
    if (out_.size() > kMaxTriangles)
      throw Error("", drawable.getName(), "the scene graph holds more than " + std::to_string(kMaxTriangles) +
                                              " triangles (counted once per placement of each geometry): "
                                              "more than crashbench loads");
  }

 private:
  /// False when the filter skips `node` and everything under it; a name matching an include glob makes
  /// the subtree count.
  bool enter(const osg::Node& node) {
    if (!filter_) return true;
    if ((node.getNodeMask() & filter_->node_mask) == 0) return false;
    const std::string& name = node.getName();
    if (name.empty()) return true;
    for (const std::string& glob : filter_->exclude)
      if (glob_matches(glob, name)) return false;
    for (const std::string& glob : filter_->include)
      if (glob_matches(glob, name)) included_ = true;
    return true;
  }

  /// A file can make a graph that contains itself (an .osgt's unique ids): without a bound the traversal
  /// recurses until the stack overflows (found by fuzz/scene_loader_fuzz.cpp).
  void nest(const osg::Node& node) {
    if (++depth_ > kMaxDepth)
      throw Error("", node.getName(), "the scene graph nests deeper than " + std::to_string(kMaxDepth) +
                                          " levels (does it contain itself?)");
    // A node shared by several parents is visited once per path, and a few kilobytes of shared groups
    // (each listing the next ten times) make billions of paths: bounded like the depth.
    if (++visits_ > kMaxVisits)
      throw Error("", node.getName(), "the scene graph has more than " + std::to_string(kMaxVisits) +
                                          " paths to its nodes (its shared subgraphs repeat one another)");
  }

  static constexpr int kMaxDepth = 512;
  /// Node visits and triangles at most (twice the largest built-in scene's million triangles), so that a
  /// file multiplying its geometry through shared subgraphs costs a second and a few hundred MB, not
  /// gigabytes (4 KB of .osgt, made while looking into the scene-loader fuzz campaign's memory stops, held
  /// 40 million triangle copies).
  static constexpr long kMaxVisits = 1'000'000;
  static constexpr std::size_t kMaxTriangles = 2'000'000;
  long visits_ = 0;
  std::set<std::pair<const osg::Drawable*, osg::Matrixd>> collected_;
  std::vector<Triangle>& out_;
  const CollisionFilter* filter_;
  std::vector<DrawableSpan>* spans_;
  bool included_;
  bool in_billboard_ = false;
  int depth_ = 0;
  osg::Matrixd matrix_;
};

/// Leaves out of a graph what `filter`'s names and textures leave out: node mask 0 on each excluded node;
/// each drawable under no included node (when the filter includes by name) or whose textures it leaves out
/// is collected and then removed from its geode (an IntersectionVisitor reads a geode's drawables whatever
/// their masks).
class NonCollidingMarker : public osg::NodeVisitor {
 public:
  explicit NonCollidingMarker(const CollisionFilter& filter)
      : osg::NodeVisitor(osg::NodeVisitor::TRAVERSE_ALL_CHILDREN), filter_(filter), included_(filter.include.empty()) {}

  void apply(osg::Node& node) override {
    const bool saved = included_;
    if (keep(node)) traverse(node);
    included_ = saved;
  }

  void apply(osg::Drawable& drawable) override {
    const bool saved = included_;
    const osg::NodePath& path = getNodePath();
    const bool sprite = !filter_.sprites && is_sprite(drawable);
    if (keep(drawable) && (!included_ || !textures_admit(filter_, path) || sprite) && path.size() >= 2)
      if (osg::Group* parent = path[path.size() - 2]->asGroup()) left_out_.emplace_back(parent, &drawable);
    included_ = saved;
  }

  /// Removes the collected drawables (after the traversal: not while it walks their geodes).
  void remove_left_out() {
    for (auto& [parent, drawable] : left_out_) parent->removeChild(drawable.get());
    left_out_.clear();
  }

 private:
  bool keep(osg::Node& node) {
    const std::string& name = node.getName();
    if (name.empty()) return true;
    for (const std::string& glob : filter_.exclude)
      if (glob_matches(glob, name)) {
        node.setNodeMask(0);
        return false;
      }
    for (const std::string& glob : filter_.include)
      if (glob_matches(glob, name)) included_ = true;
    return true;
  }

  const CollisionFilter& filter_;
  bool included_;
  std::vector<std::pair<osg::ref_ptr<osg::Group>, osg::ref_ptr<osg::Node>>> left_out_;
};

Vec3 normal_of(const Triangle& t) { return (t.b_W - t.a_W).cross(t.c_W - t.a_W); }

}  // namespace

bool is_degenerate(const Triangle& t) {
  const double e = std::max({(t.b_W - t.a_W).squaredNorm(), (t.c_W - t.b_W).squaredNorm(),
                             (t.a_W - t.c_W).squaredNorm()});
  const double shortest = std::min({(t.b_W - t.a_W).squaredNorm(), (t.c_W - t.b_W).squaredNorm(),
                                    (t.a_W - t.c_W).squaredNorm()});
  return shortest < 1e-18 || normal_of(t).norm() <= 1e-12 * e;
}

bool is_vertical(const Triangle& t, double tolerance_deg) {
  const Vec3 n = normal_of(t);
  const double len = n.norm();
  return len > 0 && std::abs(n.z()) <= len * std::sin(tolerance_deg * kDegToRad);
}

std::vector<Triangle> triangles_by_drawable(osg::Node& root, std::vector<DrawableSpan>& spans) {
  std::vector<Triangle> out;
  TriangleCollector collector(out, nullptr, &spans);
  root.accept(collector);
  return out;
}

std::vector<Triangle> all_triangles(osg::Node& root) {
  std::vector<Triangle> out;
  TriangleCollector collector(out);
  root.accept(collector);
  return out;
}

TriangleCensus census(osg::Node& root, double tolerance_deg) { return census(all_triangles(root), tolerance_deg); }

TriangleCensus census(const std::vector<Triangle>& all, double tolerance_deg) {
  TriangleCensus c;
  c.total = static_cast<int>(all.size());
  for (std::size_t i = 0; i < all.size(); ++i) {
    const Triangle& t = all[i];
    for (const Vec3* v : {&t.a_W, &t.b_W, &t.c_W}) {
      c.lo_W = i == 0 && v == &t.a_W ? *v : c.lo_W.cwiseMin(*v);
      c.hi_W = i == 0 && v == &t.a_W ? *v : c.hi_W.cwiseMax(*v);
    }
    if (is_degenerate(t))
      ++c.degenerate;
    else if (is_vertical(t, tolerance_deg))
      ++c.vertical;
  }
  return c;
}

std::vector<Triangle> collision_triangles(osg::Node& root, bool vertical_only, double tolerance_deg,
                                          const CollisionFilter& filter) {
  std::vector<Triangle> all;
  TriangleCollector collector(all, &filter);
  root.accept(collector);
  std::vector<Triangle> out;
  for (const Triangle& t : all)
    if (!is_degenerate(t) && (!vertical_only || is_vertical(t, tolerance_deg))) out.push_back(t);
  return out;
}

void mark_non_colliding(osg::Node& root, const CollisionFilter& filter) {
  NonCollidingMarker marker(filter);
  root.accept(marker);
  marker.remove_left_out();
}

}  // namespace crashbench
