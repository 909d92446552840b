#pragma once
// The centre line of a TORCS track definition (torcs_track_xml.hpp) in the frame of the .ac/.acc that
// TORCS's trackgen built from it, read y-up (docs/scenes.md "Driving the tracks").
#include "detectors/scenes/torcs/centreline.hpp"
#include "detectors/scenes/torcs/torcs_track_xml.hpp"

namespace crashbench {

/// Where TORCS's track loader puts the track: it lays the segments out from the first one's start,
/// then moves everything so that the bounding box of the road, its borders and its sides starts at
/// (0, 0). This is that move [m], to be added to the laid-out points.
Vec2 torcs_layout_shift(const TorcsTrack& track);

/// The centre line of `track`: the segments laid out in the plane from the start line (its centre at
/// (0, width / 2), heading +X, as TORCS starts), each curve from its constant-radius steps, sampled at most
/// `spacing` [m] apart and moved by torcs_layout_shift; half width width / 2 throughout; closed when
/// the end comes within 0.5 m of the start. `strips` counts the segments.
Centreline torcs_centreline(const TorcsTrack& track, double spacing = 1.0);

}  // namespace crashbench
