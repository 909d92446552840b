// What collides in a scene file: node-name globs and the node mask pick the geometry (a tree sprite on
// the road, a start banner), the road under the car stays the surface either way.
#include <gtest/gtest.h>

#include <osg/Group>

#include "detectors/scenes/mesh_builder.hpp"
#include "detectors/scenes/triangle_extraction.hpp"

namespace crashbench {
namespace {

/// Three named groups of one vertical quad each (two triangles): a barrier, a tree sprite and a banner,
/// the banner's mask 0x2 (the others OSG's default, all bits).
osg::ref_ptr<osg::Group> three_objects() {
  osg::ref_ptr<osg::Group> root = new osg::Group;
  const auto wall = [&](const char* name, double x) {
    MeshBuilder mesh(name, osg::Vec4(0.5f, 0.5f, 0.5f, 1.0f));
    mesh.quad({x, -5, 0}, {x, 5, 0}, {x, 5, 2}, {x, -5, 2});
    osg::ref_ptr<osg::Group> g = mesh.finish();
    root->addChild(g.get());
    return g;
  };
  wall("barrier-left", 0);
  wall("TREEP608", 10);
  wall("banner", 20)->setNodeMask(0x2);
  return root;
}

std::size_t count(const CollisionFilter& filter) {
  osg::ref_ptr<osg::Group> root = three_objects();
  return collision_triangles(*root, false, kVerticalToleranceDeg, filter).size();
}

TEST(CollisionFilter, GlobsAndTheNodeMaskChooseWhatCollides) {
  EXPECT_EQ(count({}), 6u);
  EXPECT_EQ(count({{}, {"TREE*"}, 0xffffffffu}), 4u);        // the tree sprite is scenery
  EXPECT_EQ(count({{"barrier*"}, {}, 0xffffffffu}), 2u);     // only the barriers
  EXPECT_EQ(count({{"*"}, {"TREE*"}, 0xffffffffu}), 4u);     // exclusion wins
  EXPECT_EQ(count({{}, {}, 0x1u}), 4u);                      // the banner's mask shares no bit
  EXPECT_EQ(count({{}, {"tree*"}, 0xffffffffu}), 6u);        // globs are case-sensitive
  EXPECT_EQ(count({{}, {"TREE?608", "banner"}, 0x2u}), 2u);  // mask 0x2 keeps all three; two excluded
}

TEST(CollisionFilter, GlobsMatchTheWholeName) {
  EXPECT_TRUE(glob_matches("TREE*", "TREEP608"));
  EXPECT_FALSE(glob_matches("TREE", "TREEP608"));
  EXPECT_TRUE(glob_matches("B[0-9]LT*", "B2LT369"));
  EXPECT_FALSE(glob_matches("B[0-9]LT*", "BxLT369"));
}

}  // namespace
}  // namespace crashbench
