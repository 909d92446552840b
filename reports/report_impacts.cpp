// The report's side-by-side impact tables: one per set of cases that differ only in the response model.
#include <fmt/format.h>

#include <map>

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

using Row = std::string (*)(const ImpactRecord&);

/// The end-of-impact cells of a model that applies an instant impulse (its post state is the end).
const std::string kInstant = "(instant: as post)";

const std::vector<std::pair<const char*, Row>>& impact_rows() {
  static const std::vector<std::pair<const char*, Row>> rows = {
      {"time [s] (events)", [](const ImpactRecord& r) { return fmt::format("{:.3f} ({})", r.time, r.events); }},
      {"pre: speed [m/s]", [](const ImpactRecord& r) { return fmt::format("{:.3f}", r.pre.velocity_W.norm()); }},
      {"pre: heading [deg]", [](const ImpactRecord& r) { return fmt::format("{:.2f}", r.pre.heading_deg); }},
      {"pre: vX, vY [m/s]", [](const ImpactRecord& r) { return fmt::format("{:.3f}, {:.3f}", r.pre.velocity_W.x(), r.pre.velocity_W.y()); }},
      {"pre: yaw rate [deg/s]", [](const ImpactRecord& r) { return fmt::format("{:.2f}", r.pre.yaw_rate_deg_s); }},
      {"post: vX, vY [m/s]", [](const ImpactRecord& r) { return fmt::format("{:.3f}, {:.3f}", r.post.velocity_W.x(), r.post.velocity_W.y()); }},
      {"post: speed [m/s]", [](const ImpactRecord& r) { return fmt::format("{:.3f}", r.post.velocity_W.norm()); }},
      {"post: yaw rate [deg/s]", [](const ImpactRecord& r) { return fmt::format("{:.2f}", r.post.yaw_rate_deg_s); }},
      {"other vehicle: pre vX, vY [m/s]", [](const ImpactRecord& r) { return r.other < 0 ? std::string("scene") : fmt::format("{:.3f}, {:.3f}", r.other_pre.velocity_W.x(), r.other_pre.velocity_W.y()); }},
      {"other vehicle: post vX, vY [m/s]", [](const ImpactRecord& r) { return r.other < 0 ? std::string("scene") : fmt::format("{:.3f}, {:.3f}", r.other_post.velocity_W.x(), r.other_post.velocity_W.y()); }},
      {"other vehicle: post yaw rate [deg/s]", [](const ImpactRecord& r) { return r.other < 0 ? std::string("scene") : fmt::format("{:.2f}", r.other_post.yaw_rate_deg_s); }},
      {"impulse JX, JY [N s]", [](const ImpactRecord& r) { return fmt::format("{:.1f}, {:.1f}", r.impulse_W.x(), r.impulse_W.y()); }},
      {"|J| [N s]", [](const ImpactRecord& r) { return fmt::format("{:.1f}", r.impulse_W.norm()); }},
      {"energy kept E2/E1 [-]", [](const ImpactRecord& r) { return fmt::format("{:.4f}", r.energy_kept); }},
      {"model's end of impact, body frame at impact: V_x, V_y [m/s]", [](const ImpactRecord& r) { return r.end ? fmt::format("{:.3f}, {:.3f}", r.end->velocity_B.x(), r.end->velocity_B.y()) : kInstant; }},
      {"model's end of impact: yaw rate, roll rate [deg/s]", [](const ImpactRecord& r) { return r.end ? fmt::format("{:.2f}, {:.2f}", r.end->yaw_rate_deg_s, r.end->roll_rate_deg_s) : kInstant; }},
      {"other vehicle, model's end of impact: V_x, V_y [m/s]; yaw rate [deg/s]", [](const ImpactRecord& r) { return r.other_end ? fmt::format("{:.3f}, {:.3f}; {:.2f}", r.other_end->velocity_B.x(), r.other_end->velocity_B.y(), r.other_end->yaw_rate_deg_s) : kInstant; }},
      {"model status", [](const ImpactRecord& r) { return html_escape(r.status); }},
  };
  return rows;
}

std::string group_table(const std::string& key, const std::vector<ModelRun>& runs, bool open) {
  std::size_t impacts = 0;
  for (const auto& r : runs) impacts = std::max(impacts, r.impacts.size());
  std::string out = fmt::format("<details{}><summary>{} &mdash; {} impact(s)</summary>\n<table class=impacts><tr><th></th>",
                                open ? " open" : "", html_escape(key), impacts);
  for (const auto& r : runs) out += "<th>" + html_escape(r.model) + "</th>";
  out += "</tr>\n";
  for (std::size_t k = 0; k < std::min(impacts, kMaxImpactsShown); ++k) {
    out += fmt::format("<tr class=group><th colspan={}>impact {}</th></tr>\n", runs.size() + 1, k + 1);
    for (const auto& [label, cell] : impact_rows()) {
      out += fmt::format("<tr><th>{}</th>", label);
      for (const auto& r : runs) out += k < r.impacts.size() ? "<td>" + cell(r.impacts[k]) + "</td>" : "<td class=na>&mdash;</td>";
      out += "</tr>\n";
    }
  }
  if (impacts > kMaxImpactsShown) out += fmt::format("<tr><td colspan={}>{} more impacts not shown</td></tr>\n", runs.size() + 1, impacts - kMaxImpactsShown);
  return out + "</table></details>\n";
}

}  // namespace

std::string impacts_side_by_side_html(const ResultsFile& results) {
  std::vector<std::pair<std::string, std::vector<ModelRun>>> groups;
  std::map<std::string, std::size_t> where;
  for (const auto& c : results.cases) {
    if (c.status == "error") continue;
    const std::string key = parse_label(c.name).without("response.model");
    if (!where.count(key)) where[key] = groups.size(), groups.push_back({key, {}});
    groups[where[key]].second.push_back({c.config_value("response_model"), impacts_of(c.raw["events"])});
  }
  std::string out;
  for (const auto& [key, runs] : groups) out += group_table(key, runs, out.empty());
  return out.empty() ? "<p>No case ran.</p>\n" : out;
}

}  // namespace crashbench
