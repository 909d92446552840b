// Contour plots for sweeps over two numeric matrix fields (Zhou et al. 2008, Fig. 8): per grid point the
// first impact's |delta-V|, yaw and roll rate at the end of the impact, and energy kept.
#include <map>
#include <optional>
#include <set>

#include "reports/case_groups.hpp"
#include "reports/plot_readability.hpp"
#include "reports/report_figures.hpp"

namespace crashbench {
namespace {

using nlohmann::json;

struct SweepPoint {
  const CaseRecord* c;
  std::map<std::string, double> numeric;
};

/// One contour panel: what it shows of a grid point's first impact; nullopt leaves a hole.
struct Panel {
  const char* what;  ///< with its unit
  const char* unit;  ///< the colour bar's title
  std::optional<double> (*value)(const ImpactRecord&);
};

const std::vector<Panel>& panels() {
  static const std::vector<Panel> all = {
      {"|delta-V| of the struck vehicle's CG [m/s]", "m/s",
       [](const ImpactRecord& r) -> std::optional<double> { return delta_v_to_end(r); }},
      {"yaw rate at the end of the impact [deg/s]", "deg/s",
       [](const ImpactRecord& r) -> std::optional<double> { return r.end ? r.end->yaw_rate_deg_s : r.post.yaw_rate_deg_s; }},
      {"roll rate at the end of the impact [deg/s]", "deg/s",
       [](const ImpactRecord& r) -> std::optional<double> {
         return r.end ? std::optional<double>(r.end->roll_rate_deg_s) : std::nullopt;
       }},
      {"energy kept by the impact E2/E1 [-]", "E2/E1",
       [](const ImpactRecord& r) -> std::optional<double> { return r.energy_kept; }},
  };
  return all;
}

Figure contour(const std::string& key, const std::vector<SweepPoint>& points, const std::string& px,
               const std::string& py, const Panel& panel) {
  std::set<double> xs, ys;
  for (const auto& p : points) xs.insert(p.numeric.at(px)), ys.insert(p.numeric.at(py));
  const std::vector<double> xv(xs.begin(), xs.end()), yv(ys.begin(), ys.end());
  json z = json::array();
  bool any = false;
  for (double y : yv) {
    json row = json::array();
    for (double x : xv) {
      json value = nullptr;
      for (const auto& p : points) {
        if (p.numeric.at(px) != x || p.numeric.at(py) != y) continue;
        const auto impacts = impacts_of(p.c->raw["events"]);
        if (impacts.empty()) continue;
        if (const auto v = panel.value(impacts[0])) value = *v, any = true;
      }
      row.push_back(value);
    }
    z.push_back(row);
  }
  const std::string title = key + ": first impact: " + panel.what;
  Figure f{"sweeps", title, json::array(), plot_layout(title, field_axis_title(px), field_axis_title(py))};
  if (!any) return f;
  // Every grid value gets a labelled tick: a three-point offset axis otherwise shows one label or none.
  for (const auto& [axis, values] : {std::pair{"xaxis", &xv}, std::pair{"yaxis", &yv}}) {
    f.layout[axis]["tickmode"] = "array";
    f.layout[axis]["tickvals"] = *values;
  }
  f.data.push_back({{"type", "contour"}, {"x", xv}, {"y", yv}, {"z", z},
                    {"colorbar", {{"title", {{"text", panel.unit}}}}}, {"contours", {{"showlabels", true}}}});
  return f;
}

}  // namespace

std::vector<Figure> sweep_figures(const ResultsFile& results) {
  std::map<std::string, std::vector<SweepPoint>> groups;
  for (const auto& c : results.cases) {
    if (c.status == "error") continue;
    SweepPoint point{&c, {}};
    std::string key = c.listed_name;
    for (const auto& [path, value] : c.variation.items()) {
      if (value.is_number()) {
        point.numeric[path] = value.get<double>();
      } else {
        key += " " + path + "=" + (value.is_string() ? value.get<std::string>() : value.dump());
      }
    }
    if (point.numeric.size() != 2) continue;
    key += " (" + point.numeric.begin()->first + " x " + point.numeric.rbegin()->first + ")";
    groups[key].push_back(point);
  }
  std::vector<Figure> out;
  for (const auto& [key, points] : groups) {
    const std::string px = points.front().numeric.begin()->first, py = points.front().numeric.rbegin()->first;
    std::set<double> xs, ys;
    for (const auto& p : points) xs.insert(p.numeric.at(px)), ys.insert(p.numeric.at(py));
    if (xs.size() < 2 || ys.size() < 2 || xs.size() * ys.size() != points.size()) continue;
    for (const Panel& panel : panels())
      if (Figure f = contour(key, points, px, py, panel); !f.data.empty()) out.push_back(std::move(f));
  }
  return out;
}

}  // namespace crashbench
