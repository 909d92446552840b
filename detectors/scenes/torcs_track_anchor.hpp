#pragma once
// Checks a track definition's centre line (torcs_track_geometry.hpp) against the scene it belongs to:
// TORCS writes its main road (objects named tkMn..., TKMN...) with each cross-section's left and right
// vertices next to each other (vertices 2k, 2k+1), so the definition's start line must be one of those
// cross-sections. One scene of torcs-data (dirt-4.ac) lies 705.53 m from where its definition lays it
// out; its first road cross-section is still the start line, as trackgen writes it, and anchors the line.
#include <istream>
#include <string>
#include <vector>

#include "detectors/scenes/centreline.hpp"
#include "detectors/scenes/torcs_track_geometry.hpp"

namespace crashbench {

/// Two consecutive vertices of a road object, world frame (the file read y-up), metres.
struct RoadCrossSection {
  Vec2 first_W, second_W;
  Vec2 middle() const { return 0.5 * (first_W + second_W); }
  double half_width() const { return 0.5 * (second_W - first_W).norm(); }
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

/// The centre line of the track definition file `definition` (torcs_centreline) placed on the scene file
/// `scene` by anchor_to_scene, its road objects named `road_prefix`...; `placed` (if given) says how.
Centreline torcs_centreline_on_scene(const std::string& definition, const std::string& scene,
                                     const std::string& road_prefix = "tkmn", Anchoring* placed = nullptr);

}  // namespace crashbench
