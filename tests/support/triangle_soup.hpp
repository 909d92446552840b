#pragma once
// A scene graph from bare vertices, for tests that build their own walls.
#include <osg/Geode>
#include <osg/Geometry>

#include <vector>

namespace crashbench::testing {

/// One Geode holding one Geometry whose vertices, three by three, are triangles (GL_TRIANGLES).
inline osg::ref_ptr<osg::Node> triangle_soup(const std::vector<osg::Vec3>& vertices) {
  osg::ref_ptr<osg::Vec3Array> v = new osg::Vec3Array(vertices.begin(), vertices.end());
  osg::ref_ptr<osg::Geometry> g = new osg::Geometry;
  g->setVertexArray(v.get());
  g->addPrimitiveSet(new osg::DrawArrays(GL_TRIANGLES, 0, static_cast<GLsizei>(v->size())));
  osg::ref_ptr<osg::Geode> geode = new osg::Geode;
  geode->addDrawable(g.get());
  return geode;
}

}  // namespace crashbench::testing
