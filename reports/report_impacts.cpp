// The report's side-by-side impact tables: one per set of cases that differ only in the response model.
#include <fmt/format.h>

#include <map>

#include "core/units.hpp"
#include "reports/case_groups.hpp"
#include "reports/html_text.hpp"
#include "reports/report_tables.hpp"

namespace crashbench {
namespace {

/// Impacts shown per case; the rest are counted.
constexpr std::size_t kMaxImpactsShown = 6;

struct ModelRun {
  std::string model;
  std::vector<ImpactRecord> impacts;
};

/// A row of the table: its label, the cell of a model's impact, and the cell of a published column
/// (a config.published.columns entry), nullptr where the papers give nothing.
struct ImpactRow {
  const char* label;
  std::string (*cell)(const ImpactRecord&);
  std::string (*published)(const nlohmann::json&);
};

std::string published_number(const nlohmann::json& column, const char* key) {
  return column.contains(key) ? fmt::format("{:.1f}", column[key].get<double>()) : std::string("&mdash;");
}

const std::vector<ImpactRow>& impact_rows() {
  static const std::vector<ImpactRow> rows = {
      {"time [s] (events)", [](const ImpactRecord& r) { return fmt::format("{:.3f} ({})", r.time, r.events); }, nullptr},
      {"pre: speed [m/s]", [](const ImpactRecord& r) { return fmt::format("{:.3f}", r.pre.velocity_W.norm()); }, nullptr},
      {"pre: heading [deg]", [](const ImpactRecord& r) { return fmt::format("{:.2f}", r.pre.heading_deg); }, nullptr},
      {"pre: vX, vY [m/s]", [](const ImpactRecord& r) { return fmt::format("{:.3f}, {:.3f}", r.pre.velocity_W.x(), r.pre.velocity_W.y()); }, nullptr},
      {"pre: yaw rate [deg/s]", [](const ImpactRecord& r) { return fmt::format("{:.2f}", r.pre.yaw_rate_deg_s); }, nullptr},
      {"post: vX, vY [m/s]", [](const ImpactRecord& r) { return fmt::format("{:.3f}, {:.3f}", r.post.velocity_W.x(), r.post.velocity_W.y()); }, nullptr},
      {"post: speed [m/s]", [](const ImpactRecord& r) { return fmt::format("{:.3f}", r.post.velocity_W.norm()); }, nullptr},
      {"post: yaw rate [deg/s]", [](const ImpactRecord& r) { return fmt::format("{:.2f}", r.post.yaw_rate_deg_s); }, nullptr},
      {"other vehicle: pre vX, vY [m/s]", [](const ImpactRecord& r) { return r.other < 0 ? std::string("scene") : fmt::format("{:.3f}, {:.3f}", r.other_pre.velocity_W.x(), r.other_pre.velocity_W.y()); }, nullptr},
      {"other vehicle: post vX, vY [m/s]", [](const ImpactRecord& r) { return r.other < 0 ? std::string("scene") : fmt::format("{:.3f}, {:.3f}", r.other_post.velocity_W.x(), r.other_post.velocity_W.y()); }, nullptr},
      {"other vehicle: post yaw rate [deg/s]", [](const ImpactRecord& r) { return r.other < 0 ? std::string("scene") : fmt::format("{:.2f}", r.other_post.yaw_rate_deg_s); }, nullptr},
      {"impulse JX, JY [N s]", [](const ImpactRecord& r) { return fmt::format("{:.1f}, {:.1f}", r.impulse_W.x(), r.impulse_W.y()); }, nullptr},
      {"|J| [N s]", [](const ImpactRecord& r) { return fmt::format("{:.1f}", r.impulse_W.norm()); }, nullptr},
      {"energy kept E2/E1 [-]", [](const ImpactRecord& r) { return fmt::format("{:.4f}", r.energy_kept); }, nullptr},
      {"end of impact, body frame at impact: V_x, V_y [m/s]",
       [](const ImpactRecord& r) { const Vec2 v = end_velocity_B(r); return fmt::format("{:.3f}, {:.3f}", v.x(), v.y()); },
       [](const nlohmann::json& c) { return c.contains("velocity_B") ? fmt::format("{:.1f}, {:.1f}", c["velocity_B"][0].get<double>(), c["velocity_B"][1].get<double>()) : std::string("&mdash;"); }},
      {"end of impact: yaw rate, roll rate [deg/s]",
       [](const ImpactRecord& r) { return r.end ? fmt::format("{:.2f}, {:.2f}", r.end->yaw_rate_deg_s, r.end->roll_rate_deg_s) : fmt::format("{:.2f}, &mdash;", r.post.yaw_rate_deg_s); },
       [](const nlohmann::json& c) { return published_number(c, "yaw_rate_deg_s") + ", " + published_number(c, "roll_rate_deg_s"); }},
      {"other vehicle, end of impact: V_x, V_y [m/s]; yaw rate [deg/s]", [](const ImpactRecord& r) { return r.other_end ? fmt::format("{:.3f}, {:.3f}; {:.2f}", r.other_end->velocity_B.x(), r.other_end->velocity_B.y(), r.other_end->yaw_rate_deg_s) : std::string("(as post)"); }, nullptr},
      {"model status", [](const ImpactRecord& r) { return html_escape(r.status); }, nullptr},
  };
  return rows;
}

/// The published columns of a group's cases (config.published), or an empty array.
nlohmann::json published_columns(const nlohmann::json& published) {
  return published.is_object() ? published.value("columns", nlohmann::json::array()) : nlohmann::json::array();
}

std::string group_table(const std::string& key, const std::vector<ModelRun>& runs, const nlohmann::json& published,
                        bool open) {
  std::size_t impacts = 0;
  for (const auto& r : runs) impacts = std::max(impacts, r.impacts.size());
  const nlohmann::json columns = published_columns(published);
  const std::size_t published_impact = published.is_object() ? published.value("impact", 1) - 1 : 0;
  std::string out = fmt::format("<details{}><summary>{} &mdash; {} impact(s)</summary>\n<table class=impacts><tr><th></th>",
                                open ? " open" : "", html_escape(key), impacts);
  for (const auto& r : runs) out += "<th>" + html_escape(r.model) + "</th>";
  for (const auto& c : columns) out += "<th class=published>" + html_escape(c.value("label", std::string())) + "</th>";
  out += "</tr>\n";
  const std::size_t width = runs.size() + columns.size() + 1;
  for (std::size_t k = 0; k < std::min(impacts, kMaxImpactsShown); ++k) {
    out += fmt::format("<tr class=group><th colspan={}>impact {}</th></tr>\n", width, k + 1);
    for (const auto& row : impact_rows()) {
      out += fmt::format("<tr><th>{}</th>", row.label);
      for (const auto& r : runs) out += k < r.impacts.size() ? "<td>" + row.cell(r.impacts[k]) + "</td>" : "<td class=na>&mdash;</td>";
      for (const auto& c : columns)
        out += row.published && k == published_impact ? "<td class=published>" + row.published(c) + "</td>"
                                                       : "<td class=na>&mdash;</td>";
      out += "</tr>\n";
    }
  }
  if (impacts > kMaxImpactsShown) out += fmt::format("<tr><td colspan={}>{} more impacts not shown</td></tr>\n", width, impacts - kMaxImpactsShown);
  out += "</table>";
  if (!columns.empty()) out += "<p class=note>Published: " + html_escape(published.value("source", std::string())) + "</p>";
  return out + "</details>\n";
}

}  // namespace

std::string impacts_side_by_side_html(const ResultsFile& results) {
  struct Group {
    std::string title;
    std::vector<ModelRun> runs;
    nlohmann::json published;  ///< the first case's config.published, if any
  };
  std::vector<Group> groups;
  std::map<std::string, std::size_t> where;
  for (const auto& c : results.cases) {
    if (c.status == "error") continue;
    const std::string key = variation_key(c.listed_name, c.variation, "response.model");
    if (!where.count(key)) {
      where[key] = groups.size();
      nlohmann::json rest = c.variation;
      rest.erase("response.model");
      const std::string varied = variation_text(rest);
      groups.push_back({c.listed_name + (varied.empty() ? "" : "[" + varied + "]"), {}, c.raw.contains("config") ? c.raw["config"].value("published", nlohmann::json()) : nlohmann::json()});
    }
    groups[where[key]].runs.push_back({c.config_value("response_model"), impacts_of(c.raw["events"])});
  }
  std::string out;
  for (const auto& g : groups) out += group_table(g.title, g.runs, g.published, out.empty());
  return out.empty() ? "<p>No case ran.</p>\n" : out;
}

}  // namespace crashbench
