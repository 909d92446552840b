#include "cases/loading/measured_fields.hpp"

#include <string>

#include "cases/loading/case_fields.hpp"
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

}  // namespace crashbench
