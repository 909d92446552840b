// What collides in a scene file: node-name globs and the node mask pick the geometry (a tree sprite on
// the road, a start banner), the road under the car stays the surface either way.
#include <gtest/gtest.h>

#include <osg/Geode>
#include <osg/Group>
#include <osg/Texture2D>

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

std::size_t count(std::vector<std::string> include, std::vector<std::string> exclude, std::uint32_t node_mask) {
  osg::ref_ptr<osg::Group> root = three_objects();
  CollisionFilter filter;
  filter.include = std::move(include);
  filter.exclude = std::move(exclude);
  filter.node_mask = node_mask;
  return collision_triangles(*root, false, kVerticalToleranceDeg, filter).size();
}

TEST(CollisionFilter, GlobsAndTheNodeMaskChooseWhatCollides) {
  EXPECT_EQ(count({}, {}, 0xffffffffu), 6u);
  EXPECT_EQ(count({}, {"TREE*"}, 0xffffffffu), 4u);        // the tree sprite is scenery
  EXPECT_EQ(count({"barrier*"}, {}, 0xffffffffu), 2u);     // only the barriers
  EXPECT_EQ(count({"*"}, {"TREE*"}, 0xffffffffu), 4u);     // exclusion wins
  EXPECT_EQ(count({}, {}, 0x1u), 4u);                      // the banner's mask shares no bit
  EXPECT_EQ(count({}, {"tree*"}, 0xffffffffu), 6u);        // globs are case-sensitive
  EXPECT_EQ(count({}, {"TREE?608", "banner"}, 0x2u), 2u);  // mask 0x2 keeps all three; two excluded
}

/// A state set with one texture whose image has only a file name (as the loader keeps a missing image).
osg::ref_ptr<osg::StateSet> textured(const char* file) {
  osg::ref_ptr<osg::Image> image = new osg::Image;
  image->setFileName(file);
  osg::ref_ptr<osg::StateSet> state = new osg::StateSet;
  state->setTextureAttribute(0, new osg::Texture2D(image.get()));
  return state;
}

/// Three vertical quads: "a" under a group textured models/tree1_n.png, "b" whose geometry carries
/// tree2_n.png itself, "c" untextured.
std::size_t count_textured(const CollisionFilter& filter) {
  osg::ref_ptr<osg::Group> root = new osg::Group;
  const auto wall = [](const char* name, double x) {
    MeshBuilder mesh(name, osg::Vec4(0.5f, 0.5f, 0.5f, 1.0f));
    mesh.quad({x, -5, 0}, {x, 5, 0}, {x, 5, 2}, {x, -5, 2});
    return mesh.finish();
  };
  osg::ref_ptr<osg::Group> above = new osg::Group;
  above->setStateSet(textured("models/tree1_n.png"));
  above->addChild(wall("a", 0).get());
  root->addChild(above.get());
  osg::ref_ptr<osg::Group> b = wall("b", 10);
  b->getChild(0)->asGeode()->getDrawable(0)->setStateSet(textured("tree2_n.png"));
  root->addChild(b.get());
  root->addChild(wall("c", 20).get());
  return collision_triangles(*root, false, kVerticalToleranceDeg, filter).size();
}

TEST(CollisionFilter, TextureGlobsSeeTheDrawablesTexturesAndThoseInherited) {
  CollisionFilter f;
  EXPECT_EQ(count_textured(f), 6u);
  f.exclude_textures = {"tree*"};
  EXPECT_EQ(count_textured(f), 2u);  // a by its group's texture, b by its own; c has none
  f.exclude_textures = {"tree1*"};
  EXPECT_EQ(count_textured(f), 4u);
  f.exclude_textures = {};
  f.include_textures = {"tree2*"};
  EXPECT_EQ(count_textured(f), 2u);  // only b; c, untextured, matches no include
  f.exclude_textures = {"*"};
  EXPECT_EQ(count_textured(f), 0u);  // exclusion wins
}

TEST(CollisionFilter, GlobsMatchTheWholeName) {
  EXPECT_TRUE(glob_matches("TREE*", "TREEP608"));
  EXPECT_FALSE(glob_matches("TREE", "TREEP608"));
  EXPECT_TRUE(glob_matches("B[0-9]LT*", "B2LT369"));
  EXPECT_FALSE(glob_matches("B[0-9]LT*", "BxLT369"));
}

}  // namespace
}  // namespace crashbench
