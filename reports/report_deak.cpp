#include "reports/report_deak.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <string>

#include "core/math.hpp"
#include "core/units.hpp"

namespace crashbench {
namespace {

using nlohmann::json;

/// Deepest corner of the rectangle (CG `cg`, heading `heading`) on the far side of a wall segment from
/// the CG and within the segment's span [m]; 0 when none is.
double deepest_corner(const json& walls, const json& params, const Vec2& cg, double heading) {
  const double front = params.value("cg_to_front", 0.0), rear = params.value("cg_to_rear", 0.0);
  const double half = 0.5 * params.value("width", 0.0);
  double depth = 0;
  for (const json& w : walls) {
    const Vec2 a{w[0].get<double>(), w[1].get<double>()}, b{w[2].get<double>(), w[3].get<double>()};
    const Vec2 along = b - a;
    const double length = along.norm();
    if (!(length > 0)) continue;
    const double cg_side = cross(along, cg - a);
    for (const Vec2& corner_B : {Vec2{front, half}, Vec2{front, -half}, Vec2{-rear, half}, Vec2{-rear, -half}}) {
      const Vec2 corner = cg + rotation(heading) * corner_B;
      const double side = cross(along, corner - a), s = along.dot(corner - a) / (length * length);
      if (side * cg_side < 0 && s >= 0 && s <= 1) depth = std::max(depth, std::abs(side) / length);
    }
  }
  return depth;
}

/// True when some event of the case is a continuing contact (a model answering with a force).
bool answers_with_force(const CaseRecord& c) {
  const json& events = c.raw.value("events", json::array());
  return std::any_of(events.begin(), events.end(), [](const json& e) { return e.value("answer", "") == "force"; });
}

/// The group a case belongs to: its listed case and every matrix value but the integrator.
std::string group_key(const CaseRecord& c) {
  std::string key = c.listed_name;
  for (const auto& [path, value] : c.variation.items())
    if (path != "integrator") key += " " + path + "=" + (value.is_string() ? value.get<std::string>() : value.dump());
  return key;
}

}  // namespace

std::vector<double> spring_energy(const CaseRecord& c) {
  std::vector<double> energy;
  const json& raw = c.raw;
  if (c.status == "error" || !raw.contains("trajectory") || raw["trajectory"]["vehicles"].empty()) return energy;
  const json& params = raw["config"]["vehicle_params"][0];
  const json& v = raw["trajectory"]["vehicles"][0];
  const double mass = params.value("mass", 0.0), inertia = params.value("yaw_inertia", 0.0);
  const double stiffness = raw["config"]["response"].value("stiffness", 0.0);
  const json walls = raw.value("scene_walls", json::array());
  for (std::size_t i = 0; i < v["x"].size(); ++i) {
    const double speed = v["speed"][i].get<double>(), yaw_rate = v["yaw_rate_deg_s"][i].get<double>() * kDegToRad;
    const Vec2 cg{v["x"][i].get<double>(), v["y"][i].get<double>()};
    const double d = deepest_corner(walls, params, cg, v["heading_deg"][i].get<double>() * kDegToRad);
    energy.push_back(0.5 * mass * speed * speed + 0.5 * inertia * yaw_rate * yaw_rate + 0.5 * stiffness * d * d);
  }
  return energy;
}

std::vector<Figure> spring_energy_figures(const ResultsFile& results) {
  std::map<std::string, std::vector<const CaseRecord*>> groups;
  for (const auto& c : results.cases)
    if (c.status != "error" && answers_with_force(c) && c.variation.contains("integrator"))
      groups[group_key(c)].push_back(&c);
  std::vector<Figure> out;
  for (const auto& [key, cases] : groups) {
    if (cases.size() < 2) continue;
    Figure f{"laws", "Energy on the spring: " + key, json::array(),
             plot_layout("Kinetic + spring energy over time, per integrator (Deak Fig. 7): " + key, "time [s]",
                         "E(t) / E(0) [-]")};
    for (const CaseRecord* c : cases) {
      const std::vector<double> energy = spring_energy(*c);
      if (energy.empty() || !(energy.front() > 0)) continue;
      json y = json::array();
      for (const double e : energy) y.push_back(e / energy.front());
      f.data.push_back({{"type", "scatter"}, {"mode", "lines"}, {"name", c->config_value("integrator")},
                        {"x", c->raw["trajectory"]["time"]}, {"y", y}});
    }
    out.push_back(std::move(f));
  }
  return out;
}

}  // namespace crashbench
