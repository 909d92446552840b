#pragma once
// A closed road course the size of Watkins Glen (thesis Fig. 6-2), in its spirit: straights, fast
// sweepers, a tight corner, esses and some elevation, with a vertical barrier along each side.
// The collision version holds only vertical elements (1838 triangles); the visual version adds the
// road, terrain and roadside trees (8780 triangles), none of them vertical.
#include "detectors/scenes/registry/generated_scene.hpp"

namespace crashbench {

inline constexpr int kTrackSegments = 459;           ///< centre-line segments around the lap
inline constexpr double kTrackHalfWidth = 6.0;       ///< centre line to each barrier [m]
inline constexpr double kTrackBarrierHeight = 1.0;   ///< barrier height above the road [m]
inline constexpr int kTrackCollisionTriangles = 1838;
inline constexpr int kTrackVisualTriangles = 8780;

enum class TrackVersion { kCollision, kVisual };

/// Variants for the scaling study: finer tessellation (more segments) or the lap replicated.
struct TrackOptions {
  TrackVersion version = TrackVersion::kCollision;
  int segments = kTrackSegments;  ///< centre-line segments per lap
  int copies = 1;                 ///< laps laid out on a grid, kTrackTileSpacing apart
};

inline constexpr double kTrackTileSpacing = 2100.0;  ///< between replicated laps, X and Y [m]

/// The track: barriers (2 per side per segment) and a start-line sign board behind the right barrier
/// (2); the visual version adds the road (2 per segment), three terrain strips per side (2 each per
/// segment) and 129 pyramid trees (4 each). Each copy repeats all of it.
GeneratedScene make_track(const TrackOptions& options);

/// The track at the thesis' size: 1838 (collision) or 8780 (visual) triangles.
inline GeneratedScene make_track(TrackVersion version) { return make_track(TrackOptions{version}); }

}  // namespace crashbench
