#include "validation/channel_checks.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "core/units.hpp"
#include "validation/pulse.hpp"

namespace crashbench {
namespace {

void fail(ChannelVerdict& v, const std::string& why) {
  v.pass = false;
  if (!v.reasons.empty()) v.reasons += "; ";
  v.reasons += why;
}

ChannelVerdict intrinsic(const TestChannel& c, const CheckLimits& lim) {
  ChannelVerdict v;
  v.curve = c.header.curve;
  v.vehicle = c.header.vehicle;
  v.site = c.site;
  v.axis = c.header.axis;
  v.body = c.axis;
  const PreTrigger p = pre_trigger(c.data);
  v.offset_g = p.mean;
  v.noise_g = p.sd;
  const std::vector<double> smooth = cfc_filter(c.data.value, c.header.interval, lim.spike_cfc);
  for (std::size_t i = 0; i < smooth.size(); ++i) {
    v.peak_g = std::max(v.peak_g, std::abs(c.data.value[i] - p.mean));
    v.spike_g = std::max(v.spike_g, std::abs(c.data.value[i] - smooth[i]));
  }
  if (v.body.index < 0) fail(v, fmt::format("axis {} is none of X, Y, Z", v.axis));
  if (std::abs(v.offset_g) > lim.max_offset_g)
    fail(v, fmt::format("pre-trigger offset {:.2f} g > {:.2f} g", v.offset_g, lim.max_offset_g));
  if (v.noise_g > lim.max_noise_g)
    fail(v, fmt::format("pre-trigger scatter {:.2f} g > {:.2f} g (ringing)", v.noise_g, lim.max_noise_g));
  if (v.spike_g > lim.max_spike_g)
    fail(v, fmt::format("spike {:.0f} g off its CFC {:.0f} curve > {:.0f} g", v.spike_g, lim.spike_cfc, lim.max_spike_g));
  if (c.header.status != "AM") fail(v, fmt::format("the header marks it {} (not as measured)", c.header.status));
  return v;
}

// Index of the channel of `vehicle` at `site` along body axis `axis`, or -1.
int find(const std::vector<ChannelVerdict>& vs, int vehicle, SensorSite site, int axis, bool passing) {
  for (std::size_t i = 0; i < vs.size(); ++i)
    if (vs[i].vehicle == vehicle && vs[i].site == site && vs[i].body.index == axis && (!passing || vs[i].pass))
      return static_cast<int>(i);
  return -1;
}

// The channels that estimate the CG's acceleration along `axis`: both sills (their mean: a rigid body's
// yaw terms cancel between two sensors placed symmetrically about the centre line), else the CG sensor,
// else both rear floor sensors, else one of the four alone.
std::vector<int> cg_sources(const std::vector<ChannelVerdict>& vs, int vehicle, int axis) {
  const int l = find(vs, vehicle, SensorSite::kLeftSill, axis, true);
  const int r = find(vs, vehicle, SensorSite::kRightSill, axis, true);
  if (l >= 0 && r >= 0) return {l, r};
  if (const int cg = find(vs, vehicle, SensorSite::kCg, axis, true); cg >= 0) return {cg};
  const int fl = find(vs, vehicle, SensorSite::kLeftRearFloor, axis, true);
  const int fr = find(vs, vehicle, SensorSite::kRightRearFloor, axis, true);
  if (fl >= 0 && fr >= 0) return {fl, fr};
  for (const int one : {l, r, fl, fr})
    if (one >= 0) return {one};
  return {};
}

// True when the header lists no lateral accelerometer of `vehicle` at a CG, sill or floor site (a channel
// listed whose file is missing or fails is recorded: its lateral delta-V is unknown, not zero).
bool no_lateral_channel(const NhtsaTest& test, int vehicle) {
  const auto& cs = test.header.channels;
  return std::none_of(cs.begin(), cs.end(), [vehicle](const Ev5Channel& c) {
    return c.vehicle == vehicle && c.sensor_type == "AC" && sensor_site_of(c.attachment) != SensorSite::kOther &&
           body_axis_of(c.axis).index == 1;
  });
}

// A barrier test straight into the barrier's face with no offset: the lateral impulse is zero by symmetry,
// so a vehicle that records no lateral channel (NCAP's frontal tests record x and z only) has a lateral
// delta-V of 0, taken as an assumption and said so.
bool lateral_zero_by_symmetry(const Ev5Test& t) {
  return t.configuration == "VTB" && t.impact_angle_deg == 0 && t.offset == 0;
}

/// Which channels give a vehicle's planar delta-V: `y` is empty and `y_assumed_zero` set under the rule above.
struct PlanarSources {
  std::vector<int> x, y;
  bool y_assumed_zero = false;
  bool valid() const { return !x.empty() && (!y.empty() || y_assumed_zero); }
};

PlanarSources planar_sources(const NhtsaTest& test, const std::vector<ChannelVerdict>& vs, int vehicle) {
  PlanarSources p{cg_sources(vs, vehicle, 0), cg_sources(vs, vehicle, 1)};
  p.y_assumed_zero = p.y.empty() && no_lateral_channel(test, vehicle) && lateral_zero_by_symmetry(test.header.test);
  return p;
}

// The mean over `sources` of each sample's body-axis acceleration [g], offsets removed.
std::vector<double> mean_series(const NhtsaTest& t, const std::vector<ChannelVerdict>& vs, const std::vector<int>& sources) {
  std::vector<double> out;
  for (const int s : sources) {
    const auto& d = t.channels[static_cast<std::size_t>(s)].data;
    if (out.size() < d.value.size()) out.resize(d.value.size(), 0.0);
    for (std::size_t i = 0; i < d.value.size() && i < out.size(); ++i)
      out[i] += vs[static_cast<std::size_t>(s)].body.sign * (d.value[i] - vs[static_cast<std::size_t>(s)].offset_g) /
                static_cast<double>(sources.size());
  }
  return out;
}

// The lateral series of `p`: zeros of length `n` where it is assumed zero.
std::vector<double> lateral_series(const NhtsaTest& t, const std::vector<ChannelVerdict>& vs, const PlanarSources& p,
                                   std::size_t n) {
  return p.y_assumed_zero ? std::vector<double>(n, 0.0) : mean_series(t, vs, p.y);
}

std::string curves(const std::vector<ChannelVerdict>& vs, const std::vector<int>& sources) {
  std::string s;
  for (const int i : sources) {
    if (!s.empty()) s += '+';
    s += std::to_string(vs[static_cast<std::size_t>(i)].curve);
  }
  return s;
}

double mean_dv(const std::vector<ChannelVerdict>& vs, const std::vector<int>& sources) {
  double sum = 0;
  for (const int i : sources) sum += vs[static_cast<std::size_t>(i)].delta_v;
  return sources.empty() ? 0.0 : sum / static_cast<double>(sources.size());
}

// CG channels against the sill pair's mean: a CG channel that disagrees beyond the limit fails (two
// sensors that agree with each other outvote one); returns the largest difference, -1 if none compared.
double compare_cg_with_sills(std::vector<ChannelVerdict>& vs, int vehicle, const CheckLimits& lim) {
  double worst = -1;
  for (int axis = 0; axis < 2; ++axis) {
    const int cg = find(vs, vehicle, SensorSite::kCg, axis, true);
    const int l = find(vs, vehicle, SensorSite::kLeftSill, axis, true);
    const int r = find(vs, vehicle, SensorSite::kRightSill, axis, true);
    if (cg < 0 || l < 0 || r < 0) continue;
    const double sills = mean_dv(vs, {l, r});
    const double diff = std::abs(vs[static_cast<std::size_t>(cg)].delta_v - sills);
    worst = std::max(worst, diff);
    if (diff > lim.max_cg_sill_dv)
      fail(vs[static_cast<std::size_t>(cg)], fmt::format("delta-V {:.1f} km/h against the sills' {:.1f} km/h",
                                                         vs[static_cast<std::size_t>(cg)].delta_v * 3.6, sills * 3.6));
  }
  return worst;
}

VehicleDeltaV vehicle_delta_v(const NhtsaTest& test, std::vector<ChannelVerdict>& vs, const Ev5Vehicle& veh,
                              const CheckLimits& lim) {
  VehicleDeltaV out;
  out.vehicle = veh.number;
  out.mass = veh.mass;
  out.cg_vs_sill = compare_cg_with_sills(vs, veh.number, lim);
  const PlanarSources p = planar_sources(test, vs, veh.number);
  if (!p.valid()) {
    out.why_none = p.x.empty() ? "no passing x channel"
                   : no_lateral_channel(test, veh.number)
                       ? "no lateral channel recorded (0 is assumed only for a VTB test at IMPANG 0 and OFFSET 0)"
                       : "no passing lateral channel";
    return out;
  }
  out.valid = true;
  out.lateral_assumed_zero = p.y_assumed_zero;
  out.delta_v_B = {mean_dv(vs, p.x), mean_dv(vs, p.y)};
  out.source = p.y_assumed_zero
                   ? fmt::format("x from curve {}, y 0 ASSUMED (no lateral channel; a barrier test at 0 deg, no "
                                 "offset)", curves(vs, p.x))
                   : fmt::format("x from curve {}, y from curve {}", curves(vs, p.x), curves(vs, p.y));
  const Vec2 force_dir = out.delta_v_B;
  out.pdof_deg = std::fmod(std::atan2(force_dir.y(), -force_dir.x()) * kRadToDeg + 360.0, 360.0);
  const int l = find(vs, veh.number, SensorSite::kLeftSill, 0, true);
  const int r = find(vs, veh.number, SensorSite::kRightSill, 0, true);
  if (l >= 0 && r >= 0) {
    // Rigid body: the x accelerations of two points at lateral spacing s differ by -alpha s, so the
    // x delta-Vs differ by -(yaw rate change) s.
    out.has_yaw_estimate = true;
    out.sill_spacing = veh.width - 2 * lim.sill_inset;
    out.yaw_rate_change = (vs[static_cast<std::size_t>(r)].delta_v - vs[static_cast<std::size_t>(l)].delta_v) / out.sill_spacing;
  }
  return out;
}

}  // namespace

TestChecks check_channels(const NhtsaTest& test, const CheckLimits& lim) {
  TestChecks out;
  for (const TestChannel& c : test.channels) out.channels.push_back(intrinsic(c, lim));
  auto& vs = out.channels;
  // The contact ends for both vehicles at once (the force on one is the force on the other): the later of
  // the two ends the rule finds is the window for every channel.
  for (const Ev5Vehicle& veh : test.header.vehicles) {
    const PlanarSources p = planar_sources(test, vs, veh.number);
    if (!p.valid()) continue;
    const auto& time = test.channels[static_cast<std::size_t>(p.x.front())].data.time;
    const std::vector<double> ax = mean_series(test, vs, p.x), ay = lateral_series(test, vs, p, ax.size());
    if (ax.size() != ay.size() || ax.size() != time.size()) continue;
    out.vehicle_ends.push_back(pulse_end(time, ax, ay, lim.end_threshold_g, lim.end_window));
    out.pulse_end = std::max(out.pulse_end, out.vehicle_ends.back());
  }
  for (std::size_t i = 0; i < vs.size(); ++i) {
    vs[i].delta_v = vs[i].body.sign * delta_v(test.channels[i].data, vs[i].offset_g, out.pulse_end);
    if (vs[i].body.index == 2 && vs[i].pass && std::abs(vs[i].delta_v) > lim.max_vertical_dv)
      fail(vs[i], fmt::format("vertical delta-V {:.1f} km/h > {:.1f} km/h (the car stays on the ground)",
                              vs[i].delta_v * 3.6, lim.max_vertical_dv * 3.6));
  }
  for (const Ev5Vehicle& veh : test.header.vehicles) out.vehicles.push_back(vehicle_delta_v(test, vs, veh, lim));
  return out;
}

VehiclePulse vehicle_pulse(const NhtsaTest& test, const TestChecks& checks, int vehicle) {
  VehiclePulse p;
  const PlanarSources s = planar_sources(test, checks.channels, vehicle);
  if (!s.valid()) return p;
  p.time = test.channels[static_cast<std::size_t>(s.x.front())].data.time;
  p.ax = mean_series(test, checks.channels, s.x);
  p.ay = lateral_series(test, checks.channels, s, p.ax.size());
  // Channels of different lengths give no common pulse.
  if (p.ax.size() != p.time.size() || p.ay.size() != p.time.size()) return {};
  return p;
}

WindowBand window_band(const NhtsaTest& test, const CheckLimits& limits) {
  CheckLimits low = limits, high = limits;
  low.end_threshold_g = limits.end_threshold_g / 1.5;
  high.end_threshold_g = limits.end_threshold_g * 4 / 3;
  return {check_channels(test, high), check_channels(test, low)};
}

std::vector<double> WindowBand::spread(const TestChecks& checks) const {
  std::vector<double> out;
  for (std::size_t i = 0; i < checks.vehicles.size(); ++i) {
    const double at = checks.vehicles[i].delta_v_B.norm();
    double worst = 0;
    for (const TestChecks* other : {&early, &late})
      if (i < other->vehicles.size()) worst = std::max(worst, std::abs(other->vehicles[i].delta_v_B.norm() - at));
    out.push_back(worst);
  }
  return out;
}

}  // namespace crashbench
