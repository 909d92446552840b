#pragma once
// Checks a track definition's centre line (torcs_track_geometry.hpp) against the scene it belongs to:
// TORCS writes its main road (objects named tkMn..., TKMN...) with each cross-section's left and right
// vertices next to each other (vertices 2k, 2k+1), so the definition's start line must be one of those
// cross-sections. One scene of torcs-data (dirt-4.ac) lies 705.53 m from where its definition lays it
// out; its first road cross-section is still the start line, as trackgen writes it, and anchors the line.
#include <istream>
#include <string>
#include <vector>

#include "detectors/scenes/torcs/centreline.hpp"
#include "detectors/scenes/torcs/torcs_track_geometry.hpp"

namespace crashbench {

/// Two consecutive vertices of a road object, world frame (the file read y-up), metres.
struct RoadCrossSection {
  Vec2 first_W, second_W;
  Vec2 middle() const { return 0.5 * (first_W + second_W); }
  double half_width() const { return 0.5 * (second_W - first_W).norm(); }
  int object = 0;  ///< which road object it belongs to, in file order: the road surface joins consecutive
                   ///< cross-sections of one object
};

/// The cross-sections of the objects in the AC3D text `in` whose name starts with `road_prefix` (any
/// case), in file order. Throws Error (`file`, line) on a vertex that is not three numbers.
std::vector<RoadCrossSection> read_road_cross_sections(std::istream& in, const std::string& file,
                                                       const std::string& road_prefix = "tkmn");

/// How a definition's line was placed on its scene.
struct Anchoring {
  double start_gap = 0;           ///< from the line's start to the nearest road cross-section of its width [m]
  Vec2 shift_W = Vec2::Zero();    ///< the move applied to the line [m], zero when the start was on the road
};

/// Checks that `line` (a definition's, the road `width` [m] wide, starting on its start line heading +X)
/// starts on a cross-section of `road` (within 0.5 m, the same width within 0.05 m). If it does not and the
/// scene's first cross-section has that width and lies across +X (as TORCS's start
/// line does), moves `line` onto it. Throws Error naming `definition` and `scene` otherwise, or when `road` is empty.
Anchoring anchor_to_scene(Centreline& line, double width, const std::vector<RoadCrossSection>& road,
                          const std::string& definition, const std::string& scene);

/// How far a line strays from a scene's road surface (the quadrilaterals between consecutive cross-sections
/// of each road object, and between the end cross-sections of two objects within 10 m of each other).
struct OffRoad {
  std::size_t points = 0;            ///< points of the line farther than the tolerance outside the surface
  double farthest = 0;               ///< the largest distance of a point outside the surface [m]
  Vec2 farthest_W = Vec2::Zero();    ///< where that point is, world frame [m]
};

/// The line's points farther than `tolerance` [m] outside the road surface of `road`, and the farthest.
OffRoad off_road(const Centreline& line, const std::vector<RoadCrossSection>& road, double tolerance);

/// Default of `off_road_max` [m]: a definition's centre line and the scene's road (built from that very
/// definition) differ by the chords of the scene's curves, centimetres; another track's line is off by metres.
inline constexpr double kOffRoadMax = 1.0;

/// The centre line of the track definition file `definition` (torcs_centreline) placed on the scene file
/// `scene` by anchor_to_scene, its road objects named `road_prefix`...; `placed` (if given) says how. Throws
/// Error naming both files when a point of the placed line lies more than `off_road_max` [m] outside the
/// scene's road (the definition is another track's, or another version's): how many points, how far, where.
Centreline torcs_centreline_on_scene(const std::string& definition, const std::string& scene,
                                     const std::string& road_prefix = "tkmn", Anchoring* placed = nullptr,
                                     double off_road_max = kOffRoadMax);

}  // namespace crashbench
