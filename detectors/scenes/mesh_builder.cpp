#include "detectors/scenes/mesh_builder.hpp"

#include <osg/MatrixTransform>
#include <osg/PrimitiveSet>

namespace crashbench {
namespace {

osg::Vec3 to_osg(const Vec3& v) {
  return {static_cast<float>(v.x()), static_cast<float>(v.y()), static_cast<float>(v.z())};
}

}  // namespace

MeshBuilder::MeshBuilder(std::string name, const osg::Vec4& rgba) : group_(new osg::Group), rgba_(rgba) {
  group_->setName(std::move(name));
}

void MeshBuilder::open_chunk(const Vec3& first) {
  if (vertices_) return;
  vertices_ = new osg::Vec3Array;
  normals_ = new osg::Vec3Array;
  // Far from the origin a chunk's vertices are kept relative to its first corner (to the metre), which a
  // transform above the chunk adds back in double; near it, as they are (the built-in scenes' bits).
  origin_ = first.cwiseAbs().maxCoeff() > kFarFromOrigin ? Vec3(first.array().round()) : Vec3::Zero();
}

void MeshBuilder::triangle(const Vec3& a, const Vec3& b, const Vec3& c) {
  open_chunk(a);
  const Vec3 n = (b - a).cross(c - a);
  const osg::Vec3 normal = n.norm() > 0 ? to_osg(n.normalized()) : osg::Vec3(0, 0, 1);
  for (const Vec3* v : {&a, &b, &c}) {
    vertices_->push_back(to_osg(*v - origin_));
    normals_->push_back(normal);
  }
  ++count_;
}

void MeshBuilder::quad(const Vec3& a, const Vec3& b, const Vec3& c, const Vec3& d) {
  triangle(a, b, c);
  triangle(a, c, d);
}

void MeshBuilder::end_chunk() {
  if (!vertices_ || vertices_->empty()) return;
  osg::ref_ptr<osg::Geometry> geometry = new osg::Geometry;
  geometry->setVertexArray(vertices_.get());
  geometry->setNormalArray(normals_.get(), osg::Array::BIND_PER_VERTEX);
  osg::ref_ptr<osg::Vec4Array> colours = new osg::Vec4Array;
  colours->push_back(rgba_);
  geometry->setColorArray(colours.get(), osg::Array::BIND_OVERALL);
  geometry->addPrimitiveSet(new osg::DrawArrays(GL_TRIANGLES, 0, static_cast<GLsizei>(vertices_->size())));
  osg::ref_ptr<osg::Geode> geode = new osg::Geode;
  geode->setName(group_->getName() + "-" + std::to_string(chunk_++));
  geode->addDrawable(geometry.get());
  if (origin_.isZero()) {
    group_->addChild(geode.get());
  } else {
    osg::ref_ptr<osg::MatrixTransform> placed =
        new osg::MatrixTransform(osg::Matrixd::translate(origin_.x(), origin_.y(), origin_.z()));
    placed->addChild(geode.get());
    group_->addChild(placed.get());
  }
  vertices_ = nullptr;
  normals_ = nullptr;
}

osg::ref_ptr<osg::Group> MeshBuilder::finish() {
  end_chunk();
  return group_;
}

}  // namespace crashbench
