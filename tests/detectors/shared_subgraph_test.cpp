// A scene graph may share a subgraph among several parents (an .osgt's unique ids do): the traversal sees
// it once per path. 4 KB of .osgt, ten references per group nine groups deep
// (fuzz/regressions/scene_loader/osgt-shared-group-billion-paths.bin), made 40 million triangle copies at
// seven levels and gigabytes at nine; these graphs are built here in memory.
#include <gtest/gtest.h>

#include <osg/Geode>
#include <osg/Geometry>
#include <osg/Group>
#include <osg/MatrixTransform>

#include <algorithm>
#include <string>
#include <vector>

#include "detectors/scenes/triangle_extraction.hpp"
#include "tests/support/error_message.hpp"

namespace crashbench {
namespace {

/// A geode of `count` separate vertical triangles (a wall's), side by side along X.
osg::ref_ptr<osg::Geode> wall_of_triangles(int count) {
  osg::ref_ptr<osg::Vec3Array> vertices = new osg::Vec3Array;
  for (int k = 0; k < count; ++k)
    for (const osg::Vec3 v : {osg::Vec3(k, 0, 0), osg::Vec3(k + 1, 0, 0), osg::Vec3(k, 0, 1)}) vertices->push_back(v);
  osg::ref_ptr<osg::Geometry> geometry = new osg::Geometry;
  geometry->setVertexArray(vertices.get());
  geometry->addPrimitiveSet(new osg::DrawArrays(osg::PrimitiveSet::TRIANGLES, 0, 3 * count));
  osg::ref_ptr<osg::Geode> geode = new osg::Geode;
  geode->addDrawable(geometry.get());
  return geode;
}

/// `levels` groups above `leaf`, each listing the one below `fan` times: fan^levels paths to the leaf.
osg::ref_ptr<osg::Node> shared_chain(osg::ref_ptr<osg::Node> leaf, int levels, int fan) {
  for (int level = 0; level < levels; ++level) {
    osg::ref_ptr<osg::Group> group = new osg::Group;
    for (int k = 0; k < fan; ++k) group->addChild(leaf.get());
    leaf = group;
  }
  return leaf;
}

/// The same, with each reference under its own translation (10^level m times its place in the list), so
/// that every path places the leaf somewhere else.
osg::ref_ptr<osg::Node> shared_chain_of_placements(osg::ref_ptr<osg::Node> leaf, int levels, int fan) {
  double step = 1000;
  for (int level = 0; level < levels; ++level, step *= 10) {
    osg::ref_ptr<osg::Group> group = new osg::Group;
    for (int k = 0; k < fan; ++k) {
      osg::ref_ptr<osg::MatrixTransform> placed = new osg::MatrixTransform(osg::Matrixd::translate(0, k * step, 0));
      placed->addChild(leaf.get());
      group->addChild(placed.get());
    }
    leaf = group;
  }
  return leaf;
}

TEST(SharedSubgraph, OneGeometryReachedAlongManyPathsUnderOneTransformIsOneSurface) {
  const osg::ref_ptr<osg::Node> root = shared_chain(wall_of_triangles(1), 3, 3);  // 27 paths, no transform
  EXPECT_EQ(all_triangles(*root).size(), 1u);
  EXPECT_EQ(collision_triangles(*root, true).size(), 1u);
  EXPECT_EQ(census(*root).total, 1);
}

TEST(SharedSubgraph, EachPlacementOfASharedGeometryCounts) {
  const osg::ref_ptr<osg::Node> root = shared_chain_of_placements(wall_of_triangles(1), 2, 3);  // 9 places
  const std::vector<Triangle> triangles = all_triangles(*root);
  ASSERT_EQ(triangles.size(), 9u);
  // The leaf's first vertex lands at Y = 1000 i + 10000 j for i, j in 0..2: nine distinct places.
  std::vector<double> ys;
  for (const Triangle& t : triangles) ys.push_back(t.a_W.y());
  std::sort(ys.begin(), ys.end());
  EXPECT_EQ(std::adjacent_find(ys.begin(), ys.end()), ys.end());
  EXPECT_DOUBLE_EQ(ys.back(), 22000.0);
}

TEST(SharedSubgraph, MillionsOfPathsAreAnErrorNotBillionsOfVisits) {
  const osg::ref_ptr<osg::Node> root = shared_chain(wall_of_triangles(1), 9, 10);  // 10^9 paths
  const std::string message = testing::error_message([&] { (void)collision_triangles(*root, false); });
  EXPECT_NE(message.find("paths to its nodes"), std::string::npos) << message;
}

TEST(SharedSubgraph, MillionsOfPlacedTrianglesAreAnErrorNotGigabytes) {
  // 10^4 placements of 300 triangles: 3 million, past the limit of 2 million, in 11,111 visits.
  const osg::ref_ptr<osg::Node> root = shared_chain_of_placements(wall_of_triangles(300), 4, 10);
  const std::string message = testing::error_message([&] { (void)collision_triangles(*root, false); });
  EXPECT_NE(message.find("more than 2000000 triangles"), std::string::npos) << message;
}

}  // namespace
}  // namespace crashbench
