#include "detectors/scenes/triangle_extraction.hpp"

#include <osg/Drawable>
#include <osg/Geometry>
#include <osg/PrimitiveSet>
#include <osg/NodeVisitor>
#include <osg/Transform>
#include <osg/TriangleFunctor>

#include "core/error.hpp"
#include "core/units.hpp"

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

/// True when every primitive of `geometry` stays inside its vertex array. OpenSceneGraph's functors read
/// the indices unchecked, so a file whose indices run past the array would be read out of bounds.
bool indices_in_range(const osg::Geometry& geometry) {
  const osg::Array* vertices = geometry.getVertexArray();
  const unsigned long n = vertices ? vertices->getNumElements() : 0;
  for (unsigned i = 0; i < geometry.getNumPrimitiveSets(); ++i) {
    const osg::PrimitiveSet* p = geometry.getPrimitiveSet(i);
    if (const auto* elements = dynamic_cast<const osg::DrawElements*>(p)) {
      for (unsigned k = 0; k < elements->getNumIndices(); ++k)
        if (elements->index(k) >= n) return false;
    } else if (const auto* arrays = dynamic_cast<const osg::DrawArrays*>(p)) {
      if (arrays->getFirst() < 0 || static_cast<unsigned long>(arrays->getFirst()) + arrays->getCount() > n) return false;
    } else if (const auto* lengths = dynamic_cast<const osg::DrawArrayLengths*>(p)) {
      long total = lengths->getFirst();
      for (const auto length : *lengths) total += length;
      if (lengths->getFirst() < 0 || static_cast<unsigned long>(total) > n) return false;
    }
  }
  return true;
}

/// Walks the graph keeping the accumulated transform; collects every drawable's triangles.
class TriangleCollector : public osg::NodeVisitor {
 public:
  explicit TriangleCollector(std::vector<Triangle>& out)
      : osg::NodeVisitor(osg::NodeVisitor::TRAVERSE_ALL_CHILDREN), out_(out) {}

  void apply(osg::Transform& transform) override {
    const osg::Matrixd saved = matrix_;
    transform.computeLocalToWorldMatrix(matrix_, this);
    traverse(transform);
    matrix_ = saved;
  }

  void apply(osg::Drawable& drawable) override {
    if (const osg::Geometry* geometry = drawable.asGeometry(); geometry && !indices_in_range(*geometry))
      throw Error("", drawable.getName(), "a primitive of this geometry indexes past its " +
                                              std::to_string(geometry->getVertexArray() ? geometry->getVertexArray()->getNumElements() : 0) +
                                              " vertices: the file is corrupt");
    osg::TriangleFunctor<TriangleSink> functor;
    functor.matrix = &matrix_;
    functor.out = &out_;
    drawable.accept(functor);
  }

 private:
  std::vector<Triangle>& out_;
  osg::Matrixd matrix_;
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

std::vector<Triangle> all_triangles(osg::Node& root) {
  std::vector<Triangle> out;
  TriangleCollector collector(out);
  root.accept(collector);
  return out;
}

TriangleCensus census(osg::Node& root, double tolerance_deg) {
  const std::vector<Triangle> all = all_triangles(root);
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

std::vector<Triangle> collision_triangles(osg::Node& root, bool vertical_only, double tolerance_deg) {
  std::vector<Triangle> out;
  for (const Triangle& t : all_triangles(root))
    if (!is_degenerate(t) && (!vertical_only || is_vertical(t, tolerance_deg))) out.push_back(t);
  return out;
}

}  // namespace crashbench
