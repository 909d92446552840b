#include "reports/report_tables.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>

#include "reports/case_groups.hpp"
#include "reports/html_text.hpp"
#include "reports/summary_markdown.hpp"

namespace crashbench {
namespace {

/// Knight's 2002 update times [ms] (thesis Table 6-1): energy-loss ("kinetic energy") and restitution.
struct Knight2002Row {
  const char* label;
  double energy_loss_ms, restitution_ms;
};
constexpr Knight2002Row kTestRail{"Test Rail (612 triangles)", 2.52, 2.60};
constexpr Knight2002Row kWatkinsGlen{"Watkins Glen (1838 collision triangles)", 4.69, 4.64};
constexpr Knight2002Row kWatkinsGlenOptimised{"Watkins Glen optimised by MultiGen Creator", 3.88, 3.90};
constexpr Knight2002Row kNoCollision{"No collision calculation", 0.99, 0.99};

/// The 2002 row a scene corresponds to, or nullptr.
const Knight2002Row* knight_row(const std::string& scene) {
  if (scene.find("l-rail") != std::string::npos) return &kTestRail;
  if (scene.find("track") != std::string::npos || scene.find("watkins") != std::string::npos)
    return scene.find("optimi") != std::string::npos ? &kWatkinsGlenOptimised : &kWatkinsGlen;
  return nullptr;
}

double knight_ms(const Knight2002Row& row, const std::string& model) {
  if (model == "energy-loss") return row.energy_loss_ms;
  if (model == "restitution") return row.restitution_ms;
  return 0;
}

/// Mean over cases of each case's mean step cost (Knight's table gives averages), and of each case's
/// median, which a noisy shared machine disturbs less.
struct Mean {
  double sum = 0, median_sum = 0;
  int n = 0;
  void add(double mean, double median) { sum += mean, median_sum += median, ++n; }
  double value() const { return n ? sum / n : 0; }
  double median() const { return n ? median_sum / n : 0; }
};

std::string cost_cell(const Mean& m, const Knight2002Row* row, const std::string& model) {
  if (m.n == 0) return "<td class=na>&mdash;</td>";
  const double us = m.value() / 1000;
  const double ref = row ? knight_ms(*row, model) : 0;
  const std::string ratio = ref > 0 && us > 0 ? fmt::format("<br><small>2002/now {:.0f}</small>", ref * 1000 / us) : "";
  return fmt::format("<td>{:.2f} us <small>(median {:.2f}, n={})</small>{}</td>", us, m.median() / 1000, m.n, ratio);
}

std::string verdict_class(const CaseRecord& c) { return c.status == "passed" ? "pass" : "fail"; }

}  // namespace

std::string performance_table_html(const ResultsFile& results) {
  // Scene -> detector -> response model; the dynamics phase does not depend on the detector.
  std::set<std::string> models;
  std::map<std::string, std::map<std::string, std::map<std::string, Mean>>> step;
  std::map<std::string, Mean> dynamics;
  for (const auto& c : results.cases) {
    if (c.status == "error") continue;
    const std::string model = c.config_value("response_model");
    models.insert(model);
    step[c.config_value("scene")][c.config_value("detector")][model].add(c.mean_ns("step"), c.median_ns("step"));
    dynamics[model].add(c.mean_ns("dynamics"), c.median_ns("dynamics"));
  }
  std::string out = "<table class=perf><tr><th>scene</th><th class=label>detector</th>";
  for (const auto& model : models) out += "<th>" + html_escape(model) + "</th>";
  out += "<th>2002: kinetic energy</th><th>2002: restitution</th></tr>\n";
  // The scene's label and Knight's figures span its detectors' rows.
  const auto row = [&](const std::string& scene, std::size_t rows, const std::string& detector,
                       const std::map<std::string, Mean>& cells, const Knight2002Row* ref) {
    std::string r = "<tr>";
    if (!scene.empty())
      r += fmt::format("<th rowspan={}>{}{}</th>", rows, html_escape(scene),
                       ref ? "<br><small>2002: " + std::string(ref->label) + "</small>" : "");
    r += "<td class=label>" + html_escape(detector) + "</td>";
    for (const auto& model : models) {
      const auto it = cells.find(model);
      r += cost_cell(it == cells.end() ? Mean{} : it->second, ref, model);
    }
    if (!scene.empty())
      r += ref ? fmt::format("<td rowspan={0}>{1:.2f} ms</td><td rowspan={0}>{2:.2f} ms</td>", rows, ref->energy_loss_ms,
                             ref->restitution_ms)
               : fmt::format("<td rowspan={0} class=na>&mdash;</td><td rowspan={0} class=na>&mdash;</td>", rows);
    return r + "</tr>\n";
  };
  for (const auto& [scene, detectors] : step) {
    bool first = true;
    for (const auto& [detector, cells] : detectors) {
      out += row(first ? scene : "", detectors.size(), detector, cells, knight_row(scene));
      first = false;
    }
  }
  out += row("no collision calculation (dynamics phase only)", 1, "any", dynamics, &kNoCollision);
  return out + "</table>\n";
}

std::string cost_table_html(const ResultsFile& results) {
  std::string out = "<table><tr><th>case</th><th>scene</th><th>detector</th><th>model</th>";
  for (const char* phase : {"detect", "resolve", "dynamics", "step"}) out += fmt::format("<th>{} median [us]</th>", phase);
  out += "<th>step p99 [us]</th><th>step max [us]</th><th>budget [% dt]</th></tr>\n";
  for (const auto& c : results.cases) {
    if (c.status == "error") continue;
    out += fmt::format("<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td>", html_escape(c.name),
                       html_escape(c.config_value("scene")), html_escape(c.config_value("detector")),
                       html_escape(c.config_value("response_model")));
    for (const char* phase : {"detect", "resolve", "dynamics", "step"}) out += fmt::format("<td>{:.2f}</td>", c.median_ns(phase) / 1000);
    const PhaseCost step = c.timing.count("step") ? c.timing.at("step") : PhaseCost{};
    out += fmt::format("<td>{:.2f}</td><td>{:.2f}</td><td>{:.3f}</td></tr>\n", step.p99_ns / 1000, step.max_ns / 1000,
                       100 * step.median_ns * 1e-9 / c.dt);
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
    out += fmt::format("<td class={}>{}{}{}{}</td>", c->impacts_ok && c->first_impact_ok ? "pass" : "fail", c->impacts,
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
