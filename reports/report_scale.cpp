#include "reports/report_scale.hpp"

#include <fmt/format.h>

#include "reports/html_text.hpp"
#include "reports/results/record_store.hpp"

namespace crashbench {
namespace {

using nlohmann::json;

/// Centres of `n` equal bins over [lo, hi].
json centres(double lo, double hi, int n) {
  json out = json::array();
  for (int k = 0; k < n; ++k) out.push_back(lo + (k + 0.5) * (hi - lo) / n);
  return out;
}

json walls_trace(const CaseRecord& c) {
  json x = json::array(), y = json::array();
  for (const auto& w : c.raw.value("scene_walls", json::array()))
    x.insert(x.end(), {w.at(0), w.at(2), nullptr}), y.insert(y.end(), {w.at(1), w.at(3), nullptr});
  return {{"type", "scatter"}, {"mode", "lines"}, {"name", "walls"}, {"x", x}, {"y", y},
          {"line", {{"color", "#333"}, {"width", 3}}}};
}

/// Contacts per cell over the plan as a heat map, the walls and the sampled vehicles' paths on top.
Figure density_figure(const CaseRecord& c) {
  Figure f{"scale", c.name + ": contact density", json::array(),
           plot_layout(c.name + ": contacts per cell over the plan, " + std::to_string(c.raw["trajectory"]["vehicles"].size()) +
                           " sampled paths", "X east [m]", "Y north [m]")};
  f.layout["yaxis"]["scaleanchor"] = "x";
  const json& plan = c.raw["contacts"]["plan"];
  if (plan.contains("counts")) {
    json z = json::array();
    for (const auto& row : plan["counts"]) {
      json r = json::array();
      for (const auto& n : row) n.get<int>() > 0 ? r.push_back(n) : r.push_back(nullptr);  // empty cells stay blank
      z.push_back(r);
    }
    const int cells = static_cast<int>(z.size());
    f.data.push_back({{"type", "heatmap"}, {"name", "contacts per cell"},
                      {"x", centres(plan["x"][0].get<double>(), plan["x"][1].get<double>(), cells)},
                      {"y", centres(plan["y"][0].get<double>(), plan["y"][1].get<double>(), cells)}, {"z", z},
                      {"colorscale", "YlOrRd"}, {"reversescale", true}, {"colorbar", {{"title", {{"text", "contacts"}}}}}});
  }
  f.data.push_back(walls_trace(c));
  for (const auto& v : c.raw["trajectory"]["vehicles"])
    f.data.push_back({{"type", "scatter"}, {"mode", "lines"}, {"name", v.value("name", std::string())},
                      {"x", v["x"]}, {"y", v["y"]}, {"line", {{"width", 1.5}}}});
  return f;
}

/// Contacts per time bin, and the percentiles of speed over the vehicles against time.
Figure over_time_figure(const CaseRecord& c) {
  Figure f{"scale", c.name + ": contacts and speeds over time", json::array(),
           plot_layout(c.name + ": contacts per time bin and speed percentiles over the vehicles", "time [s]",
                       "contacts per bin")};
  f.layout["yaxis2"] = {{"title", {{"text", "speed [m/s]"}}}, {"overlaying", "y"}, {"side", "right"}, {"automargin", true}};
  const json& time = c.raw["trajectory"]["time"];
  const json& binned = c.raw["contacts"]["over_time"];
  const json& counts = binned["counts"];
  f.data.push_back({{"type", "bar"}, {"name", "contacts"},
                    {"x", centres(0.0, binned["end"].get<double>(), static_cast<int>(counts.size()))}, {"y", counts},
                    {"marker", {{"color", "#c44"}}}});
  const json& speed = c.raw["trajectory"]["summary"]["speed_over_time"];
  for (const char* p : {"p5", "p50", "p95"})
    if (speed.contains(p))
      f.data.push_back({{"type", "scatter"}, {"mode", "lines"}, {"name", std::string("speed ") + p}, {"x", time},
                        {"y", speed[p]}, {"yaxis", "y2"}, {"line", {{"dash", std::string(p) == "p50" ? "solid" : "dot"}}}});
  return f;
}

std::string percentile_row(const std::string& quantity, const json& p) {
  std::string row = "<tr><td>" + html_escape(quantity) + "</td>";
  for (const auto& [name, fraction] : kPercentiles)
    row += p.contains(name) ? fmt::format("<td class=num>{:.3g}</td>", p[name].get<double>()) : "<td></td>";
  return row + "</tr>\n";
}

}  // namespace

std::string scale_section_note() {
  return fmt::format("Cases whose trajectories and events went to an HDF5 file (run --trajectories; auto from {} "
                     "vehicles): contacts binned over the plan and over time, percentiles over the vehicles, and {} "
                     "sampled vehicles' paths. These cases are left out of the per-vehicle plots and tables above and "
                     "below; docs/reports.md says how to read every vehicle and event from the file.",
                     kManyVehicles, kSampledTrajectories);
}

std::vector<Figure> scale_figures(const ResultsFile& results) {
  std::vector<Figure> out;
  for (const CaseRecord& c : results.cases) {
    if (!c.aggregated()) continue;
    out.push_back(density_figure(c));
    out.push_back(over_time_figure(c));
  }
  return out;
}

std::string scale_table_html(const ResultsFile& results) {
  std::string html;
  for (const CaseRecord& c : results.cases) {
    if (!c.aggregated()) continue;
    const json& summary = c.raw["trajectory"]["summary"];
    html += fmt::format("<h3>{}</h3>\n<p>{} vehicles, {} events ({} impacts); every trajectory in <code>{}</code>."
                        "</p>\n<table><tr><th>over the vehicles</th>",
                        html_escape(c.name), summary.value("vehicles", 0), c.raw.value("events_count", 0), c.impacts,
                        html_escape(c.trajectory_file));
    for (const auto& [name, fraction] : kPercentiles) html += std::string("<th>") + name + "</th>";
    html += "</tr>\n";
    const json& per = summary["per_vehicle"];
    html += percentile_row("peak speed [m/s]", per.value("peak_speed", json::object()));
    html += percentile_row("final speed [m/s]", per.value("final_speed", json::object()));
    html += percentile_row("peak yaw rate [deg/s]", per.value("peak_yaw_rate_deg_s", json::object()));
    html += percentile_row("distance [m]", per.value("distance", json::object()));
    html += percentile_row("events (as either vehicle)", c.raw["contacts"].value("per_vehicle", json::object()));
    html += "</table>\n";
  }
  return html;
}

}  // namespace crashbench
