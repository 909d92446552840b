#include "validation/pulse.hpp"

#include <cmath>

#include "core/units.hpp"

namespace crashbench {

PreTrigger pre_trigger(const ChannelData& d) {
  PreTrigger p;
  double sum = 0, sum2 = 0;
  for (std::size_t i = 0; i < d.time.size() && d.time[i] < 0; ++i) {
    sum += d.value[i];
    ++p.samples;
  }
  if (p.samples == 0) return p;
  p.mean = sum / p.samples;
  for (int i = 0; i < p.samples; ++i) sum2 += (d.value[static_cast<std::size_t>(i)] - p.mean) * (d.value[static_cast<std::size_t>(i)] - p.mean);
  p.sd = std::sqrt(sum2 / p.samples);
  return p;
}

double delta_v(const ChannelData& d, double offset_g, double t_end) {
  double v = 0;
  for (std::size_t i = 1; i < d.time.size(); ++i) {
    if (d.time[i - 1] < 0 || d.time[i] > t_end) continue;
    v += 0.5 * (d.value[i] + d.value[i - 1] - 2 * offset_g) * (d.time[i] - d.time[i - 1]);
  }
  return v * kGravity;
}

std::vector<double> trailing_mean(std::span<const double> x, int n) {
  std::vector<double> out(x.size());
  double sum = 0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    sum += x[i];
    if (i >= static_cast<std::size_t>(n)) sum -= x[i - static_cast<std::size_t>(n)];
    out[i] = sum / static_cast<double>(std::min<std::size_t>(i + 1, static_cast<std::size_t>(n)));
  }
  return out;
}

double pulse_end(std::span<const double> time, std::span<const double> ax, std::span<const double> ay,
                 double threshold_g, double window) {
  if (time.size() < 2) return 0;
  const double dt = (time.back() - time.front()) / static_cast<double>(time.size() - 1);
  const int n = std::max(1, static_cast<int>(std::lround(window / dt)));
  const std::vector<double> mx = trailing_mean(ax, n), my = trailing_mean(ay, n);
  double end = 0;
  for (std::size_t i = 0; i < time.size(); ++i)
    if (time[i] > 0 && std::hypot(mx[i], my[i]) > threshold_g) end = time[i] - window / 2;
  return std::max(end, 0.0);
}

}  // namespace crashbench
