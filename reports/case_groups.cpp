#include "reports/case_groups.hpp"

#include <map>

#include "core/units.hpp"

namespace crashbench {

std::string variation_key(const std::string& listed_name, const nlohmann::json& variation, const std::string& without) {
  nlohmann::json rest = variation;
  if (!without.empty() && rest.is_object()) rest.erase(without);
  // A JSON pair cannot be confused with another listed name and variation, whatever characters they hold.
  return nlohmann::json::array({listed_name, rest}).dump();
}

std::string variation_text(const nlohmann::json& variation) {
  std::string text;
  for (const auto& [path, value] : variation.items())
    text += (text.empty() ? "" : ",") + path + "=" + (value.is_string() ? value.get<std::string>() : value.dump());
  return text;
}

StateRecord state_record(const nlohmann::json& s) {
  const auto vec = [](const nlohmann::json& v) { return Vec2(v.at(0).get<double>(), v.at(1).get<double>()); };
  return {vec(s.at("position")), s.at("heading_deg").get<double>(), vec(s.at("velocity")),
          s.at("yaw_rate_deg_s").get<double>()};
}

EndStateRecord end_state_record(const nlohmann::json& s) {
  const auto& v = s.at("velocity_B");
  return {{v.at(0).get<double>(), v.at(1).get<double>()}, s.at("yaw_rate_deg_s").get<double>(),
          s.at("roll_rate_deg_s").get<double>()};
}

std::vector<ImpactRecord> impacts_of(const nlohmann::json& events) {
  std::map<int, ImpactRecord> by_impact;
  std::map<int, double> energy_before;
  for (const auto& e : events) {
    const int index = e.at("impact").get<int>();
    const bool first = !by_impact.count(index);
    ImpactRecord& r = by_impact[index];
    const std::string status = e.at("status").get<std::string>();
    if (first) {
      r.impact = index;
      r.time = e.at("time").get<double>();
      r.pre = state_record(e.at("pre"));
      r.vehicle = e.at("vehicle").get<int>();
      r.other = e.value("other", -1);
      if (r.other >= 0) r.other_pre = state_record(e.at("other_pre"));
      if (e.contains("model_end")) {
        const auto& end = e.at("model_end");
        r.end = end_state_record(end.at("vehicle"));
        if (end.contains("other")) r.other_end = end_state_record(end.at("other"));
      }
      energy_before[index] = e.at("energy_before").get<double>();
      r.status = status;
    } else if (("+" + r.status + "+").find("+" + status + "+") == std::string::npos) {
      r.status += "+" + status;
    }
    ++r.events;
    r.post = state_record(e.at("post"));
    if (r.other >= 0) r.other_post = state_record(e.at("other_post"));
    r.impulse_W += Vec2(e.at("impulse").at(0).get<double>(), e.at("impulse").at(1).get<double>());
    const double before = energy_before[index];
    r.energy_kept = before > 0 ? e.at("energy_after").get<double>() / before : 0.0;
  }
  std::vector<ImpactRecord> out;
  for (auto& [index, r] : by_impact) out.push_back(std::move(r));
  return out;
}

Vec2 end_velocity_B(const ImpactRecord& r) {
  return r.end ? r.end->velocity_B : rotation(-r.pre.heading_deg * kDegToRad) * r.post.velocity_W;
}

double delta_v_to_end(const ImpactRecord& r) {
  return (end_velocity_B(r) - rotation(-r.pre.heading_deg * kDegToRad) * r.pre.velocity_W).norm();
}

}  // namespace crashbench
