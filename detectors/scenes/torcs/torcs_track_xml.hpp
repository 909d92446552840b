#pragma once
// TORCS's track definition (TRACK.xml, the file its trackgen builds the .ac from): the "Main Track"
// section's width and segment list, read with expat (Debian's libexpat1-dev). TORCS's files declare
// an external entity (`&default-surfaces;`) in their DOCTYPE; expat never reads files or the network
// itself and we give it no handler to, so the reference is skipped and nothing is fetched.
#include <array>
#include <string>
#include <vector>

namespace crashbench {

/// One segment of the main track, in SI units (metres, radians), as TORCS's track loader reads it.
struct TorcsSegment {
  enum class Type { kStraight, kLeft, kRight };
  std::string name;  ///< the segment's section name
  int line = 0;      ///< its line in the file, for messages
  Type type = Type::kStraight;
  double length = 0;      ///< straight: its length [m]
  double radius = 0;      ///< curve: radius of the centre line at its start [m]
  double end_radius = 0;  ///< curve: at its end (a spiral when it differs) [m]
  double arc = 0;         ///< curve: the angle turned, > 0 [rad]
  int steps = 1;          ///< how many constant-radius pieces TORCS builds it from
  /// Per side (0 right, 1 left, TORCS's order): the side's width at the segment's start and end, and
  /// the border's width (between the road and the side) [m].
  std::array<double, 2> side_start{}, side_end{}, border{};
};

/// The main track of a TORCS track definition.
struct TorcsTrack {
  double width = 0;  ///< the road's width [m]
  std::vector<TorcsSegment> segments;
};

/// Reads the main track of the TORCS track definition `file`. Throws Error naming the file and, where
/// it applies, the segment, its line and the field: a file that is missing or not XML, no "Main Track"
/// or segment list, a segment without a type, length, radius or arc, an unknown type or unit, a number
/// that is not finite or not positive where it must be.
TorcsTrack read_torcs_track(const std::string& file);

/// Whether `file`, read as XML, holds a TORCS track definition with a "Main Track". Throws Error (the
/// file, the line) when it cannot be read or is not XML: a half-written definition is no reason to fall
/// back to anything else.
bool has_torcs_main_track(const std::string& file);

}  // namespace crashbench
