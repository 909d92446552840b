#pragma once
// Collects triangles into OSG geometry, one Geode per chunk, as a modelling tool groups a database
// into objects. Used by the scene generators; world frame, Z up [m].
#include <Eigen/Geometry>
#include <osg/Geode>
#include <osg/Geometry>
#include <osg/Group>
#include <string>

#include "core/math.hpp"

namespace crashbench {

/// Beyond 2^16 m [m] a float vertex is rounded by more than 4 mm (a georeferenced OpenDRIVE file's UTM
/// coordinates, 0.25 m at a northing of 5,000 km): geometry there is kept relative to a corner of its own.
inline constexpr double kFarFromOrigin = 65536;

class MeshBuilder {
 public:
  /// `name` names the returned group; `rgba` colours every triangle.
  MeshBuilder(std::string name, const osg::Vec4& rgba);

  /// One triangle, counter-clockwise seen from its front [m].
  void triangle(const Vec3& a, const Vec3& b, const Vec3& c);
  /// Quad a-b-c-d as the triangles a-b-c and a-c-d [m].
  void quad(const Vec3& a, const Vec3& b, const Vec3& c, const Vec3& d);
  /// Closes the current chunk: later triangles go to a new Geode.
  void end_chunk();
  /// The group of chunks (the builder is spent afterwards).
  osg::ref_ptr<osg::Group> finish();
  /// Triangles added so far.
  int triangle_count() const { return count_; }

 private:
  void open_chunk(const Vec3& first);

  osg::ref_ptr<osg::Group> group_;
  Vec3 origin_ = Vec3::Zero();  ///< what the chunk's float vertices are relative to (far from 0 only) [m]
  osg::ref_ptr<osg::Vec3Array> vertices_, normals_;
  osg::Vec4 rgba_;
  int count_ = 0;
  int chunk_ = 0;
};

}  // namespace crashbench
