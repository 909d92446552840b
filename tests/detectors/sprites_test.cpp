// The sprite rule (detectors/scenes/sprites.hpp): what it marks (a billboard, stand-alone vertical cards:
// one quad, two crossed quads) and what it leaves a wall (a box, a bent or long strip, a card joined to
// other geometry by an edge, a horizontal quad, a card wider than kSpriteMaxWidth).
#include "detectors/scenes/sprites.hpp"

#include <gtest/gtest.h>

#include <osg/Billboard>
#include <osg/Geode>

#include "detectors/scenes/mesh_builder.hpp"
#include "detectors/scenes/triangle_extraction.hpp"

namespace crashbench {
namespace {

using Build = void (*)(MeshBuilder&);

/// A graph of one drawable built by `build`, beside a road quad (the ground every real scene has).
osg::ref_ptr<osg::Group> scene_with(Build build) {
  osg::ref_ptr<osg::Group> root = new osg::Group;
  MeshBuilder road("road", osg::Vec4(0.5f, 0.5f, 0.5f, 1.0f));
  road.quad({-50, -50, 0}, {50, -50, 0}, {50, 50, 0}, {-50, 50, 0});
  root->addChild(road.finish().get());
  MeshBuilder thing("thing", osg::Vec4(0.5f, 0.5f, 0.5f, 1.0f));
  build(thing);
  root->addChild(thing.finish().get());
  return root;
}

/// A card 2 m wide and 4 m high in the plane X = x, standing on the road.
void card_at(MeshBuilder& m, double x) { m.quad({x, -1, 0}, {x, 1, 0}, {x, 1, 4}, {x, -1, 4}); }

TEST(Sprites, AStandAloneVerticalQuadIsASprite) {
  EXPECT_EQ(mark_sprites(*scene_with([](MeshBuilder& m) { card_at(m, 0); })), 1);
}

TEST(Sprites, CrossedQuadsAreOneSprite) {
  EXPECT_EQ(mark_sprites(*scene_with([](MeshBuilder& m) {
              card_at(m, 0);
              m.quad({-1, 0, 0}, {1, 0, 0}, {1, 0, 4}, {-1, 0, 4});
            })),
            1);
}

TEST(Sprites, ABoxIsAWall) {
  EXPECT_EQ(mark_sprites(*scene_with([](MeshBuilder& m) {
              m.quad({0, 0, 0}, {2, 0, 0}, {2, 0, 1}, {0, 0, 1});
              m.quad({2, 0, 0}, {2, 2, 0}, {2, 2, 1}, {2, 0, 1});
              m.quad({2, 2, 0}, {0, 2, 0}, {0, 2, 1}, {2, 2, 1});
              m.quad({0, 2, 0}, {0, 0, 0}, {0, 0, 1}, {0, 2, 1});
            })),
            0);
}

TEST(Sprites, ABentStripIsAWall) {
  EXPECT_EQ(mark_sprites(*scene_with([](MeshBuilder& m) {
              m.quad({0, 0, 0}, {3, 0, 0}, {3, 0, 1}, {0, 0, 1});
              m.quad({3, 0, 0}, {6, 1, 0}, {6, 1, 1}, {3, 0, 1});
            })),
            0);
}

TEST(Sprites, AStraightStripLongerThanTheWidestSpriteIsAWall) {
  EXPECT_EQ(mark_sprites(*scene_with([](MeshBuilder& m) {
              for (int i = 0; i < 4; ++i) m.quad({4.0 * i, 0, 0}, {4.0 * i + 4, 0, 0}, {4.0 * i + 4, 0, 1}, {4.0 * i, 0, 1});
            })),
            0);
  EXPECT_EQ(mark_sprites(*scene_with([](MeshBuilder& m) {
              const double w = kSpriteMaxWidth + 0.5;
              m.quad({0, 0, 0}, {w, 0, 0}, {w, 0, 1}, {0, 0, 1});
            })),
            0);
}

TEST(Sprites, ACardSharingAnEdgeWithOtherGeometryIsAWall) {
  osg::ref_ptr<osg::Group> root = scene_with([](MeshBuilder& m) { card_at(m, 0); });
  MeshBuilder cap("cap", osg::Vec4(0.5f, 0.5f, 0.5f, 1.0f));
  cap.quad({0, -1, 4}, {0, 1, 4}, {-1, 1, 4}, {-1, -1, 4});  // a roof on the card's top edge
  root->addChild(cap.finish().get());
  EXPECT_EQ(mark_sprites(*root), 0);
}

TEST(Sprites, AHorizontalQuadIsNoSprite) {
  EXPECT_EQ(mark_sprites(*scene_with([](MeshBuilder& m) { m.quad({0, 0, 1}, {2, 0, 1}, {2, 2, 1}, {0, 2, 1}); })), 0);
}

TEST(Sprites, EveryDrawableOfABillboardIsASprite) {
  osg::ref_ptr<osg::Group> root = scene_with([](MeshBuilder& m) {
    m.quad({0, 0, 0}, {2, 0, 0}, {2, 0, 1}, {0, 0, 1});
    m.quad({2, 0, 0}, {2, 2, 0}, {2, 2, 1}, {2, 0, 1});
  });
  // The box's geometry again, under a billboard: a sprite whatever its shape.
  osg::Geode* box = root->getChild(1)->asGroup()->getChild(0)->asGeode();
  ASSERT_NE(box, nullptr);
  osg::ref_ptr<osg::Billboard> billboard = new osg::Billboard;
  billboard->addDrawable(static_cast<osg::Drawable*>(box->getDrawable(0)->clone(osg::CopyOp::DEEP_COPY_ALL)));
  root->addChild(billboard.get());
  EXPECT_EQ(mark_sprites(*root), 1);
  EXPECT_TRUE(is_sprite(*billboard->getDrawable(0)));
  EXPECT_FALSE(is_sprite(*box->getDrawable(0)));
}

TEST(Sprites, CollisionTrianglesLeaveMarkedSpritesOutUnlessAsked) {
  osg::ref_ptr<osg::Group> root = scene_with([](MeshBuilder& m) { card_at(m, 0); });
  ASSERT_EQ(mark_sprites(*root), 1);
  CollisionFilter filter;
  EXPECT_TRUE(collision_triangles(*root, true, 10, filter).empty());
  filter.sprites = true;
  EXPECT_EQ(collision_triangles(*root, true, 10, filter).size(), 2u);
}

}  // namespace
}  // namespace crashbench
