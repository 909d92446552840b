#pragma once
// Sprites: scenery drawn as pictures on cards, which a car drives through in the simulator it stands for
// (docs/scenes.md, "What collides by default"). A drawable is a sprite if it stands under an
// osg::Billboard, or if it is a stand-alone vertical card: every triangle within kSpriteVerticalDeg of
// vertical, every pair of its triangles that share an edge coplanar (a card, not a box or a bent wall),
// no card wider than kSpriteMaxWidth, and no edge of it shared with a triangle of another drawable (it is
// not part of a structure). Real tracks draw trees, bushes and grass clumps so (TORCS's RECT... and OBJ...
// objects); a barrier is a long strip or a box. A case makes them collide with `"sprites": true`.
#include <osg/Node>

#include <vector>

#include "detectors/scenes/triangle_extraction.hpp"

namespace crashbench {

/// Widest card a sprite may have, measured along the ground [m]: a tall tree's crown; a stand-alone
/// panel wider than this is a wall.
inline constexpr double kSpriteMaxWidth = 15.0;
/// A sprite's triangles lie within this of vertical [deg].
inline constexpr double kSpriteVerticalDeg = 10.0;

/// Marks every sprite drawable under `root` (an OSG description, which copies of the graph keep) and
/// returns how many drawables are sprites.
int mark_sprites(osg::Node& root);
/// mark_sprites on the graph whose triangles_by_drawable gave `all` and `spans` (the graph's other walks
/// reuse them: scene loads).
int mark_sprites(const std::vector<Triangle>& all, const std::vector<DrawableSpan>& spans);

/// Whether mark_sprites marked `node`.
bool is_sprite(const osg::Node& node);

}  // namespace crashbench
