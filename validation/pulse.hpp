#pragma once
// A crash pulse's arithmetic: the pre-trigger offset, the velocity change over a window, and where the
// contact ends.
#include <span>
#include <vector>

#include "validation/channel_file.hpp"

namespace crashbench {

/// The samples before time zero (first contact), when the vehicles still move steadily.
struct PreTrigger {
  double mean = 0;  ///< [g]: the offset removed before integrating
  double sd = 0;    ///< scatter about it [g]
  int samples = 0;
};
/// Mean and standard deviation of the samples with t < 0 (all zero when there are none).
PreTrigger pre_trigger(const ChannelData& d);

/// Velocity change [m/s] over [0, t_end] of (value - offset_g) g, g = 9.80665 m/s^2, by the trapezoid
/// rule over the samples inside the window.
double delta_v(const ChannelData& d, double offset_g, double t_end);

/// The mean of each sample and the n - 1 before it (fewer at the start).
std::vector<double> trailing_mean(std::span<const double> x, int n);

/// The end of the contact [s]: the last sample at which the `window` [s] trailing mean of the planar
/// acceleration (ax, ay [g], sampled at `time`) still exceeds `threshold_g`, less half the window (the
/// time the mean is centred on). 0 when it never does.
double pulse_end(std::span<const double> time, std::span<const double> ax, std::span<const double> ay,
                 double threshold_g, double window);

}  // namespace crashbench
