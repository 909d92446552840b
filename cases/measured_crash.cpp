#include "cases/measured_crash.hpp"

#include <cmath>

#include "cases/case_fields.hpp"
#include "core/units.hpp"

namespace crashbench {

MeasuredCrash parse_measured(const JsonReader& field, std::size_t vehicles, double duration) {
  field.only_keys({"source", "window", "vehicles"});
  MeasuredCrash m;
  m.source = field.at("source").string();
  m.window = field.at("window").positive_number();
  if (m.window > duration * (1 + 1e-12))
    field.at("window").fail("expected at most the case's duration (" + std::to_string(duration) + " s): the run must cover the window");
  const JsonReader list = field.at("vehicles");
  if (list.array_size() == 0 || list.array_size() > vehicles)
    list.fail("expected 1 to " + std::to_string(vehicles) + " vehicles (the case's), in the case's order");
  for (std::size_t i = 0; i < list.array_size(); ++i) {
    const JsonReader v = list.at(i);
    v.only_keys({"delta_v_B", "uncertainty", "yaw_rate_change_deg_s", "yaw_is_estimate"});
    MeasuredVehicle& out = m.vehicles.emplace_back();
    out.delta_v_B = parse_vec2(v.at("delta_v_B"));
    out.uncertainty = v.at("uncertainty").non_negative_number();
    if (const auto r = v.find("yaw_rate_change_deg_s")) out.yaw_rate_change = r->number() * kDegToRad;
    if (const auto e = v.find("yaw_is_estimate")) out.yaw_is_estimate = e->boolean();
  }
  return m;
}

std::optional<VehicleComparison> compare_with_measured(const MeasuredVehicle& measured, const std::vector<PlanarState>& states,
                                                       const std::vector<double>& times, double window) {
  if (states.size() < 2 || times.size() != states.size()) return std::nullopt;
  // The samples' times are sums of steps: allow half of the smallest sample interval of rounding.
  const double slack = 0.5 * (times[1] - times[0]);
  std::size_t last = 0;
  while (last + 1 < times.size() && times[last + 1] <= times.front() + window + slack) ++last;
  if (last == 0) return std::nullopt;
  const PlanarState& a = states.front();
  const PlanarState& b = states[last];
  VehicleComparison c;
  c.simulated_B = rotation(-a.heading) * (b.velocity_W - a.velocity_W);
  c.magnitude_error = c.simulated_B.norm() - measured.delta_v_B.norm();
  c.direction_error = std::atan2(cross(measured.delta_v_B, c.simulated_B), measured.delta_v_B.dot(c.simulated_B));
  if (measured.yaw_rate_change) {
    c.yaw_rate_change = b.yaw_rate - a.yaw_rate;
    c.yaw_rate_error = *c.yaw_rate_change - *measured.yaw_rate_change;
  }
  return c;
}

}  // namespace crashbench
