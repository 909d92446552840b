#pragma once
// NHTSA EV5 test headers: the pipe-separated TEST, VEHICLE and INSTRUMENTATION records of NHTSA's Vehicle
// Crash Test Database (field order per NHTSA's Test Reference Guide, version 5, volume I; the names are
// those of NHTSA's JSON export of the same header). Values are converted to SI here; the header's frame
// is SAE J211's (x forward, y right, z down), mapped to crashbench's body frame in sae_j211.hpp.
#include <optional>
#include <string>
#include <vector>

namespace crashbench {

/// The TEST record.
struct Ev5Test {
  std::string title;             ///< TITLE
  std::string configuration;     ///< TSTCFN: "VTV" vehicle into vehicle, "VTB" into a barrier, ...
  double closing_speed = 0;      ///< CLSSPD [m/s] (published in km/h)
  double impact_angle_deg = 0;   ///< IMPANG [deg] as published (0..359)
  double offset = 0;             ///< OFFSET [m] (published in mm)
  int curve_count = 0;           ///< TOTCRV: channels the test recorded (not all of them need be present)
};

/// One VEHICLE record.
struct Ev5Vehicle {
  int number = 0;                ///< VEHNO (1 = the bullet in a vehicle-to-vehicle test)
  int year = 0;                  ///< YEAR
  std::string make_code, model_code, vin;
  double mass = 0;               ///< VEHTWT: test mass [kg]
  double wheelbase = 0;          ///< WHLBAS [m] (published in mm)
  double length = 0;             ///< VEHLEN [m]
  double width = 0;              ///< VEHWID [m]
  double cg_behind_front_axle = 0;  ///< VEHCG: CG distance behind the front axle [m]
  double speed = 0;              ///< VEHSPD: impact speed [m/s] (published in km/h)
  double crab_angle_deg = 0;     ///< CRBANG [deg]
  double pdof_deg = 0;           ///< PDOF: principal direction of force as published [deg]
  std::string vdi;               ///< VDI: the damage index (clock direction, area, extent)

  /// SAE J224's deformed area, the VDI's third character ('F' front, 'B' back, 'L'/'R' left/right side,
  /// 'T' top, 'U' underside); 0 where the VDI is too short to say.
  char damaged_area() const { return vdi.size() >= 3 ? vdi[2] : '\0'; }
};

/// One INSTRUMENTATION record: a channel.
struct Ev5Channel {
  int vehicle = 0;               ///< VEHNO
  int curve = 0;                 ///< CURNO: the channel file's extension (v07292.149 is curve 149)
  std::string sensor_type;       ///< SENTYP: "AC" accelerometer, "LC" load cell, ...
  std::string location;          ///< SENLOC: the dummy's seat ("01" driver, ...), "NA" for the vehicle's structure
  std::string attachment;        ///< SENATT: where it is ("VECG" vehicle CG, "DSLF" left-front door sill, ...)
  std::string axis;              ///< AXIS: "XG", "YG", "ZG" (vehicle axes), "XL" ... (local), "RS" resultant
  std::string x_units, y_units;  ///< XUNITS ("SEC"), YUNITS ("G'S", "NWT", ...)
  double prefilter_hz = 0;       ///< PREFIL: the anti-aliasing filter's corner [Hz]
  int first_point = 0;           ///< NFP: index of the first sample (negative: before time zero)
  int last_point = 0;            ///< NLP: index of the last sample
  double interval = 0;           ///< DELT: sample interval [s] (published in microseconds)
  std::string status;            ///< DASTAT: "AM" as measured, "QD" questionable, ...
  std::string comment;           ///< INSCOM

  /// NLP - NFP + 1 samples.
  int sample_count() const { return last_point - first_point + 1; }
};

/// The BARRIER record of a barrier test. The field names are ours: the meaning is read from test 10146's
/// record "R|LCB|0|0|ADVANCED RESEARCH LOAD CELL BARRIER" (NHTSA's guide was not at hand).
struct Ev5Barrier {
  std::string rigidity;  ///< first field: "R" rigid
  std::string shape;     ///< second field: "LCB" load cell barrier, ...
};

struct Ev5Header {
  Ev5Test test;
  std::optional<Ev5Barrier> barrier;  ///< the BARRIER section's record, where there is one
  std::vector<Ev5Vehicle> vehicles;   ///< in file order
  std::vector<Ev5Channel> channels;   ///< in file order

  /// The vehicle numbered `number`, or nullptr.
  const Ev5Vehicle* vehicle(int number) const;
  /// The channel of curve `curve`, or nullptr.
  const Ev5Channel* channel(int curve) const;
};

/// The name of a J224 deformed area ("front", "left side", ...; "an area J224 does not name" otherwise).
const char* damaged_area_name(char area);

/// Parses an EV5 header. `file` names it in errors. Throws crashbench::Error naming the file, the line,
/// the record and field, and what was expected (a missing section, a short record, a number that is not
/// one, a value outside its physical range).
Ev5Header parse_ev5(const std::string& text, const std::string& file);

/// Reads and parses the EV5 header at `path` (Error when it cannot be read).
Ev5Header read_ev5(const std::string& path);

}  // namespace crashbench
