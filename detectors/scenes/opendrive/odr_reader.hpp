#pragma once
// Reads an ASAM OpenDRIVE (1.4-1.6) file into the plain model of odr_model.hpp: header (offset,
// geoReference), roads (links, plan view, elevation, superelevation, lane offsets, lane sections with widths,
// borders, heights and links, objects with repeats and outlines) and junctions (connections, lane links).
// What is not needed for a drivable surface and its collision geometry (signals, road marks, materials,
// speeds, user data) is skipped.
#include <string>
#include <string_view>

#include "detectors/scenes/opendrive/odr_model.hpp"

namespace crashbench::odr {

/// Lanes per side of a lane section, and the largest |lane id|: no real road has more than a few dozen.
inline constexpr int kMostLanes = 100;

/// Reads `file`. Throws Error naming the file, the element, its line and what was expected: not XML (or an
/// XML bomb, an entity), no OpenDRIVE root, a missing or non-finite attribute, an unknown geometry, a road
/// of length 0 or without plan view or lane section, a lane id or count past kMostLanes.
Network read_network(const std::string& file);

/// The same from the file's contents `text` (`file` names it in errors).
Network parse_network(const std::string& file, std::string_view text);

}  // namespace crashbench::odr
