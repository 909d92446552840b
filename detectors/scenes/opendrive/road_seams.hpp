#pragma once
// Where linked roads meet. A road's predecessor or successor link names the road its end joins and that
// road's end (contactPoint), and the two cross-sections there should lie on one line. Converters write
// links whose roads meet at an angle or not at all (CommonRoad's ZAM_Threeway: a connecting road starting
// 6 deg off its incoming road's heading, a wedge 0.3 m wide at the kerb; links naming a road's far end).
// The surface then opens between them, and a car's CG crossing there has no road under it for a step or two.
#include <string>
#include <vector>

#include "detectors/scenes/opendrive/road_surface.hpp"

namespace crashbench::odr {

/// Seams opening wider than this are reported [m]: the road mesh reaches 2 cm past each road's end
/// (road_mesh.cpp), so two ends less than about twice that apart leave no crack.
inline constexpr double kSeamWorthAWarning = 0.05;

struct OpenSeam {
  std::string road, other;  ///< the road whose link it is, and the road it names
  bool at_end = false;      ///< the link is the road's successor (its end); else its predecessor (its start)
  bool other_at_end = false;  ///< the contactPoint: the other road's end
  int line = 0;             ///< the road's line in the file
  double opening = 0;       ///< the widest distance between the two cross-sections where they face [m]
};

/// The road-to-road links of `roads` whose cross-sections open wider than `tolerance` (their whole width,
/// outermost lane border to outermost), widest first. A link to a road the list lacks, or without a
/// contactPoint, is left out.
std::vector<OpenSeam> open_seams(const std::vector<RoadSurface>& roads, double tolerance);

/// The longest wedge a road's surface is carried on past its end to close [m]: a wider opening is a link
/// naming a far end, or roads that do not meet, and is left open (and warned of).
inline constexpr double kLongestWedgeReach = 1.5;

/// How far a road's surface reaches on past its start and its end to close the wedges its links open [m].
struct EndReach {
  double start = 0, end = 0;
};

/// For each of `roads` (in order): the wedges its own road-to-road links open where the two ends face each
/// other (ends turned at the seam), each at most kLongestWedgeReach, as how far its surface reaches on
/// past that end. Carried on that far, the road's last cross-section covers the other road's corners that
/// lie beyond it, and so the whole wedge between them (road_mesh.cpp), and a car crossing the seam keeps
/// a road under its CG.
std::vector<EndReach> wedge_reaches(const std::vector<RoadSurface>& roads);

}  // namespace crashbench::odr
