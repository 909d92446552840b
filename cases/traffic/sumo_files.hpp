#pragma once
// SUMO's files as crashbench reads them (docs/case-files.md, "SUMO traffic"): the floating car data
// (FCD, --fcd-output) streamed one timestep at a time, the vehicle types of route or additional files,
// and the collision output (--collision-output). XML through expat; any entity declaration is refused
// (a "billion laughs" bomb, an external file) and no handler can read a file or the network. Every
// problem is an Error naming the file, the element and its line.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/vehicle.hpp"

namespace crashbench::sumo {

/// Coordinates beyond this are no road network's [m].
inline constexpr double kLargestCoordinate = 1e7;

/// One vehicle of one FCD timestep, as SUMO wrote it.
struct FcdVehicle {
  std::string id;
  std::string type;              ///< its vType id ("" when the row has none)
  Vec2 front_W = Vec2::Zero();   ///< SUMO's x, y: the middle of the front bumper [m, network frame]
  double angle_deg = 0;          ///< SUMO's navigational angle: 0 = +y (north), clockwise [deg]
  double speed = 0;              ///< [m/s]
  int line = 0;                  ///< of its <vehicle> element
};

/// One <timestep>. The buffers are kept from one timestep to the next (strings keep their capacity):
/// vehicles[0, count) are this timestep's, in file order.
struct FcdFrame {
  double time = 0;  ///< [s]
  int line = 0;     ///< of the <timestep> element
  std::vector<FcdVehicle> vehicles;
  std::size_t count = 0;
  long long persons = 0;      ///< <person> elements in this timestep (crashbench does not move them)
  std::vector<std::string> person_ids;  ///< person_ids[0, persons): their ids, to tell SUMO's collisions with them
  long long containers = 0;   ///< <container> elements in this timestep (freight: crashbench does not move it)
  int position_decimals = 0;  ///< the fewest digits after the decimal point in any x or y of this timestep
};

/// Reads an FCD file a timestep at a time, holding only the current one: memory does not grow with the
/// file's length.
class FcdReader {
 public:
  /// Opens `file`; throws Error naming it when it cannot be read.
  explicit FcdReader(std::string file);
  ~FcdReader();
  FcdReader(const FcdReader&) = delete;
  FcdReader& operator=(const FcdReader&) = delete;

  /// The next <timestep> into `frame`; false after the last one (</fcd-export> reached). Throws Error
  /// naming the file, the element and its line: XML not well-formed or cut short, an entity declaration,
  /// a root other than <fcd-export>, a <vehicle> or <person> outside a <timestep>, a person without an id,
  /// a missing or non-finite time, id, x, y, angle or speed, |x| or |y| above kLargestCoordinate, a negative
  /// speed, a time not after the previous timestep's, the same vehicle id twice in one timestep.
  bool next(FcdFrame& frame);

  const std::string& file() const { return file_; }

 private:
  struct Parser;
  std::string file_;
  std::unique_ptr<Parser> parser_;
};

/// A <vType>: only what crashbench uses of it.
struct VehicleType {
  std::string id;
  std::optional<double> length;  ///< [m]
  std::optional<double> width;   ///< [m]
  std::optional<double> mass;    ///< [kg] (SUMO's `mass` attribute)
  std::string vclass;            ///< SUMO's `vClass`, "" when not given (SUMO's passenger)
  int line = 0;
};

/// Every <vType> of a SUMO route or additional file, also those inside a <vTypeDistribution>, in file
/// order; the rest of the file (routes, vehicles, trips) is skipped. Throws Error naming the file, the
/// element and its line: XML not well-formed or cut short, an entity declaration, a root other than
/// <routes> or <additional>, a vType without id or with an id seen before, a length or width not in
/// (0, 100] m, a mass not in (0, 1e6] kg.
std::vector<VehicleType> read_vehicle_types(const std::string& file);

/// One <collision> of SUMO's collision output.
struct Collision {
  double time = 0;  ///< [s]
  std::string type;      ///< SUMO's: "collision" (gap on a lane), "junction", "frontal", ...
  std::string lane;
  std::string collider;  ///< vehicle id
  std::string victim;    ///< vehicle id
  double collider_speed = 0;  ///< [m/s]
  double victim_speed = 0;    ///< [m/s]
  int line = 0;
};

/// Every <collision> of a SUMO collision output, in file order. Throws Error naming the file, the element
/// and its line: XML not well-formed or cut short, an entity declaration, a root other than
/// <collisions>, a missing or non-finite time, collider, victim or speed, collider equal to victim, a
/// time before the previous collision's.
std::vector<Collision> read_collisions(const std::string& file);

/// A network's <location>: netconvert moves what it reads by `net_offset` (network = original + net_offset),
/// so the FCD of a network imported from an OpenDRIVE file (netconvert --opendrive-files) lies net_offset
/// away from that file's roads, unless netconvert read a projection there (see scene_from_network).
struct NetLocation {
  Vec2 net_offset = Vec2::Zero();  ///< [m]
  bool projected = false;          ///< projParameter names a projection (it is "!" without one)
  int line = 0;                    ///< of the <location> element
};

/// The <location> of SUMO network `file` (.net.xml, maybe gzipped). Throws Error naming the file, the
/// element and its line: XML not well-formed or cut short, an entity declaration, a root other than <net>,
/// no <location> or two, a netOffset that is not 2 finite numbers.
NetLocation read_net_location(const std::string& file);

/// The header <offset>'s x and y of OpenDRIVE file `file` (zero without one), the file read only up to the
/// end of its <header>. Throws Error naming the file and the line, as read_net_location.
Vec2 opendrive_header_offset(const std::string& file);

/// What to add to the positions of SUMO's network `net` to have them in the frame of `scene_file`, the
/// file netconvert imported it from. netconvert (SUMO 1.15) moves what it reads by a shift of its own
/// (normalisation) and writes netOffset = that shift; but where it read a projection from an OpenDRIVE
/// file's <geoReference>, it adds the header's <offset> to netOffset without moving the roads by it
/// (the offset's hdg ignored). So the roads moved by netOffset less that offset.
Vec2 scene_from_network(const NetLocation& net, const std::string& scene_file);

}  // namespace crashbench::sumo
