#pragma once
// An NHTSA test as published: its EV5 header and the channel files found next to it (NAME.EV5 and
// NAME.NNN, NNN the curve number), each accelerometer channel mapped to crashbench's body axes.
#include <string>
#include <utility>
#include <vector>

#include "validation/channel_file.hpp"
#include "validation/ev5_header.hpp"
#include "validation/sae_j211.hpp"

namespace crashbench {

/// Where a vehicle accelerometer sits, from the header's SENATT code. The rear floor pair is where NCAP's
/// frontal barrier tests put the vehicle's accelerometers (test 10146's INSCOM: "LEFT REAR SEAT CROSSMEMBER").
enum class SensorSite { kCg, kLeftSill, kRightSill, kLeftRearFloor, kRightRearFloor, kOther };

/// One channel with its data.
struct TestChannel {
  Ev5Channel header;
  ChannelData data;   ///< value in g along the sensor's J211 axis
  BodyAxis axis;      ///< the crashbench body axis and sign of that J211 axis
  SensorSite site = SensorSite::kOther;
};

struct NhtsaTest {
  std::string ev5_path;
  Ev5Header header;
  std::vector<TestChannel> channels;  ///< the vehicles' accelerometer channels whose files exist, in header order
  std::vector<int> missing_curves;    ///< CG, sill and rear floor accelerometer curves the header lists but no file holds
  /// Vehicle accelerometer curves at the CG, a sill or the rear floor whose YUNITS are not G'S, left out: (curve, units).
  std::vector<std::pair<int, std::string>> other_units;
};

/// "VECG" the CG, "DSLF"/"DSRF" the left/right front door sill, "FLLR"/"FLRR" the left/right rear floor;
/// anything else kOther.
SensorSite sensor_site_of(const std::string& attachment);
/// "CG", "left sill", "right sill", "left rear floor", "right rear floor", "other".
const char* to_string(SensorSite site);

/// Reads `ev5_path` and every vehicle structure accelerometer channel (SENTYP "AC", YUNITS "G'S", on a
/// vehicle of the header, at a known site or with SENLOC "NA") whose file exists beside it. Throws Error on a bad header or channel file, or when no
/// channel file is found at all.
NhtsaTest read_nhtsa_test(const std::string& ev5_path);

}  // namespace crashbench
