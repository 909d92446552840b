#include "reports/report_figures.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "core/units.hpp"
#include "reports/case_groups.hpp"
#include "reports/results/phase_stats.hpp"
#include "reports/plot_readability.hpp"
#include "reports/report_contacts.hpp"
#include "reports/report_deak.hpp"
#include "reports/report_roll.hpp"

namespace crashbench {
namespace {

using nlohmann::json;

/// At most this many points per plotted trajectory (every n-th sample, the last always kept).
constexpr std::size_t kMaxPlotPoints = 600;

/// Smallest axis spans of the speed [m/s] and rate [deg/s] plots: anything flatter is drawn flat.
constexpr double kMinSpeedSpan = 1.0, kMinRateSpan = 2.0;

json thinned(const json& values) {
  if (values.size() <= kMaxPlotPoints) return values;
  const std::size_t stride = (values.size() + kMaxPlotPoints - 1) / kMaxPlotPoints;
  json out = json::array();
  for (std::size_t i = 0; i < values.size(); i += stride) out.push_back(values[i]);
  if ((values.size() - 1) % stride != 0) out.push_back(values.back());
  return out;
}

/// The cases that ran, grouped by the listed case they came from, in first-seen order.
std::vector<std::pair<std::string, std::vector<const CaseRecord*>>> by_listed_case(const ResultsFile& results) {
  std::vector<std::pair<std::string, std::vector<const CaseRecord*>>> groups;
  std::map<std::string, std::size_t> where;
  for (const auto& c : results.cases) {
    if (c.status == "error" || c.aggregated()) continue;  // many vehicles: reports/report_scale.hpp
    const std::string key = variation_key(c.listed_name, nlohmann::json::object());
    if (!where.count(key)) where[key] = groups.size(), groups.push_back({c.listed_name, {}});
    groups[where[key]].second.push_back(&c);
  }
  return groups;
}

/// The variant's name in a legend: its variation, or the whole name.
std::string variant_name(const CaseRecord& c) {
  const std::string varied = variation_text(c.variation);
  return varied.empty() ? c.name : "[" + varied + "]";
}

json wall_traces(const CaseRecord& c) {
  json x = json::array(), y = json::array();
  for (const auto& w : c.raw.value("scene_walls", json::array())) {
    x.insert(x.end(), {w.at(0), w.at(2), nullptr});
    y.insert(y.end(), {w.at(1), w.at(3), nullptr});
  }
  return {{"type", "scatter"}, {"mode", "lines"}, {"name", "walls (" + c.config_value("scene") + ")"}, {"x", x},
          {"y", y}, {"line", {{"color", "#333"}, {"width", 4}}}};
}

/// Appends vehicle `index`'s rectangle at `state` to `x`, `y` as a closed polygon, then a gap (null).
void append_outline(const CaseRecord& c, std::size_t index, const StateRecord& state, json& x, json& y) {
  const json& params = c.raw["config"]["vehicle_params"].at(index);
  const double front = params.at("cg_to_front").get<double>(), rear = params.at("cg_to_rear").get<double>();
  const double half_width = 0.5 * params.at("width").get<double>();
  const double heading = state.heading_deg * kDegToRad;
  for (const auto& [along, across] : {std::pair{front, half_width}, {-rear, half_width}, {-rear, -half_width},
                                      {front, -half_width}, {front, half_width}}) {
    const Vec2 corner = state.position_W + rotation(heading) * Vec2{along, across};
    x.push_back(corner.x());
    y.push_back(corner.y());
  }
  x.push_back(nullptr);
  y.push_back(nullptr);
}

/// Vehicle `index`'s recorded state at trajectory sample `i`.
StateRecord sample_state(const json& vehicle, std::size_t i) {
  StateRecord s;
  s.position_W = {vehicle["x"][i].get<double>(), vehicle["y"][i].get<double>()};
  s.heading_deg = vehicle["heading_deg"][i].get<double>();
  return s;
}

/// The vehicles' rectangles at the start, before each impact and at the end (Tongue & Moon's snapshots,
/// Figures 3 and 5).
json outline_trace(const CaseRecord& c) {
  json x = json::array(), y = json::array();
  const json& vehicles = c.raw["trajectory"]["vehicles"];
  for (std::size_t v = 0; v < vehicles.size(); ++v)
    if (!vehicles[v]["x"].empty()) append_outline(c, v, sample_state(vehicles[v], 0), x, y);
  for (const ImpactRecord& impact : impacts_of(c.raw["events"])) {
    append_outline(c, static_cast<std::size_t>(impact.vehicle), impact.pre, x, y);
    if (impact.other >= 0) append_outline(c, static_cast<std::size_t>(impact.other), impact.other_pre, x, y);
  }
  for (std::size_t v = 0; v < vehicles.size(); ++v)
    if (vehicles[v]["x"].size() > 1) append_outline(c, v, sample_state(vehicles[v], vehicles[v]["x"].size() - 1), x, y);
  return {{"type", "scatter"}, {"mode", "lines"}, {"name", "outlines " + variant_name(c) + " (start, impacts, end)"},
          {"x", x}, {"y", y}, {"line", {{"width", 1}, {"color", "#888"}}}};
}

Figure plan_view(const std::string& base, const std::vector<const CaseRecord*>& cases) {
  Figure f{"trajectories", base + ": plan view", json::array(),
           plot_layout(base + ": plan view, contact points marked", "X east [m]", "Y north [m]")};
  f.layout["yaxis"]["scaleanchor"] = "x";
  f.data.push_back(wall_traces(*cases.front()));
  // Frame the vehicles' paths (the walls may run far beyond them), with a margin.
  double lo_x = 1e300, hi_x = -1e300, lo_y = 1e300, hi_y = -1e300;
  for (const CaseRecord* c : cases)
    for (const auto& v : c->raw["trajectory"]["vehicles"])
      for (std::size_t i = 0; i < v["x"].size(); ++i) {
        lo_x = std::min(lo_x, v["x"][i].get<double>()), hi_x = std::max(hi_x, v["x"][i].get<double>());
        lo_y = std::min(lo_y, v["y"][i].get<double>()), hi_y = std::max(hi_y, v["y"][i].get<double>());
      }
  if (lo_x <= hi_x) {
    const double pad = 0.1 * std::max({hi_x - lo_x, hi_y - lo_y, 10.0});
    f.layout["xaxis"]["range"] = {lo_x - pad, hi_x + pad};
    f.layout["yaxis"]["range"] = {lo_y - pad, hi_y + pad};
  }
  // A legend entry per variant and vehicle; a variant's outlines and contacts go with its first vehicle.
  std::size_t group = 0;
  for (const CaseRecord* c : cases) {
    const json& vehicles = c->raw["trajectory"]["vehicles"];
    const std::size_t first_group = group;
    const std::string first_name = variant_name(*c) + " " + (vehicles.empty() ? "" : vehicles[0].value("name", ""));
    for (const auto& v : vehicles) {
      json path = {{"type", "scatter"}, {"mode", "lines"}, {"name", variant_name(*c) + " " + v.value("name", "")},
                   {"x", thinned(v["x"])}, {"y", thinned(v["y"])}, {"line", {{"width", 1.5}}}};
      group_trace(path, path["name"], group++, true);
      f.data.push_back(std::move(path));
    }
    json outline = outline_trace(*c);
    group_trace(outline, first_name, first_group, false);
    outline["line"]["color"] = "#888";  // grey: the rectangles would hide the paths in their colour
    f.data.push_back(std::move(outline));
    json px = json::array(), py = json::array();
    for (const auto& e : c->raw["events"]) px.push_back(e["point"][0]), py.push_back(e["point"][1]);
    if (!px.empty()) {
      json contacts = {{"type", "scatter"}, {"mode", "markers"}, {"name", "contacts " + variant_name(*c)},
                       {"x", px}, {"y", py}, {"marker", {{"symbol", "x"}, {"size", 7}}}};
      group_trace(contacts, first_name, first_group, false);
      f.data.push_back(std::move(contacts));
    }
  }
  return f;
}

Figure time_series(const std::string& base, const std::vector<const CaseRecord*>& cases) {
  Figure f{"trajectories", base + ": speed and yaw rate", json::array(),
           plot_layout(base + ": speed (solid) and yaw rate (dotted), impacts marked", "time [s]", "speed [m/s], solid")};
  f.layout["yaxis2"] = {{"title", {{"text", "yaw rate [deg/s], dotted"}}}, {"overlaying", "y"}, {"side", "right"},
                        {"automargin", true}};
  // A legend entry per variant and vehicle: its speed and yaw rate share a colour; a variant's impact
  // markers go with its first vehicle.
  std::size_t group = 0;
  for (const CaseRecord* c : cases) {
    const json time = thinned(c->raw["trajectory"]["time"]);
    const json& vehicles = c->raw["trajectory"]["vehicles"];
    const std::string first_group = variant_name(*c) + (vehicles.size() > 1 ? " " + vehicles[0].value("name", std::string()) : "");
    const std::size_t first_colour = group;
    for (const auto& v : vehicles) {
      std::string who = variant_name(*c);
      if (vehicles.size() > 1) who.append(" ").append(v.value("name", std::string()));
      json speed = {{"type", "scatter"}, {"mode", "lines"}, {"name", who}, {"x", time}, {"y", thinned(v["speed"])},
                    {"hovertemplate", "speed %{y:.3f} m/s at %{x:.3f} s"}};
      json yaw = {{"type", "scatter"}, {"mode", "lines"}, {"name", who}, {"x", time}, {"y", thinned(v["yaw_rate_deg_s"])},
                  {"yaxis", "y2"}, {"line", {{"dash", "dot"}}}, {"hovertemplate", "yaw rate %{y:.3f} deg/s at %{x:.3f} s"}};
      group_trace(speed, who, group, true);
      group_trace(yaw, who, group++, false);
      f.data.push_back(std::move(speed));
      f.data.push_back(std::move(yaw));
    }
    json tx = json::array(), ty = json::array();
    for (const auto& impact : impacts_of(c->raw["events"]))
      tx.push_back(impact.time), ty.push_back(impact.pre.velocity_W.norm());
    if (tx.empty()) continue;
    json impacts = {{"type", "scatter"}, {"mode", "markers"}, {"name", "impacts " + variant_name(*c)}, {"x", tx},
                    {"y", ty}, {"marker", {{"symbol", "triangle-down"}, {"size", 10}}}};
    group_trace(impacts, first_group, first_colour, false);
    f.data.push_back(std::move(impacts));
  }
  keep_min_span(f, "yaxis", kMinSpeedSpan);
  keep_min_span(f, "yaxis2", kMinRateSpan);
  return f;
}

json histogram_trace(const std::vector<int>& counts, const std::string& name, bool dashed) {
  json x = json::array(), y = json::array();
  double total = 0;
  for (int n : counts) total += n;
  for (std::size_t k = 0; k < counts.size(); ++k) {
    if (counts[k] == 0) continue;
    x.push_back(kHistogramFirstEdgeNs * std::pow(10.0, (k + 0.5) / kHistogramBinsPerDecade) / 1000.0);
    y.push_back(counts[k] / total);
  }
  return {{"type", "scatter"}, {"mode", "lines+markers"}, {"line", {{"shape", "hvh"}, {"dash", dashed ? "dot" : "solid"}}},
          {"name", name}, {"x", x}, {"y", y}};
}

}  // namespace

std::vector<Figure> trajectory_figures(const ResultsFile& results) {
  std::vector<Figure> out;
  for (const auto& [base, cases] : by_listed_case(results)) {
    out.push_back(plan_view(base, cases));
    out.push_back(time_series(base, cases));
  }
  return out;
}

std::vector<Figure> cost_figures(const ResultsFile& results) {
  std::map<std::string, std::pair<std::vector<int>, std::vector<int>>> by_detector;  // step, detect
  for (const auto& c : results.cases) {
    if (c.status == "error") continue;
    auto& [step, detect] = by_detector[c.config_value("detector")];
    const auto add = [](std::vector<int>& sum, const std::string& phase, const CaseRecord& r) {
      const auto it = r.timing.find(phase);
      if (it == r.timing.end()) return;
      sum.resize(std::max(sum.size(), it->second.histogram.size()), 0);
      for (std::size_t k = 0; k < it->second.histogram.size(); ++k) sum[k] += it->second.histogram[k];
    };
    add(step, "step", c);
    add(detect, "detect", c);
  }
  if (by_detector.empty()) return {};
  Figure f{"costs", "per-step cost by detector", json::array(),
           plot_layout("Per-step cost by detector (all cases)", "cost per step [us]", "fraction of steps [-]")};
  f.layout["xaxis"]["type"] = "log";
  for (const auto& [detector, hist] : by_detector) {
    f.data.push_back(histogram_trace(hist.first, detector + ": whole step", false));
    f.data.push_back(histogram_trace(hist.second, detector + ": detection", true));
  }
  return {f};
}

std::vector<Figure> all_figures(const ResultsFile& results) {
  std::vector<Figure> out = cost_figures(results);
  for (auto* part : {&trajectory_figures, &roll_figures, &law_figures, &spring_energy_figures, &sweep_figures,
                     &contact_figures})
    for (auto& f : (*part)(results)) out.push_back(std::move(f));
  for (Figure& f : out) fold_long_legend(f);
  return out;
}

}  // namespace crashbench
