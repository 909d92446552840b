#pragma once
// A synthetic NHTSA test written to a folder: an EV5 header and half-sine channel files whose delta-Vs
// and yaw rate change are known in closed form, for the reader's, the checks' and the CLI's tests.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <numbers>
#include <sstream>
#include <string>
#include <vector>

#include "core/math.hpp"
#include "core/units.hpp"

namespace crashbench::testing {

struct SyntheticVehicle {
  double mass = 1500;             // [kg]
  double width = 1.8;             // [m]
  double speed_kmh = 0;
  Vec2 delta_v_B = Vec2::Zero();  // CG delta-V, crashbench body frame [m/s]
  double yaw_rate_change = 0;     // [rad/s], counter-clockwise
  std::string vdi = "12FYAW9";    // SAE J224: force from 12 o'clock, the front deformed
};

struct SyntheticTest {
  double duration = 0.08;      // half-sine pulse length [s]
  double interval = 80e-6;     // [s]
  int first_point = -250, last_point = 2500;
  double impact_angle_deg = 353;
  std::vector<SyntheticVehicle> vehicles;
  double sill_offset_g = 0.5;  // added to vehicle 1's left sill x, removed again by the pre-trigger mean
  double cg_spike_g = 400;     // one sample of vehicle 1's CG x channel
  double vertical_dv = 3.0;    // vehicle 1's CG z channel delta-V [m/s]: fails the vertical check
};

// Half-sine acceleration [m/s^2] at t whose integral over the pulse is dv.
inline double half_sine(double t, double duration, double dv) {
  if (t <= 0 || t >= duration) return 0;
  return dv * std::numbers::pi / (2 * duration) * std::sin(std::numbers::pi * t / duration);
}

inline std::string vehicle_record(int n, const SyntheticVehicle& v) {
  std::vector<std::string> f(80, "0");
  f[0] = std::to_string(n), f[1] = "02", f[2] = "08", f[3] = "2007", f[4] = "", f[6] = "VIN" + f[0];
  f[10] = fmt::format("{}", v.mass), f[12] = "2750", f[13] = "5000", f[14] = fmt::format("{}", v.width * 1000);
  f[15] = "1100", f[41] = fmt::format("{}", v.speed_kmh), f[53] = v.vdi;
  return fmt::format("{}", fmt::join(f, "|"));
}

inline std::string channel_record(const SyntheticTest& s, int vehicle, int curve, const char* site, const char* axis) {
  return fmt::format("{}|{}|AC|NA|{}|{}|SEC|G'S|1650|MFG: SYNTHETIC|01/JAN/2020|2000|1|0.0|{}|{}|{}|AM|P|NO COMMENTS",
                     vehicle, curve, site, axis, s.first_point, s.last_point, s.interval * 1e6);
}

/// Writes DIR/v09999.EV5 and its channels 101..107 (vehicle 1: sills x/y left and right, CG x/y/z) and
/// 201..204 (vehicle 2: sills). Returns the header's path.
inline std::string write_synthetic_test(const std::string& dir, const SyntheticTest& s) {
  std::filesystem::create_directories(dir);
  const std::string stem = dir + "/v09999";
  std::ofstream h(stem + ".EV5");
  h << "# synthetic\n----- TEST -----\nV5|SYNTHETIC CAR INTO CAR|CHECKS|01/JAN/2020|LAB|C|1|RSV|VTV|CON|DRY|8|DDA|TEL|"
    << fmt::format("{}|{}|0|0|20|", s.vehicles[0].speed_kmh + s.vehicles[1].speed_kmh, s.impact_angle_deg)
    << "\n----- VEHICLE -----\n";
  for (std::size_t i = 0; i < s.vehicles.size(); ++i) h << vehicle_record(static_cast<int>(i) + 1, s.vehicles[i]) << '\n';
  h << "----- INSTRUMENTATION -----\n";
  struct Ch { int vehicle, curve; const char *site, *axis; };
  const std::vector<Ch> chans = {{1, 101, "DSLF", "XG"}, {1, 102, "DSLF", "YG"}, {1, 103, "DSRF", "XG"},
                                 {1, 104, "DSRF", "YG"}, {1, 105, "VECG", "XG"}, {1, 106, "VECG", "YG"},
                                 {1, 107, "VECG", "ZG"}, {2, 201, "DSLF", "XG"}, {2, 202, "DSLF", "YG"},
                                 {2, 203, "DSRF", "XG"}, {2, 204, "DSRF", "YG"}};
  for (const Ch& c : chans) h << channel_record(s, c.vehicle, c.curve, c.site, c.axis) << '\n';
  for (const Ch& c : chans) {
    const SyntheticVehicle& v = s.vehicles[static_cast<std::size_t>(c.vehicle - 1)];
    // Rigid body, sensors at x = 0: a sill's x acceleration is the CG's less alpha y; its y the CG's.
    const double half = std::string(c.site) == "VECG" ? 0.0 : (v.width - 0.3) / 2;
    const double y = std::string(c.site) == "DSLF" ? half : -half;
    double dv = 0, sign = 1, offset = 0;
    if (c.axis[0] == 'X') dv = v.delta_v_B.x() - v.yaw_rate_change * y;
    if (c.axis[0] == 'Y') dv = v.delta_v_B.y(), sign = -1;  // J211 +Y is right
    if (c.axis[0] == 'Z') dv = s.vertical_dv, sign = -1;    // J211 +Z is down
    if (c.curve == 101) offset = s.sill_offset_g;
    std::ofstream out(fmt::format("{}.{:03d}", stem, c.curve));
    for (int k = s.first_point; k <= s.last_point; ++k) {
      const double t = k * s.interval;
      double g = sign * half_sine(t, s.duration, dv) / kGravity + offset;
      if (c.curve == 105 && k == 300) g += s.cg_spike_g;
      out << fmt::format("{:.6f}\t{:.6f}\n", t, g);
    }
  }
  return stem + ".EV5";
}

/// Rewrites the header `ev5` line by line: `edit` may change a line, and drops it by returning false.
template <class Edit>
void edit_header(const std::string& ev5, Edit edit) {
  std::stringstream kept;
  std::string line;
  for (std::ifstream in(ev5); std::getline(in, line);)
    if (edit(line)) kept << line << '\n';
  std::ofstream(ev5) << kept.str();
}

/// Two cars of 1500 and 1200 kg whose delta-Vs balance momentum (vehicle 2 heading 173 deg in vehicle 1's
/// frame), vehicle 1 at 60 km/h, yaw rate changes 1.5 and -0.8 rad/s.
inline SyntheticTest balanced_test() {
  SyntheticTest s;
  SyntheticVehicle v1{1500, 1.8, 60, Vec2(-8.0, -2.0), 1.5}, v2{1200, 1.8, 0, Vec2::Zero(), -0.8};
  const Vec2 p2_frame1 = -v1.mass * v1.delta_v_B / v2.mass;  // vehicle 2's delta-V in vehicle 1's frame
  v2.delta_v_B = rotation(-173 * kDegToRad) * p2_frame1;
  s.vehicles = {v1, v2};
  return s;
}

/// A rear impact: a 1500 kg car at `speed_kmh` into the back of a 1200 kg car standing ahead of it, heading
/// the same way (IMPANG 180), collinear and central, with restitution `e`: vehicle 1's delta-V is
/// -(1 + e) m2 / (m1 + m2) v along x, vehicle 2's +(1 + e) m1 / (m1 + m2) v; no yaw.
inline SyntheticTest rear_test(double speed_kmh = 50, double e = 0.2) {
  SyntheticTest s;
  s.impact_angle_deg = 180;
  const double m1 = 1500, m2 = 1200, v = speed_kmh / 3.6;
  s.vehicles = {{m1, 1.8, speed_kmh, Vec2(-(1 + e) * m2 / (m1 + m2) * v, 0), 0, "12FDEW2"},
                {m2, 1.8, 0, Vec2((1 + e) * m1 / (m1 + m2) * v, 0), 0, "06BDEW2"}};
  return s;
}

/// An NCAP-style frontal test of one car into a rigid barrier: `speed_kmh` straight in (IMPANG 0, OFFSET 0),
/// rebounding with restitution `e`, so its delta-V is -(1 + e) v along x and nothing across.
struct SyntheticBarrierTest {
  double mass = 1700, speed_kmh = 56, e = 0.12, duration = 0.09, interval = 100e-6;
  int first_point = -500, last_point = 2999;
  std::string rigidity = "R";
  double impact_angle_deg = 0;
};

/// Writes DIR/v09998.EV5 with its BARRIER record and, as NCAP records them, x and z accelerometers at the
/// left and right rear floor (301..304) but no lateral one; a driver's head channel (305, SENLOC 01) and an
/// engine channel (306, structure, in the crush zone) are listed too, with files. Returns the header's path.
inline std::string write_synthetic_barrier_test(const std::string& dir, const SyntheticBarrierTest& s) {
  std::filesystem::create_directories(dir);
  const std::string stem = dir + "/v09998";
  std::ofstream h(stem + ".EV5");
  h << "# synthetic\n----- TEST -----\nV5|SYNTHETIC CAR INTO BARRIER|CHECKS|01/JAN/2020|LAB|C|1|NCA|VTB|CON|DRY|22|"
    << fmt::format("OTH|OTH|{}|{}|0|0|6|", s.speed_kmh, s.impact_angle_deg) << "\n----- VEHICLE -----\n"
    << vehicle_record(1, {s.mass, 1.84, s.speed_kmh, Vec2::Zero(), 0}) << "\n----- BARRIER -----\n"
    << s.rigidity << "|LCB|0|0|SYNTHETIC LOAD CELL BARRIER\n----- INSTRUMENTATION -----\n";
  struct Ch { int curve; const char *location, *site, *axis; };
  const std::vector<Ch> chans = {{301, "NA", "FLLR", "XG"}, {302, "NA", "FLRR", "XG"}, {303, "NA", "FLLR", "ZG"},
                                 {304, "NA", "FLRR", "ZG"}, {305, "01", "HDCG", "XL"}, {306, "NA", "ENGN", "XG"}};
  for (const Ch& c : chans)
    h << fmt::format("1|{}|AC|{}|{}|{}|SEC|G'S|2800|MFG: SYNTHETIC|01/JAN/2020|800|1|0.0|{}|{}|{}|AM|P|NO COMMENTS\n",
                     c.curve, c.location, c.site, c.axis, s.first_point, s.last_point, s.interval * 1e6);
  const double dv = -(1 + s.e) * s.speed_kmh / kMpsToKmh;
  for (const Ch& c : chans) {
    std::ofstream out(fmt::format("{}.{:03d}", stem, c.curve));
    const double scale = c.axis[0] == 'Z' ? 0.0 : std::string(c.site) == "ENGN" ? 1.4 : 1.0;  // the engine stops harder
    for (int k = s.first_point; k <= s.last_point; ++k) {
      const double t = k * s.interval;
      out << fmt::format("{:.6f}\t{:.6f}\n", t, scale * half_sine(t, s.duration, dv) / kGravity);
    }
  }
  return stem + ".EV5";
}

}  // namespace crashbench::testing
