#include "reports/case_groups.hpp"

#include <map>

namespace crashbench {

std::string CaseLabel::without(const std::string& path) const {
  std::string rest;
  for (const auto& [key, value] : params)
    if (key != path) rest += (rest.empty() ? "" : ",") + key + "=" + value;
  return rest.empty() ? base : base + "[" + rest + "]";
}

CaseLabel parse_label(const std::string& name) {
  CaseLabel label;
  const auto open = name.find('[');
  if (open == std::string::npos || name.back() != ']') {
    label.base = name;
    return label;
  }
  label.base = name.substr(0, open);
  const std::string inner = name.substr(open + 1, name.size() - open - 2);
  // Split at commas outside brackets and braces (a varied value may be a JSON array or object).
  int depth = 0;
  std::string item;
  const auto flush = [&] {
    const auto eq = item.find('=');
    if (eq != std::string::npos) label.params.emplace_back(item.substr(0, eq), item.substr(eq + 1));
    item.clear();
  };
  for (char ch : inner) {
    depth += (ch == '[' || ch == '{') - (ch == ']' || ch == '}');
    if (ch == ',' && depth == 0) {
      flush();
    } else {
      item += ch;
    }
  }
  flush();
  return label;
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

}  // namespace crashbench
