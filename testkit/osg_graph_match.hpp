#pragma once
// Whether two OpenSceneGraph graphs are the same scene to everything crashbench reads of one: the node
// tree with its names and descriptions, every drawable's triangles corner by corner (position and texture
// coordinates, bit for bit, in order), and each geode's state (material colour, texture file, culling,
// blending, shading, lighting). Vertex sharing and normals are not compared: collision reads neither. For the AC3D
// parser's tests and its differential fuzz harness (fuzz/ac3d_reader_fuzz.cpp).
#include <osg/CullFace>
#include <osg/Geode>
#include <osg/Geometry>
#include <osg/Material>
#include <osg/ShadeModel>
#include <osg/Texture>
#include <osg/TriangleIndexFunctor>

#include <fmt/format.h>

#include <string>
#include <vector>

namespace crashbench::testing {

/// A triangle corner as collision and texturing see it.
struct GraphCorner {
  osg::Vec3 position;
  osg::Vec2 texcoord;
  bool operator==(const GraphCorner&) const = default;
};

inline std::vector<GraphCorner> graph_corners(const osg::Geometry& geometry) {
  struct Collect {
    const osg::Vec3Array* positions = nullptr;
    const osg::Vec2Array* texcoords = nullptr;
    std::vector<GraphCorner>* out = nullptr;
    void operator()(unsigned a, unsigned b, unsigned c) {
      for (const unsigned i : {a, b, c})
        out->push_back({(*positions)[i], texcoords ? (*texcoords)[i] : osg::Vec2()});
    }
  };
  std::vector<GraphCorner> corners;
  osg::TriangleIndexFunctor<Collect> functor;
  functor.positions = dynamic_cast<const osg::Vec3Array*>(geometry.getVertexArray());
  functor.texcoords = dynamic_cast<const osg::Vec2Array*>(geometry.getTexCoordArray(0));
  functor.out = &corners;
  if (functor.positions) geometry.accept(functor);
  return corners;
}

/// What of a geode's state a scene reads or a viewer shows, as text.
inline std::string graph_state(const osg::StateSet* state) {
  if (!state) return "no state";
  const auto* material = dynamic_cast<const osg::Material*>(state->getAttribute(osg::StateAttribute::MATERIAL));
  const auto* texture = state->getTextureAttribute(0, osg::StateAttribute::TEXTURE);
  const osg::Image* image = texture ? texture->asTexture()->getImage(0) : nullptr;
  const auto* shade = dynamic_cast<const osg::ShadeModel*>(state->getAttribute(osg::StateAttribute::SHADEMODEL));
  const auto* cull = dynamic_cast<const osg::CullFace*>(state->getAttribute(osg::StateAttribute::CULLFACE));
  const osg::Vec4 diffuse = material ? material->getDiffuse(osg::Material::FRONT) : osg::Vec4();
  return fmt::format("material {} ({} {} {} {}), texture '{}', cull {} {}, blend {}, hint {}, shade {}, lighting {}",
                     material ? material->getName() : "none", diffuse.r(), diffuse.g(), diffuse.b(), diffuse.a(),
                     image ? image->getFileName() : "", state->getMode(GL_CULL_FACE), cull ? static_cast<int>(cull->getMode()) : 0,
                     state->getMode(GL_BLEND), state->getRenderingHint(), shade ? static_cast<int>(shade->getMode()) : -1,
                     state->getMode(GL_LIGHTING));
}

/// The first difference between graphs `a` and `b` at `where`, or "" when they are the same scene.
inline std::string graph_difference(const osg::Node& a, const osg::Node& b, const std::string& where = "root") {
  if (std::string(a.className()) != b.className())
    return fmt::format("{}: a {} against a {}", where, a.className(), b.className());
  if (a.getName() != b.getName()) return fmt::format("{}: named '{}' against '{}'", where, a.getName(), b.getName());
  if (a.getDescriptions() != b.getDescriptions()) return where + ": other descriptions";
  if (graph_state(a.getStateSet()) != graph_state(b.getStateSet()))
    return fmt::format("{}: state {} against {}", where, graph_state(a.getStateSet()), graph_state(b.getStateSet()));
  if (const osg::Geode* ga = a.asGeode()) {
    const osg::Geode& gb = *b.asGeode();
    if (ga->getNumDrawables() != gb.getNumDrawables()) return where + ": another number of drawables";
    for (unsigned i = 0; i < ga->getNumDrawables(); ++i) {
      const osg::Geometry* x = ga->getDrawable(i)->asGeometry();
      const osg::Geometry* y = gb.getDrawable(i)->asGeometry();
      if (!x || !y) return fmt::format("{}: drawable {} is no geometry", where, i);
      if (graph_corners(*x) != graph_corners(*y)) return fmt::format("{}: drawable {} has other triangles", where, i);
      if (x->getNumPrimitiveSets() != y->getNumPrimitiveSets()) return fmt::format("{}: drawable {}'s primitive sets", where, i);
      const auto* cx = dynamic_cast<const osg::Vec4Array*>(x->getColorArray());
      const auto* cy = dynamic_cast<const osg::Vec4Array*>(y->getColorArray());
      if (!cx || !cy || *cx != *cy) return fmt::format("{}: drawable {}'s colour", where, i);
    }
  } else if (const osg::Group* ga = a.asGroup()) {
    const osg::Group& gb = *b.asGroup();
    if (ga->getNumChildren() != gb.getNumChildren())
      return fmt::format("{}: {} children against {}", where, ga->getNumChildren(), gb.getNumChildren());
    for (unsigned i = 0; i < ga->getNumChildren(); ++i)
      if (std::string d = graph_difference(*ga->getChild(i), *gb.getChild(i), fmt::format("{}/{}'{}'", where, i, ga->getChild(i)->getName()));
          !d.empty())
        return d;
  }
  return "";
}

}  // namespace crashbench::testing
