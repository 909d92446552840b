#pragma once
// What in a scene file collides (a case's `scene.collision`, `crashbench scene info --exclude ...`): node
// names and an OSG node mask select the geometry that can be hit, so that a tree sprite or a start banner
// of a real track is scenery, not a wall; a height band measured from the road under each car leaves out
// what passes over its roof. The road under the car is found among all triangles either way.
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace crashbench {

/// Default top of the height band above the road under a car [m]: above the roof of a car or an SUV.
inline constexpr double kDefaultAboveRoadMax = 2.0;
/// Default of a file scene's `vertical_within_deg`: only faces within this of vertical collide [deg], so a
/// road crest or a ramp ahead (a slope under 45 deg) is ground the car rides, never a wall in front of it.
/// A case asks for more with a larger angle (90: every face).
inline constexpr double kDefaultVerticalWithinDeg = 45.0;
/// A height band that reaches everything: every height collides.
inline constexpr double kNoHeightBand = std::numeric_limits<double>::infinity();

struct CollisionFilter {
  /// Name globs (`*`, `?`, `[...]`): when any is given, only geometry under a node whose name matches one
  /// collides.
  std::vector<std::string> include;
  /// Name globs: geometry under a node whose name matches one never collides (exclusion wins).
  std::vector<std::string> exclude;
  /// Nodes whose mask shares no bit with this one are skipped with their subtree (OSG's convention).
  std::uint32_t node_mask = 0xffffffffu;
  /// The height band: a triangle whose lowest vertex lies more than this above the road under a car (the
  /// surface its rectangle rides on) does not collide with that car (start banners, gantry beams, bridge
  /// decks overhead), nor one wholly below that road (the road passed over on a bridge) [m, > 0];
  /// kNoHeightBand: every height collides. Applied per vehicle and step by every detector.
  double above_road_max = kDefaultAboveRoadMax;
  /// Globs on texture file names (the base name, without folders), of every texture the state sets from the
  /// root down to a geometry carry: when any is given, only geometry with a texture matching one collides.
  std::vector<std::string> include_textures;
  /// Texture globs: geometry carrying a texture that matches one never collides (a tree sprite whatever its
  /// node is called; exclusion wins).
  std::vector<std::string> exclude_textures;
  /// Whether sprites collide (detectors/scenes/sprites.hpp: a drawable under an osg::Billboard, or a small
  /// stand-alone vertical card such as a tree or a grass clump drawn as a picture): by default they are
  /// scenery.
  bool sprites = false;

  /// Whether names or textures leave some geometry out (the node mask and the band aside).
  bool selects_by_name_or_texture() const;
  /// Whether geometry whose state sets carry the textures `file_names` (base names) collides, as far as
  /// the texture globs go.
  bool admits_textures(const std::vector<std::string>& file_names) const;
};

/// Whether `name` matches the shell-style glob `pattern` as a whole (POSIX fnmatch, no flags).
bool glob_matches(const std::string& pattern, const std::string& name);

}  // namespace crashbench
