#include "reports/results/record_store.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "core/error.hpp"
#include "core/units.hpp"

namespace crashbench {
namespace {

using nlohmann::json;

/// The smallest and largest of `values` widened to at least `min_span`, as {lo, hi}.
std::pair<double, double> span_of(const std::vector<double>& values, double min_span) {
  const auto [lo, hi] = std::minmax_element(values.begin(), values.end());
  const double mid = 0.5 * (*lo + *hi), half = 0.5 * std::max(*hi - *lo, min_span);
  return {mid - half, mid + half};
}

/// Bin of `v` in [lo, hi) cut into `n` equal bins (the top edge goes in the last bin).
int bin_of(double v, double lo, double hi, int n) {
  return std::clamp(static_cast<int>((v - lo) / (hi - lo) * n), 0, n - 1);
}

json plan_density(const std::vector<ImpactEvent>& events) {
  std::vector<double> px, py;
  for (const auto& e : events) px.push_back(e.contact.point_W.x()), py.push_back(e.contact.point_W.y());
  if (px.empty()) return json::object();
  const auto [x0, x1] = span_of(px, 1.0);
  const auto [y0, y1] = span_of(py, 1.0);
  std::vector<std::vector<int>> counts(kDensityCells, std::vector<int>(kDensityCells, 0));
  for (std::size_t i = 0; i < px.size(); ++i)
    ++counts[bin_of(py[i], y0, y1, kDensityCells)][bin_of(px[i], x0, x1, kDensityCells)];
  return {{"x", {x0, x1}}, {"y", {y0, y1}}, {"counts", counts}};
}

}  // namespace

json contact_summary_json(const RunResult& r) {
  const double end = std::max(r.steps * r.config.dt, r.config.dt);
  std::vector<int> per_bin(kTimeBins, 0);
  std::vector<double> per_vehicle(r.tracks.size(), 0.0);
  for (const auto& e : r.events) {
    ++per_bin[bin_of(e.time, 0.0, end, kTimeBins)];
    for (const int v : {e.contact.vehicle, e.contact.other})
      if (v >= 0 && static_cast<std::size_t>(v) < per_vehicle.size()) per_vehicle[v] += 1;
  }
  return {{"plan", plan_density(r.events)}, {"over_time", {{"end", end}, {"counts", per_bin}}},
          {"per_vehicle", percentiles_json(per_vehicle)}};
}

json percentiles_json(std::vector<double>& values) {
  json out = json::object();
  if (values.empty()) return out;
  std::sort(values.begin(), values.end());
  for (const auto& [name, q] : kPercentiles) {
    const auto rank = static_cast<std::size_t>(std::ceil(q * static_cast<double>(values.size())));
    out[name] = values[std::max<std::size_t>(rank, 1) - 1];
  }
  return out;
}

TrajectoryMode parse_trajectory_mode(std::string_view text) {
  if (text == "auto") return TrajectoryMode::kAuto;
  if (text == "json") return TrajectoryMode::kJson;
  if (text == "h5") return TrajectoryMode::kH5;
  throw Error("--trajectories", "", fmt::format("'{}' is not a trajectory store: expected auto, json or h5", text));
}

std::string trajectory_file_for(const RunResult& result, TrajectoryMode mode, std::size_t index) {
  if (result.status == CaseStatus::kError || mode == TrajectoryMode::kJson) return "";
  if (mode == TrajectoryMode::kAuto && result.tracks.size() < kManyVehicles) return "";
  return fmt::format("trajectories/case-{:06}.h5", index);
}

std::vector<std::size_t> sampled_vehicles(std::size_t count) {
  std::vector<std::size_t> out;
  const std::size_t n = std::min(count, kSampledTrajectories);
  for (std::size_t k = 0; k < n; ++k) out.push_back(k * count / n);
  return out;
}

json trajectory_summary_json(const RunResult& r) {
  std::vector<double> peak_speed, final_speed, peak_yaw_rate, distance;
  for (const VehicleTrack& t : r.tracks) {
    if (t.states.empty()) continue;
    double peak = 0, yaw = 0, path = 0;
    for (std::size_t i = 0; i < t.states.size(); ++i) {
      peak = std::max(peak, t.states[i].velocity_W.norm());
      yaw = std::max(yaw, std::abs(t.states[i].yaw_rate));
      if (i > 0) path += (t.states[i].position_W - t.states[i - 1].position_W).norm();
    }
    peak_speed.push_back(peak), final_speed.push_back(t.states.back().velocity_W.norm());
    peak_yaw_rate.push_back(yaw * kRadToDeg), distance.push_back(path);
  }
  json over_time = json::object();
  for (const auto& [name, q] : kPercentiles) over_time[name] = json::array();
  std::vector<double> speeds;
  for (std::size_t i = 0; i < r.sample_times.size(); ++i) {
    speeds.clear();
    for (const VehicleTrack& t : r.tracks)
      if (i < t.states.size()) speeds.push_back(t.states[i].velocity_W.norm());
    const json p = percentiles_json(speeds);
    for (const auto& [name, q] : kPercentiles) over_time[name].push_back(p.value(name, 0.0));
  }
  return {{"vehicles", r.tracks.size()},
          {"per_vehicle", {{"peak_speed", percentiles_json(peak_speed)}, {"final_speed", percentiles_json(final_speed)},
                           {"peak_yaw_rate_deg_s", percentiles_json(peak_yaw_rate)}, {"distance", percentiles_json(distance)}}},
          {"speed_over_time", over_time}};
}

}  // namespace crashbench
