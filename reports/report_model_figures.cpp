// The model plots of the report: Knight's angle laws and Figure 4-5.
#include <fmt/format.h>

#include <cmath>
#include <cstdlib>
#include <map>
#include <set>

#include "cases/loading/vehicle_presets.hpp"
#include "core/units.hpp"
#include "reports/case_groups.hpp"
#include "reports/knight_curves.hpp"
#include "reports/plot_readability.hpp"
#include "reports/report_figures.hpp"

namespace crashbench {
namespace {

using nlohmann::json;

/// Speed of the Figure 4-5 hit [m/s] (30 mph): the thesis gives none; F0 scales with it.
constexpr double kFigure45Speed = 30 * kMphToMps;

/// A law the run recorded (LawCurve: a resolution field against the angle of attack) at `angle_deg`,
/// linear between its samples.
double law_at(const LawCurve& law, double angle_deg) {
  std::size_t i = 1;
  while (i + 1 < law.angle_deg.size() && law.angle_deg[i] < angle_deg) ++i;
  const double a0 = law.angle_deg[i - 1], a1 = law.angle_deg[i];
  return law.value[i - 1] + (angle_deg - a0) / (a1 - a0) * (law.value[i] - law.value[i - 1]);
}

json law_trace(const LawCurve& law, const std::string& name, bool dashed) {
  return {{"type", "scatter"}, {"mode", "lines"}, {"name", name}, {"x", law.angle_deg}, {"y", law.value},
          {"line", {{"dash", dashed ? "dash" : "solid"}}}};
}

json marker_trace(const std::string& name, const json& x, const json& y) {
  return {{"type", "scatter"}, {"mode", "markers"}, {"name", name}, {"x", x}, {"y", y}, {"marker", {{"size", 6}}}};
}

/// The restitution method's answer to Figure 4-5's head-on (90 deg) hit, which Knight superimposed on the
/// energy curves: the contact point is on the line of the normal through the CG, so the impulse is
/// (1 + e) m v along the normal, F0 = J0 / dt, and e^2 of the kinetic energy is kept.
json restitution_point(double mass, double speed, double e, double dt) {
  return {{"type", "scatter"}, {"mode", "markers"}, {"name", fmt::format("restitution method at 90 deg, e = {:.2f}", e)},
          {"x", {100 * e * e}}, {"y", {(1 + e) * mass * speed / dt / 1000}},
          {"marker", {{"symbol", "star"}, {"size", 14}, {"color", "#000"}}}};
}

Figure figure_45(const ResultsFile& results) {
  // The sedan preset when no case says otherwise.
  const VehicleParams sedan = find_entry(vehicle_presets(), "sedan", "vehicle preset").make().shared;
  Body body{sedan.mass, sedan.yaw_inertia, {}};
  double cg_to_front = sedan.body.cg_to_front, dt = 0.005;
  // Knight's laws unless the case's model gives its own.
  LawCurve friction = sample_law("mu_limit", KnightLaws{}.friction);
  LawCurve restitution = sample_law("restitution", KnightLaws{}.restitution);
  for (const auto& c : results.cases) {
    if (c.status == "error" || c.raw["config"].value("vehicle_params", json::array()).empty()) continue;
    const json& v = c.raw["config"]["vehicle_params"][0];
    body.mass = v.value("mass", body.mass);
    body.yaw_inertia = v.value("yaw_inertia", body.yaw_inertia);
    cg_to_front = v.value("cg_to_front", cg_to_front);
    dt = c.dt;
    for (const LawCurve& law : c.response_curves) {
      if (law.quantity == "mu_limit") friction = law;
      if (law.quantity == "restitution") restitution = law;
    }
    break;
  }
  Figure f{"laws", "Figure 4-5", json::array(),
           plot_layout(fmt::format("Force magnitude vs energy kept, front-centre hit at {:.0f} mph, F0 = J0/{:g} s "
                                   "(thesis Fig. 4-5); solid: larger root, dotted: smaller", kFigure45Speed / kMphToMps, dt),
                       "kinetic energy kept E2/E1 [%]", "force magnitude F0 [kN]")};
  for (double alpha : {10.0, 30.0, 50.0, 70.0, 90.0}) {
    const EnergyLossCurve c =
        energy_loss_curve(body, cg_to_front, kFigure45Speed, alpha, AngleLaw::fixed(law_at(friction, alpha)), dt);
    json x = json::array(), large = json::array(), small = json::array();
    for (std::size_t i = 0; i < c.energy_kept.size(); ++i) {
      x.push_back(100 * c.energy_kept[i]);
      large.push_back(std::isnan(c.force_larger[i]) ? json(nullptr) : json(c.force_larger[i] / 1000));
      small.push_back(std::isnan(c.force_smaller[i]) ? json(nullptr) : json(c.force_smaller[i] / 1000));
    }
    // One legend entry and colour per angle for both roots.
    const std::string name = fmt::format("alpha = {:.0f} deg", alpha);
    json larger = {{"type", "scatter"}, {"mode", "lines"}, {"name", name}, {"x", x}, {"y", large}};
    json smaller = {{"type", "scatter"}, {"mode", "lines"}, {"name", name + ", smaller root"}, {"x", x}, {"y", small},
                    {"line", {{"dash", "dot"}}}};
    const std::size_t colour = f.data.size() / 2;  // two traces per angle so far
    group_trace(larger, name, colour, true);
    group_trace(smaller, name, colour, false);
    f.data.push_back(std::move(larger));
    f.data.push_back(std::move(smaller));
  }
  f.data.push_back(restitution_point(body.mass, kFigure45Speed, law_at(restitution, 90), dt));
  return f;
}

}  // namespace

std::vector<Figure> law_figures(const ResultsFile& results) {
  Figure e{"laws", "e and mu", json::array(),
           plot_layout("Restitution e(alpha) and friction mu(alpha) (thesis Fig. 4-2), events marked", "angle of attack alpha [deg]", "coefficient [-]")};
  Figure p{"laws", "P", json::array(),
           plot_layout("Fraction of kinetic energy kept P(alpha) (thesis Fig. 4-3), events marked", "angle of attack alpha [deg]", "E2/E1 [-]")};
  std::set<std::string> seen;
  json ex = json::array(), ey = json::array(), px = json::array(), py = json::array();
  json fx = json::array(), fy = json::array();
  for (const auto& c : results.cases) {
    if (c.status == "error") continue;
    const json response = c.raw["config"].value("response", json::object());
    // Each model's own laws, as the run recorded them (a penalty model has no P, for one), by the
    // resolution field each one sets: the report knows the events' fields, not the models' parameters.
    if (seen.insert(response.dump()).second && seen.size() <= 6) {
      const std::string tag = fmt::format(" ({})", response.value("model", "?"));
      for (const LawCurve& law : c.response_curves) {
        if (law.quantity == "restitution") e.data.push_back(law_trace(law, "e(alpha)" + tag, false));
        if (law.quantity == "mu_limit") e.data.push_back(law_trace(law, "mu(alpha)" + tag, true));
        if (law.quantity == "energy_kept_target") p.data.push_back(law_trace(law, "P(alpha)" + tag, false));
      }
    }
    for (const auto& ev : c.raw["events"]) {
      // The energy-loss model's e = 0 fallbacks (target unreachable, or both roots penetrate) are not
      // restitution values a law chose: they get their own marker.
      const std::string status = ev.value("status", std::string());
      const bool fallback = status == "no_real_root" || status == "root_penetrates";
      if (ev.contains("restitution"))
        (fallback ? fx : ex).push_back(ev["angle_of_attack_deg"]), (fallback ? fy : ey).push_back(ev["restitution"]);
      if (ev.contains("energy_kept_target") && ev.value("energy_before", 0.0) > 0)
        px.push_back(ev["angle_of_attack_deg"]), py.push_back(ev["energy_after"].get<double>() / ev["energy_before"].get<double>());
    }
  }
  if (seen.empty()) {  // nothing ran: Knight's laws
    const KnightLaws knight;
    e.data.push_back(law_trace(sample_law("restitution", knight.restitution), "e(alpha)", false));
    p.data.push_back(law_trace(sample_law("energy_kept_target", knight.energy_kept), "P(alpha)", false));
  }
  e.data.push_back(marker_trace("events: e used", ex, ey));
  if (!fx.empty()) {
    json fallbacks = marker_trace("events: e = 0 fallback (energy target unreachable)", fx, fy);
    fallbacks["marker"] = {{"symbol", "x-open"}, {"size", 9}, {"color", "#c00"}};
    e.data.push_back(std::move(fallbacks));
  }
  p.data.push_back(marker_trace("energy-loss events: E2/E1 reached", px, py));
  return {e, p, figure_45(results)};
}

}  // namespace crashbench
