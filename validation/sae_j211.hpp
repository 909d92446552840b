#pragma once
// SAE J211-1's conventions for crash-test channels: its axes mapped to crashbench's body frame, and its
// channel frequency class (CFC) filter.
#include <span>
#include <string_view>
#include <vector>

namespace crashbench {

/// A J211 axis letter ('X' forward, 'Y' right, 'Z' down) as crashbench's body axis (x forward, y left,
/// z up): the index 0, 1, 2 and the sign a J211 value takes there. J211's and ISO 8855's x agree; y and z
/// flip, so a right-pointing J211 +Y acceleration is a negative crashbench y.
struct BodyAxis {
  int index = 0;     ///< 0 x, 1 y, 2 z
  double sign = 1;   ///< +1 or -1
};
/// The body axis of an EV5 AXIS code ("XG", "YL", ...: its first letter); index -1 when it is none of X,
/// Y, Z (a resultant "RS", a rotation).
BodyAxis body_axis_of(std::string_view ev5_axis);

/// SAE J211-1 (2014) Appendix C's CFC filter: a two-pole Butterworth low-pass with
/// wd = 2 pi CFC 2.0775, wa = tan(wd T / 2), run forward and then backward so that it has no phase shift
/// (a four-pole response, -3 dB near 1.65 CFC). `interval` [s]; each pass starts from the first sample
/// it sees held constant, so a constant signal comes out unchanged.
std::vector<double> cfc_filter(std::span<const double> x, double interval, double cfc);

/// The gain of one pass of the filter at frequency `f` [Hz] (the two passes give its square).
double cfc_single_pass_gain(double f, double interval, double cfc);

}  // namespace crashbench
