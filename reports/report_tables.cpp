#include "reports/report_tables.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>

#include "core/published_step_time.hpp"
#include "reports/case_groups.hpp"
#include "reports/cost_summary.hpp"
#include "reports/expectation_text.hpp"
#include "reports/html_text.hpp"
#include "reports/summary_markdown.hpp"

namespace crashbench {
namespace {

using PublishedTime = CaseRecord::PublishedTime;

/// The published step time for `model` from the first source that has one, 0 when there is none.
double published_ms(std::span<const PublishedTime> published, const std::string& model) {
  for (const PublishedTime& p : published)
    if (p.response_model == model) return p.step_ms;
  return 0;
}

/// One published source's figures for a scene: its label(s) and each model's time; a dash when it has none.
std::string published_cell(std::span<const PublishedTime> published, std::string_view source, std::size_t rows) {
  std::string labels, figures;
  for (const PublishedTime& p : published) {
    if (p.source != source) continue;
    if (labels.find(html_escape(p.label)) == std::string::npos)
      labels += (labels.empty() ? "" : "<br>") + html_escape(p.label);
    if (!p.response_model.empty())
      figures += fmt::format("{}{}: {:.2f} ms", figures.empty() ? "" : ", ", html_escape(p.response_model), p.step_ms);
    else
      figures += fmt::format("{:.2f} ms", p.step_ms);
  }
  if (labels.empty()) return fmt::format("<td rowspan={} class=na>&mdash;</td>", rows);
  return fmt::format("<td rowspan={} class=label>{}<br><small>{}</small></td>", rows, labels, figures);
}

/// A measured cell: the median of the cases' median step costs, the worst case's p99 beside it, and how
/// many times faster than the first published figure for the model.
std::string cost_cell(const GroupCost& g, std::span<const PublishedTime> published, const std::string& model) {
  if (g.cases() == 0) return "<td class=na>not run</td>";
  const double us = g.median_ns() / 1000;
  const double ref = published_ms(published, model);
  const std::string ratio = ref > 0 && us > 0 ? fmt::format(", published/now {:.0f}", ref * 1000 / us) : "";
  return fmt::format("<td>{:.2f} us <small>p99 {:.2f}</small><br><small>n={}{}</small></td>", us,
                     g.worst_p99_ns / 1000, g.cases(), ratio);
}

/// "8780 collision triangles, 212 walls" from what the cases recorded of their scene.
std::string scene_label(const std::string& scene, const CaseRecord& c) {
  std::string data;
  if (c.scene_triangles >= 0) data = fmt::format("{} collision triangles, ", c.scene_triangles);
  data += fmt::format("{} wall{}", c.scene_walls, c.scene_walls == 1 ? "" : "s");
  return html_escape(scene) + "<br><small>" + data + "</small>";
}

/// The sources of the published figures the cases recorded for their scenes, Knight's first.
std::vector<std::string> published_sources(const ResultsFile& results) {
  std::vector<std::string> sources{std::string(kNoCollision2002.source)};
  for (const CaseRecord& c : results.cases)
    for (const PublishedTime& p : c.scene_published)
      if (std::find(sources.begin(), sources.end(), p.source) == sources.end()) sources.push_back(p.source);
  return sources;
}

std::string verdict_class(const CaseRecord& c) { return c.status == "passed" ? "pass" : "fail"; }

/// The cases that ran, by scene, detector and response model.
struct PerformanceCells {
  std::set<std::string> models;
  std::map<std::string, std::map<std::string, std::map<std::string, GroupCost>>> step;
  std::map<std::string, const CaseRecord*> scene_case;  ///< a case per scene, for its label
  std::map<std::string, GroupCost> dynamics;            ///< by model: the dynamics phase alone
};

PerformanceCells performance_cells(const ResultsFile& results) {
  PerformanceCells cells;
  for (const auto& c : results.cases) {
    if (c.status == "error") continue;
    const std::string model = c.config_value("response_model"), scene = c.config_value("scene");
    cells.models.insert(model);
    cells.step[scene][c.config_value("detector")][model].add(c, "step");
    cells.scene_case.emplace(scene, &c);
    cells.dynamics[model].add(c, "dynamics");
  }
  return cells;
}

}  // namespace

std::string performance_table_html(const ResultsFile& results) {
  const PerformanceCells cells = performance_cells(results);
  const std::vector<std::string> sources = published_sources(results);
  std::string out = "<table class=perf><tr><th>scene</th><th class=label>detector</th>";
  for (const auto& model : cells.models) out += "<th>" + html_escape(model) + "<br><small>median step (p99)</small></th>";
  for (const auto& source : sources) out += "<th>" + html_escape(source) + "</th>";
  out += "</tr>\n";
  // The scene's label and its published figures span its detectors' rows.
  const auto row = [&](const std::string& label, std::size_t rows, const std::string& detector,
                       const std::map<std::string, GroupCost>& costs, std::span<const PublishedTime> published,
                       std::span<const PublishedTime> shown) {
    std::string r = "<tr>";
    if (!label.empty()) r += fmt::format("<th rowspan={}>{}</th>", rows, label);
    r += "<td class=label>" + html_escape(detector) + "</td>";
    for (const auto& model : cells.models) {
      const auto it = costs.find(model);
      r += cost_cell(it == costs.end() ? GroupCost{} : it->second, published, model);
    }
    if (!label.empty())
      for (const auto& source : sources) r += published_cell(shown, source, rows);
    return r + "</tr>\n";
  };
  for (const auto& [scene, detectors] : cells.step) {
    bool first = true;
    const CaseRecord& scene_case = *cells.scene_case.at(scene);
    for (const auto& [detector, costs] : detectors) {
      out += row(first ? scene_label(scene, scene_case) : "", detectors.size(), detector, costs,
                 scene_case.scene_published, scene_case.scene_published);
      first = false;
    }
  }
  // Knight's baseline, one figure for every model.
  const PublishedTime no_collision{std::string(kNoCollision2002.label), std::string(kNoCollision2002.source), "",
                                   kNoCollision2002.step_ms};
  std::vector<PublishedTime> baseline;
  for (const auto& model : cells.models) baseline.push_back({no_collision.label, no_collision.source, model, no_collision.step_ms});
  out += row("no collision calculation<br><small>dynamics phase only</small>", 1, "any", cells.dynamics, baseline,
             std::span(&no_collision, 1));
  return out + "</table>\n";
}

std::string cost_table_html(const ResultsFile& results) {
  std::string out = "<table><tr><th>case</th><th>scene</th><th>detector</th><th>model</th>";
  for (const char* phase : {"detect", "resolve", "dynamics", "step"}) out += fmt::format("<th>{} median [us]</th>", phase);
  out += "<th>step p99 [us]</th><th>step max [us]</th><th>step mean [us]</th><th>budget [% dt]</th></tr>\n";
  for (const auto& c : results.cases) {
    if (c.status == "error") continue;
    out += fmt::format("<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td>", html_escape(c.name),
                       html_escape(c.config_value("scene")), html_escape(c.config_value("detector")),
                       html_escape(c.config_value("response_model")));
    for (const char* phase : {"detect", "resolve", "dynamics", "step"}) out += fmt::format("<td>{:.2f}</td>", c.median_ns(phase) / 1000);
    const PhaseCost step = c.timing.count("step") ? c.timing.at("step") : PhaseCost{};
    out += fmt::format("<td>{:.2f}</td><td>{:.2f}</td><td>{:.2f}</td><td>{:.3f}</td></tr>\n", step.p99_ns / 1000,
                       step.max_ns / 1000, step.mean_ns / 1000, 100 * step.median_ns * 1e-9 / c.dt);
  }
  return out + "</table>\n";
}

std::string invariant_table_html(const ResultsFile& results) {
  std::vector<std::string> names;
  for (const auto& c : results.cases)
    for (const auto& inv : c.invariants)
      if (std::find(names.begin(), names.end(), inv.name) == names.end()) names.push_back(inv.name);
  std::string out = "<table><tr><th>case</th><th>status</th><th>impacts</th>";
  for (const auto& n : names) out += "<th>" + html_escape(n) + "<br><small>worst residual / tolerance</small></th>";
  out += "</tr>\n";
  for (const CaseRecord* c : failures_first(results)) {
    out += fmt::format("<tr class={}><td>{}</td><td>{}</td>", verdict_class(*c), html_escape(c->name), c->status);
    if (c->status == "error") {
      out += fmt::format("<td colspan={}>{}</td></tr>\n", names.size() + 1, html_escape(c->error));
      continue;
    }
    out += fmt::format("<td class={}>{}{}{}{}{}</td>", c->impacts_ok && c->first_impact_ok ? "pass" : "fail", c->impacts,
                       c->impacts_ok ? "" : " <small>(" + impact_count_mismatch(c->impacts_min, c->impacts_max, c->impacts) + ")</small>",
                       c->first_impact_ok ? "" : " <small>(first impact outside its window)</small>",
                       c->unchecked_events ? fmt::format(" <small>({} with no invariant checked)</small>", c->unchecked_events) : "",
                       c->failure.empty() ? "" : " <small>stopped: " + html_escape(c->failure) + "</small>");
    for (const auto& n : names) {
      const auto it = std::find_if(c->invariants.begin(), c->invariants.end(), [&](const auto& i) { return i.name == n; });
      if (it == c->invariants.end()) {
        out += "<td class=na>&mdash;</td>";
        continue;
      }
      out += fmt::format("<td class={}>{:.2e} / {:.0e}<br><small>{} of {} failed</small></td>", it->failed ? "fail" : "pass",
                         it->worst_residual, it->tolerance, it->failed, it->checked);
    }
    out += "</tr>\n";
  }
  return out + "</table>\n";
}

}  // namespace crashbench
