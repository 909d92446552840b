#include "validation/nhtsa_test.hpp"

#include <fmt/format.h>

#include <filesystem>

#include "core/error.hpp"

namespace crashbench {

SensorSite sensor_site_of(const std::string& attachment) {
  if (attachment == "VECG") return SensorSite::kCg;
  if (attachment == "DSLF") return SensorSite::kLeftSill;
  if (attachment == "DSRF") return SensorSite::kRightSill;
  if (attachment == "FLLR") return SensorSite::kLeftRearFloor;
  if (attachment == "FLRR") return SensorSite::kRightRearFloor;
  return SensorSite::kOther;
}

const char* to_string(SensorSite site) {
  switch (site) {
    case SensorSite::kCg: return "CG";
    case SensorSite::kLeftSill: return "left sill";
    case SensorSite::kRightSill: return "right sill";
    case SensorSite::kLeftRearFloor: return "left rear floor";
    case SensorSite::kRightRearFloor: return "right rear floor";
    case SensorSite::kOther: break;
  }
  return "other";
}

NhtsaTest read_nhtsa_test(const std::string& ev5_path) {
  NhtsaTest t;
  t.ev5_path = ev5_path;
  t.header = read_ev5(ev5_path);
  const std::filesystem::path base(ev5_path);
  for (const Ev5Channel& c : t.header.channels) {
    // Vehicle structure accelerometers only: a dummy's channels carry its vehicle's VEHNO too, but their
    // SENLOC is the dummy's seat, not "NA" (a full download of a test holds a hundred of them).
    if (c.sensor_type != "AC" || c.vehicle == 0) continue;
    const SensorSite site = sensor_site_of(c.attachment);
    if (site == SensorSite::kOther && c.location != "NA") continue;
    const std::filesystem::path file = base.parent_path() / fmt::format("{}.{:03d}", base.stem().string(), c.curve);
    if (c.y_units != "G'S") {
      if (site != SensorSite::kOther) t.other_units.emplace_back(c.curve, c.y_units);
      continue;
    }
    if (!std::filesystem::exists(file)) {
      if (site != SensorSite::kOther) t.missing_curves.push_back(c.curve);
      continue;
    }
    t.channels.push_back({c, read_channel_file(file.string(), c), body_axis_of(c.axis), site});
  }
  if (t.channels.empty())
    throw Error(ev5_path, "INSTRUMENTATION", "at least one vehicle accelerometer channel file beside the header");
  return t;
}

}  // namespace crashbench
