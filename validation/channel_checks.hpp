#pragma once
// Checks before trust: each channel of an NHTSA test passes or fails with its reason and numbers, each
// vehicle's delta-V comes from the channels that pass, and the two vehicles are checked against each other
// (momentum balance, closing speed). The rules and why they are what they are: docs/validation.md.
#include <string>
#include <vector>

#include "core/math.hpp"
#include "core/units.hpp"
#include "validation/nhtsa_test.hpp"

namespace crashbench {

/// The thresholds of the checks (defaults as docs/validation.md justifies them).
struct CheckLimits {
  double max_offset_g = 1.0;        ///< |pre-trigger mean| [g]: a steadily moving car has ~0 g
  double max_noise_g = 3.0;         ///< pre-trigger standard deviation [g]: more is a ringing sensor or mount
  double spike_cfc = 180;           ///< the CFC a spike is measured against [Hz class]
  double max_spike_g = 150;         ///< |raw - CFC filtered| [g] beyond which a sample is a spike
  double max_vertical_dv = 5 / kMpsToKmh; ///< |delta-V| of a vertical channel over the pulse [m/s]
  double max_cg_sill_dv = 5 / kMpsToKmh;  ///< CG channel against the sill pair's mean, per axis [m/s]
  double end_threshold_g = 3.0;     ///< contact force above the tyres' ~1 g: the pulse lasts while above
  double end_window = 0.010;        ///< [s] the trailing mean the end rule looks at
  double sill_inset = 0.15;         ///< [m] each sill sensor's distance inside the body side (an assumption)
};

/// One channel's verdict.
struct ChannelVerdict {
  int curve = 0, vehicle = 0;
  SensorSite site = SensorSite::kOther;
  std::string axis;         ///< the EV5 AXIS code
  BodyAxis body;            ///< crashbench body axis and sign
  double offset_g = 0;      ///< pre-trigger mean [g]
  double noise_g = 0;       ///< pre-trigger standard deviation [g]
  double peak_g = 0;        ///< largest |value - offset| [g]
  double spike_g = 0;       ///< largest |raw - CFC filtered| [g]
  double delta_v = 0;       ///< over [0, pulse end] along the crashbench body axis [m/s]
  bool pass = true;
  std::string reasons;      ///< why it failed ("" when it passed)
};

/// One vehicle's delta-V from its passing channels.
struct VehicleDeltaV {
  int vehicle = 0;
  double mass = 0;                      ///< [kg]
  Vec2 delta_v_B = Vec2::Zero();        ///< body frame at impact (x forward, y left) [m/s]
  bool valid = false;                   ///< false: no passing planar channel pair
  std::string why_none;                 ///< why not valid ("" when valid)
  bool lateral_assumed_zero = false;    ///< y is 0 by a barrier test's symmetry, no lateral channel recorded
  std::string source;                   ///< which channels gave it
  double pdof_deg = 0;                  ///< direction the force came from, clockwise from ahead, 0..360 [deg]
  bool has_yaw_estimate = false;
  double yaw_rate_change = 0;           ///< ESTIMATE from the sills' x difference [rad/s], counter-clockwise
  double sill_spacing = 0;              ///< the lateral spacing it assumed [m]
  double cg_vs_sill = -1;               ///< largest per-axis |CG channel - sill mean| [m/s]; < 0: not compared
};

struct TestChecks {
  double pulse_end = 0;                 ///< [s], the same for both vehicles
  std::vector<double> vehicle_ends;     ///< each vehicle's own end by the rule [s]
  std::vector<ChannelVerdict> channels;
  std::vector<VehicleDeltaV> vehicles;  ///< in header order
};

/// Runs every channel check and estimates each vehicle's delta-V (docs/validation.md, "Checks").
TestChecks check_channels(const NhtsaTest& test, const CheckLimits& limits = {});

/// The window's share of the measurement's uncertainty: `checks` repeated with the end rule's threshold
/// at 1/1.5 and at 4/3 of `limits`' (the contact force's end is not sharp).
struct WindowBand {
  TestChecks early, late;  ///< with the higher threshold (the pulse ends sooner) and the lower one
  /// Per vehicle (header order): the larger departure of |dV| under either threshold from `checks`' [m/s].
  std::vector<double> spread(const TestChecks& checks) const;
};
WindowBand window_band(const NhtsaTest& test, const CheckLimits& limits);

/// A vehicle's CG acceleration estimated from the channels its delta-V came from, offsets removed, in its
/// body frame at the channels' sample times. Empty when the vehicle has no passing planar channels.
struct VehiclePulse {
  std::vector<double> time;  ///< [s]
  std::vector<double> ax, ay;  ///< [g]
};
VehiclePulse vehicle_pulse(const NhtsaTest& test, const TestChecks& checks, int vehicle);

}  // namespace crashbench
