#include "validation/ev5_header.hpp"

#include <fmt/format.h>

#include <charconv>
#include <cmath>
#include <fstream>
#include <sstream>
#include <string_view>

#include "core/error.hpp"
#include "core/units.hpp"
#include "validation/record_fields.hpp"

namespace crashbench {
namespace {

constexpr double kKmhToMps = 1.0 / kMpsToKmh;
constexpr double kMmToM = 1e-3;

// Field positions (0-based) in each record, per the Test Reference Guide's order.
namespace test_field {
constexpr int kTitle = 1, kConfiguration = 8, kClosingSpeed = 14, kImpactAngle = 15, kOffset = 16, kCurves = 18;
constexpr int kCount = 19;
}  // namespace test_field
namespace vehicle_field {
constexpr int kNumber = 0, kMake = 1, kModel = 2, kYear = 3, kVin = 6, kMass = 10, kWheelbase = 12, kLength = 13,
              kWidth = 14, kCg = 15, kSpeed = 41, kCrab = 42, kPdof = 43, kVdi = 53;
constexpr int kCount = 54;
}  // namespace vehicle_field
namespace channel_field {
constexpr int kVehicle = 0, kCurve = 1, kType = 2, kLocation = 3, kAttachment = 4, kAxis = 5, kXUnits = 6, kYUnits = 7,
              kPrefilter = 8, kFirst = 14, kLast = 15, kInterval = 16, kStatus = 17, kComment = 19;
constexpr int kCount = 19;
}  // namespace channel_field

Ev5Test read_test(const Record& r) {
  using namespace test_field;
  r.require_fields(kCount);
  Ev5Test t;
  t.title = r.text(kTitle, "TITLE");
  t.configuration = r.text(kConfiguration, "TSTCFN");
  t.closing_speed = r.number(kClosingSpeed, "CLSSPD", 0, 1000) * kKmhToMps;
  t.impact_angle_deg = r.number(kImpactAngle, "IMPANG", 0, 360);
  t.offset = r.number(kOffset, "OFFSET", -10000, 10000) * kMmToM;
  t.curve_count = r.integer(kCurves, "TOTCRV", 0, 100000);
  return t;
}

Ev5Vehicle read_vehicle(const Record& r) {
  using namespace vehicle_field;
  r.require_fields(kCount);
  Ev5Vehicle v;
  v.number = r.integer(kNumber, "VEHNO", 1, 99);
  v.make_code = r.text(kMake, "MAKE");
  v.model_code = r.text(kModel, "MODEL");
  v.year = r.integer(kYear, "YEAR", 1900, 2100);
  v.vin = r.text(kVin, "VIN");
  struct NumberField {
    int index;
    const char* name;
    double lo, hi, to_si;
    double Ev5Vehicle::*member;
  };
  static constexpr NumberField kNumbers[] = {
      {kMass, "VEHTWT", 1, 1e5, 1, &Ev5Vehicle::mass},
      {kWheelbase, "WHLBAS", 1, 2e4, kMmToM, &Ev5Vehicle::wheelbase},
      {kLength, "VEHLEN", 1, 3e4, kMmToM, &Ev5Vehicle::length},
      {kWidth, "VEHWID", 1, 5e3, kMmToM, &Ev5Vehicle::width},
      {kCg, "VEHCG", -2e4, 2e4, kMmToM, &Ev5Vehicle::cg_behind_front_axle},
      {kSpeed, "VEHSPD", 0, 1000, kKmhToMps, &Ev5Vehicle::speed},
      {kCrab, "CRBANG", -360, 360, 1, &Ev5Vehicle::crab_angle_deg},
      {kPdof, "PDOF", -360, 360, 1, &Ev5Vehicle::pdof_deg}};
  for (const NumberField& f : kNumbers) v.*f.member = r.number(f.index, f.name, f.lo, f.hi) * f.to_si;
  v.vdi = r.text(kVdi, "VDI");
  return v;
}

Ev5Channel read_channel(const Record& r) {
  using namespace channel_field;
  r.require_fields(kCount);
  Ev5Channel c;
  c.vehicle = r.integer(kVehicle, "VEHNO", 0, 99);
  c.curve = r.integer(kCurve, "CURNO", 1, 100000);
  struct TextField {
    int index;
    const char* name;
    std::string Ev5Channel::*member;
  };
  static constexpr TextField kTexts[] = {{kType, "SENTYP", &Ev5Channel::sensor_type},
                                         {kLocation, "SENLOC", &Ev5Channel::location},
                                         {kAttachment, "SENATT", &Ev5Channel::attachment},
                                         {kAxis, "AXIS", &Ev5Channel::axis},
                                         {kXUnits, "XUNITS", &Ev5Channel::x_units},
                                         {kYUnits, "YUNITS", &Ev5Channel::y_units},
                                         {kStatus, "DASTAT", &Ev5Channel::status}};
  for (const TextField& f : kTexts) c.*f.member = r.text(f.index, f.name);
  c.prefilter_hz = r.number(kPrefilter, "PREFIL", 0, 1e7);
  c.first_point = r.integer(kFirst, "NFP", -10000000, 10000000);
  c.last_point = r.integer(kLast, "NLP", c.first_point, 10000000);
  c.interval = r.number(kInterval, "DELT", 1e-3, 1e7) * 1e-6;
  c.comment = r.fields.size() > kComment ? r.text(kComment, "INSCOM") : std::string();
  return c;
}

}  // namespace

const char* damaged_area_name(char area) {
  switch (area) {
    case 'F': return "front";
    case 'B': return "back";
    case 'L': return "left side";
    case 'R': return "right side";
    case 'T': return "top";
    case 'U': return "underside";
    default: return "an area J224 does not name";
  }
}

const Ev5Vehicle* Ev5Header::vehicle(int number) const {
  for (const auto& v : vehicles)
    if (v.number == number) return &v;
  return nullptr;
}

const Ev5Channel* Ev5Header::channel(int curve) const {
  for (const auto& c : channels)
    if (c.curve == curve) return &c;
  return nullptr;
}

Ev5Header parse_ev5(const std::string& text, const std::string& file) {
  Ev5Header h;
  bool have_test = false;
  std::string section;
  for_each_record(text, file, [&](const Record& r, std::string_view section_name) {
    section = section_name;
    if (section == "TEST") {
      if (have_test) r.fail("TEST", "one TEST record, found a second");
      h.test = read_test(r);
      have_test = true;
    } else if (section == "VEHICLE") {
      h.vehicles.push_back(read_vehicle(r));
      if (h.vehicle(h.vehicles.back().number) != &h.vehicles.back()) r.fail("VEHNO", "each vehicle once");
    } else if (section == "BARRIER") {
      if (h.barrier) r.fail("BARRIER", "one BARRIER record, found a second");
      r.require_fields(2);
      h.barrier = Ev5Barrier{r.text(0, "BARRIG"), r.text(1, "BARSHP")};
    } else if (section == "INSTRUMENTATION") {
      h.channels.push_back(read_channel(r));
      if (h.channel(h.channels.back().curve) != &h.channels.back()) r.fail("CURNO", "each curve once");
    }
  });
  if (!have_test) throw Error(file, "TEST", "a ----- TEST ----- section with one record, found none");
  if (h.vehicles.empty()) throw Error(file, "VEHICLE", "a ----- VEHICLE ----- section with a record, found none");
  for (const auto& c : h.channels)
    if (c.vehicle != 0 && h.vehicle(c.vehicle) == nullptr)
      throw Error(file, fmt::format("INSTRUMENTATION curve {}", c.curve),
                  fmt::format("a vehicle the VEHICLE records list, found VEHNO {}", c.vehicle));
  return h;
}

Ev5Header read_ev5(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error(path, "", "a readable EV5 header file");
  std::stringstream s;
  s << in.rdbuf();
  return parse_ev5(s.str(), path);
}

}  // namespace crashbench
